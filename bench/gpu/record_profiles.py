#!/usr/bin/env python3
"""Records real GPU profiles of three zoo networks for mlsysim's profile= readers.

(Not named profile.py: a profile.py in this folder, which is sys.path[0] for
run.py and worker.py, would shadow the standard library's `profile` module and
break `import cProfile`, which torch._dynamo and transformers do.)

For resnet50, bert_base_s128 and gpt2_small (f16, batch 1, the zoo's _f16
files; attention as export.py's reference math, bmm + softmax + bmm, and an
all-ones attention_mask, as the zoo files were exported) this script writes
into build-bench/gpu-profiles/ (--work-dir):

  profile-<device>-<model>.trace.json     torch.profiler's Chrome trace:
      activities CPU + CUDA, record_shapes=True, with_stack=False, 3 warm-up
      runs under torch.no_grad, then schedule(wait=0, warmup=1, active=3,
      repeat=1), prof.step() after each run (each run ends with
      torch.cuda.synchronize(), so a step holds its kernels);
  nsys-<device>-<model>_cuda_gpu_trace.csv
  nsys-<device>-<model>_cuda_gpu_kern_sum.csv
      only when `nsys` is on PATH: the same network in a child process under
          nsys profile --trace=cuda,nvtx --sample=none --cpuctxsw=none
              --capture-range=cudaProfilerApi --capture-range-end=stop
      (3 warm-up runs outside the capture, then 3 runs inside it, each in an
      NVTX range ProfilerStep#N), exported with
          nsys stats --report cuda_gpu_trace --report cuda_gpu_kern_sum
              --format csv --output <OUT>/nsys-<device>-<model> <rep>
      (the .nsys-rep and .sqlite files are deleted unless --keep-rep);
  profile-<device>.json                   what ran: versions, files, skips;
and packs them, flat, into OUT/gpu-<device>-profiles.tar.gz when OUT is given
(--out-dir, else $OUT: the device machine brings back at most 8 files, and
bench/gpu/run.py writes 5). Unpack with
  mkdir -p build-bench/gpu-profiles && tar xzf gpu-<device>-profiles.tar.gz -C build-bench/gpu-profiles

Then, on any machine with mlsysim built (the device name as mlsysim knows it):
  build/bin/mlsysim-opt zoo/models/resnet50_f16.mlir -o /dev/null --mlsysim-report=\\
    "hardware=h200 batch=1 execution=eager profile=<OUT>/profile-nvidia-h200-resnet50.trace.json"
  ... profile=<OUT>/nsys-nvidia-h200-resnet50_cuda_gpu_trace.csv

  python3 bench/gpu/record_profiles.py                 # on the GPU machine (bench/gpu/run.sh calls it)
  python3 bench/gpu/record_profiles.py --if-cuda       # exits 0, doing nothing, without CUDA
  python3 bench/gpu/record_profiles.py --models resnet50 --no-nsys

Without CUDA it exits with status 2 and says so (0 with --if-cuda). It stays
within --budget-s (default 150 s): a leg that would start with less than its
share left is skipped and listed in profile-<device>.json.
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

MODELS = ("resnet50", "bert_base_s128", "gpt2_small")
WARMUP_RUNS = 3
PROFILER_WARMUP, ACTIVE = 1, 3
NSYS_REPORTS = ("cuda_gpu_trace", "cuda_gpu_kern_sum")
NSYS_MIN_S = 45  # an nsys leg needs about this much: torch import, capture, export


def log(msg):
    print("record_profiles.py: " + msg, file=sys.stderr, flush=True)


def slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "device"


def workload(name, dtype, attention, mask):
    """The network as bench/gpu/models.py builds it (export.py's builders),
    and a run() that does one forward pass and waits for the GPU."""
    import torch
    import models
    w = models.build(name, 1, dtype, "cuda", mask=mask)

    def run():
        with models.attention(attention):
            w.forward()
        torch.cuda.synchronize()

    return w, run


def torch_trace(name, path, args):
    """torch.profiler with CPU + CUDA activity; the Chrome trace to `path`."""
    import torch
    from torch.profiler import ProfilerActivity, profile, schedule
    w, run = workload(name, args.torch_dtype, args.attention, args.mask)
    if os.path.exists(path):
        os.remove(path)
    with torch.no_grad():
        for _ in range(WARMUP_RUNS):
            run()
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA],
                     record_shapes=True, with_stack=False,
                     schedule=schedule(wait=0, warmup=PROFILER_WARMUP, active=ACTIVE, repeat=1),
                     on_trace_ready=lambda p: p.export_chrome_trace(path)) as prof:
            for _ in range(PROFILER_WARMUP + ACTIVE):
                run()
                prof.step()
    del w
    torch.cuda.empty_cache()
    if not os.path.exists(path):
        raise RuntimeError("the profiler wrote no trace")


def nsys_child(args):
    """Runs inside `nsys profile`: warm-up outside the capture range, then
    ACTIVE runs between cudaProfilerStart and cudaProfilerStop."""
    import torch
    w, run = workload(args.child, args.torch_dtype, args.attention, args.mask)
    with torch.no_grad():
        for _ in range(WARMUP_RUNS):
            run()
        torch.cuda.profiler.start()
        for i in range(ACTIVE):
            with torch.cuda.nvtx.range("ProfilerStep#%d" % (i + 1)):
                run()
        torch.cuda.profiler.stop()
    return 0


def nsys_leg(name, prefix, args, timeout_s):
    """nsys profile of the child, then nsys stats to CSV; returns the CSVs."""
    rep = prefix + ".nsys-rep"
    for f in glob.glob(prefix + "*"):
        os.remove(f)
    child = [sys.executable, os.path.abspath(__file__), "--child", name,
             "--dtype", args.dtype, "--attention", args.attention]
    if not args.mask:
        child.append("--no-mask")
    t0 = time.time()
    subprocess.run(["nsys", "profile", "--trace=cuda,nvtx", "--sample=none", "--cpuctxsw=none",
                    "--capture-range=cudaProfilerApi", "--capture-range-end=stop",
                    "--force-overwrite=true", "--output=" + prefix] + child,
                   check=True, timeout=timeout_s, cwd=ROOT)
    if not os.path.exists(rep):
        raise RuntimeError("nsys wrote no %s" % rep)
    cmd = ["nsys", "stats", "--force-export=true", "--format", "csv", "--output", prefix]
    for r in NSYS_REPORTS:
        cmd += ["--report", r]
    subprocess.run(cmd + [rep], check=True, timeout=max(10.0, timeout_s - (time.time() - t0)),
                   cwd=ROOT)
    csvs = [prefix + "_" + r + ".csv" for r in NSYS_REPORTS]
    missing = [c for c in csvs if not os.path.exists(c)]
    if missing:
        raise RuntimeError("nsys stats wrote no %s" % ", ".join(missing))
    if not args.keep_rep:
        for f in (rep, prefix + ".sqlite", prefix + ".qdstrm"):
            if os.path.exists(f):
                os.remove(f)
    return csvs


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--dtype", choices=("f16", "bf16", "f32"), default="f16")
    ap.add_argument("--attention", choices=("math", "sdpa"), default="math",
                    help="math: export.py's reference, as the zoo file has it (default)")
    ap.add_argument("--no-mask", dest="mask", action="store_false",
                    help="run BERT/GPT-2 without the all-ones attention_mask")
    ap.add_argument("--no-nsys", dest="nsys", action="store_false")
    ap.add_argument("--keep-rep", action="store_true", help="keep the .nsys-rep files")
    ap.add_argument("--budget-s", type=float, default=150)
    ap.add_argument("--device-id", default=None, help="name in the output files")
    ap.add_argument("--work-dir", default=os.path.join(ROOT, "build-bench", "gpu-profiles"),
                    help="where the files are written (default: %(default)s)")
    ap.add_argument("--out-dir", default=None,
                    help="where the .tar.gz of them goes (default: $OUT; none without it)")
    ap.add_argument("--if-cuda", action="store_true",
                    help="without CUDA, say so and exit 0 (for run.sh)")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    t_start = time.time()

    try:
        import torch
    except ImportError as e:
        log("cannot import torch (%s)" % e)
        return 0 if args.if_cuda else 2
    if not torch.cuda.is_available():
        msg = "no CUDA device (torch %s, torch.cuda.is_available() is False)" % torch.__version__
        if args.if_cuda:
            log(msg + ": GPU profiles skipped")
            return 0
        log(msg + "; this script records GPU profiles only (the CPU ones: "
            "bench/profile/torch_profile.py)")
        return 2
    args.torch_dtype = {"f16": torch.float16, "bf16": torch.bfloat16,
                        "f32": torch.float32}[args.dtype]
    if args.child:
        return nsys_child(args)

    import models
    names = [m for m in args.models.split(",") if m]
    for m in names:
        if m not in models.MODELS or m.startswith("llama"):
            log("unknown model %s; known: %s" % (m, ", ".join(MODELS)))
            return 2
    torch.backends.cudnn.benchmark = True
    device_name = torch.cuda.get_device_name(0)
    dev = args.device_id or slug(device_name)
    out = args.work_dir
    os.makedirs(out, exist_ok=True)
    nsys = shutil.which("nsys") if args.nsys else None
    summary = dict(device=device_name, torch_version=torch.__version__,
                   cuda=torch.version.cuda, dtype=args.dtype, batch=1,
                   attention=args.attention, mask=args.mask, warmup_runs=WARMUP_RUNS,
                   active_steps=ACTIVE, nsys=nsys, files=[], skipped=[],
                   date=time.strftime("%Y-%m-%dT%H:%M:%S"))
    if nsys:
        p = subprocess.run(["nsys", "--version"], capture_output=True, text=True)
        summary["nsys_version"] = p.stdout.strip()
    elif args.nsys:
        summary["skipped"].append("nsys: not on PATH")
        log("nsys not on PATH: torch.profiler traces only")
    log("%s, torch %s, %s, results to %s" % (device_name, torch.__version__, args.dtype, out))
    deadline = t_start + args.budget_s

    # torch.profiler first (one process, cheap), then the nsys legs.
    for m in names:
        path = os.path.join(out, "profile-%s-%s.trace.json" % (dev, m))
        if time.time() > deadline - 15:
            summary["skipped"].append("%s torch.profiler: out of time" % m)
            continue
        try:
            torch_trace(m, path, args)
            summary["files"].append(os.path.basename(path))
            log("%s: %s (%d bytes)" % (m, path, os.path.getsize(path)))
        except Exception as e:  # one model's failure costs its file, not the run
            summary["skipped"].append("%s torch.profiler: %s: %s" % (m, type(e).__name__, e))
            log("%s torch.profiler failed: %s" % (m, e))
    if nsys:
        for m in names:
            left = deadline - time.time()
            if left < NSYS_MIN_S:
                summary["skipped"].append("%s nsys: out of time (%.0f s left)" % (m, left))
                continue
            prefix = os.path.join(out, "nsys-%s-%s" % (dev, m))
            try:
                for c in nsys_leg(m, prefix, args, left):
                    summary["files"].append(os.path.basename(c))
                    log("%s: %s (%d bytes)" % (m, c, os.path.getsize(c)))
            except (subprocess.SubprocessError, RuntimeError, OSError) as e:
                summary["skipped"].append("%s nsys: %s: %s" % (m, type(e).__name__, e))
                log("%s nsys failed: %s" % (m, e))
    summary_name = "profile-%s.json" % dev
    with open(os.path.join(out, summary_name), "w") as f:
        json.dump(summary, f, indent=1)
        f.write("\n")
    archive_dir = args.out_dir or os.environ.get("OUT")
    if archive_dir:
        os.makedirs(archive_dir, exist_ok=True)
        archive = os.path.join(archive_dir, "gpu-%s-profiles.tar.gz" % dev)
        with tarfile.open(archive, "w:gz") as tar:
            for name in summary["files"] + [summary_name]:
                tar.add(os.path.join(out, name), arcname=name)
        log("packed into %s (%d bytes)" % (archive, os.path.getsize(archive)))
    log("%d files in %.0f s; skipped: %s" % (len(summary["files"]), time.time() - t_start,
                                            "; ".join(summary["skipped"]) or "none"))
    return 0 if summary["files"] else 1


if __name__ == "__main__":
    sys.exit(main())
