#!/usr/bin/env python3
"""Times the zoo networks and the op suite through PyTorch on one GPU, within a
fixed time budget, and writes CSVs that mlsysim's predictions can be checked
against. bench/gpu/run.sh is the entry point; README.md beside it explains
the plan, the columns and the smoke test.

Phases, in order (each stops at its share of --budget-s; what is left over
goes to the next):
  1. eager and CUDA-graph latency of ResNet-50, MobileNetV2, ViT-B/16,
     BERT-base (S=128) and GPT-2 small (S=128) at batch 1 and a large batch;
  2. the op suite of bench/suite.py through bench/gpu_torch.py;
  3. torch.compile, most useful first: reduce-overhead at batch 1,
     max-autotune-no-cudagraphs at the large batch, then the other two
     combinations; a compile that outlives --compile-budget-s is killed
     and reported as skipped;
  4. Llama-3.1-8B decode at batch 1, eager and CUDA graph (random weights,
     16 GB in f16), if --llama and enough time is left;
  5. the IREE CUDA modules of build-bench/iree-cuda/ if present (see
     bench/gpu/compile_iree_cuda.sh).

Every job runs in bench/gpu/worker.py; this process only plans, watches the
clock (killing a worker whose job outlives its budget and starting a fresh one
for the jobs left) and writes the results:
  OUT/gpu-<device>-models.csv   model,batch,dtype,execution,median_s,min_s,
                                repetitions,kernels,device_name,torch_version,
                                date,zoo_model,notes
  OUT/gpu-<device>-ops.csv      bench/gpu_torch.py's format (bench/report.py)
  OUT/gpu-<device>-iree.csv     the IREE timings, if any
  OUT/gpu-<device>-env.txt      nvidia-smi facts (clocks, power limit, driver)
OUT is --out-dir, else $OUT when set (the device machine's folder that comes
back), else bench/results (build-bench/gpu-smoke for --smoke).
"""

import argparse
import csv
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

COLUMNS = ["model", "batch", "dtype", "execution", "median_s", "min_s", "repetitions",
           "kernels", "device_name", "torch_version", "date", "zoo_model", "notes"]
VISION_TEXT = ["resnet50", "mobilenet_v2", "vit_b16", "bert_base_s128", "gpt2_small"]


def log(msg):
    print("run.py: " + msg, file=sys.stderr, flush=True)


def slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "device"


class JobRunner:
    """Runs jobs in worker processes, each job within its own budget."""

    def __init__(self, device, tmpdir, python, log_file):
        self.device, self.tmpdir, self.python, self.log_file = device, tmpdir, python, log_file
        self.results = {}  # id -> ("row", row) | ("skip", msg)
        self.n = 0

    def run(self, jobs, deadline):
        pending = [j for j in jobs if j["id"] not in self.results]
        while pending:
            if time.time() >= deadline:
                break
            self.n += 1
            jobs_path = os.path.join(self.tmpdir, "jobs%d.json" % self.n)
            prog_path = os.path.join(self.tmpdir, "progress%d.jsonl" % self.n)
            with open(jobs_path, "w") as f:
                json.dump({"device": self.device, "jobs": pending}, f)
            open(prog_path, "w").close()
            proc = subprocess.Popen([self.python, os.path.join(HERE, "worker.py"), "--jobs",
                                     jobs_path, "--progress", prog_path],
                                    stdout=self.log_file, stderr=self.log_file,
                                    start_new_session=True, cwd=ROOT)
            current, started, seen = None, None, 0
            by_id = {j["id"]: j for j in pending}
            while True:
                with open(prog_path) as f:
                    lines = f.read().splitlines()
                for line in lines[seen:]:
                    try:
                        ev = json.loads(line)
                    except ValueError:
                        break  # a line being written: read it next time
                    seen += 1
                    if ev["ev"] == "start":
                        current, started = ev["id"], time.time()
                    elif ev["ev"] == "row":
                        self.results[ev["id"]] = ("row", ev["row"])
                        current = None
                    elif ev["ev"] == "skip":
                        self.results[ev["id"]] = ("skip", ev["msg"])
                        log("%s skipped: %s" % (ev["id"], ev["msg"]))
                        current = None
                now = time.time()
                rc = proc.poll()
                reason = None
                if current is not None and now - started > by_id[current]["budget_s"]:
                    reason = "exceeded its budget of %g s" % by_id[current]["budget_s"]
                elif now >= deadline:
                    reason = "the phase's time ran out"
                elif rc is not None:
                    if current is not None:
                        reason = "worker exited with status %d" % rc
                    else:
                        break
                if reason:
                    if rc is None:
                        os.killpg(proc.pid, signal.SIGKILL)
                        proc.wait()
                    if current is not None and current not in self.results:
                        self.results[current] = ("skip", reason)
                        log("%s skipped: %s" % (current, reason))
                    break
                time.sleep(0.2)
            pending = [j for j in pending if j["id"] not in self.results]
        for j in pending:
            self.results.setdefault(j["id"], ("skip", "not run: the time budget ran out"))


def make_jobs(args):
    """The jobs of phases 1, 3 and 4, with ids in the order they run."""
    base = dict(dtype=args.dtype, attention=args.attention, mask=args.mask, smoke=args.smoke,
                count_kernels=not args.no_kernel_count)
    if args.smoke:
        base.update(warmup=1, min_reps=1, max_reps=2, min_time_s=0.0)
    else:
        base.update(warmup=args.warmup, min_reps=args.min_reps, max_reps=args.max_reps,
                    min_time_s=args.min_time_s)
    cuda = args.device.startswith("cuda")
    large = dict(models_large_batches(args))
    models_ = [m for m in args.models if m != "llama3_8b_decode"]
    batches = {m: [1] if args.smoke else sorted({1, large[m]}) for m in models_}

    def job(model, batch, execution, budget, **kw):
        j = dict(base, model=model, batch=batch, execution=execution, budget_s=budget,
                 compile_mode=kw.pop("compile_mode", ""))
        j["id"] = "%s-b%d-%s%s" % (model, batch, execution,
                                   "-" + j["compile_mode"] if j["compile_mode"] else "")
        j.update(kw)
        return j

    phase1, phase3, phase4 = [], [], []
    for m in models_:
        for b in batches[m]:
            if "eager" in args.modes:
                phase1.append(job(m, b, "eager", args.job_budget_s))
            if "graph" in args.modes and cuda:
                phase1.append(job(m, b, "graph", args.job_budget_s))
    if "compiled" in args.modes:
        modes = args.compile_modes if cuda else ["eager-backend"]
        order = []
        # Most useful first: graphs at batch 1, autotuned kernels at the large batch.
        for mode, small in (("reduce-overhead", True), ("max-autotune-no-cudagraphs", False),
                            ("reduce-overhead", False), ("max-autotune-no-cudagraphs", True)):
            if mode in modes:
                order.append((mode, small))
        for mode in modes:
            if mode not in ("reduce-overhead", "max-autotune-no-cudagraphs"):
                order += [(mode, True), (mode, False)]
        seen = set()
        for mode, small in order:
            for m in models_:
                b = 1 if small else max(batches[m])
                if (mode, m, b) in seen:
                    continue
                seen.add((mode, m, b))
                phase3.append(job(m, b, "compiled", args.compile_budget_s, compile_mode=mode))
    if args.llama and "llama3_8b_decode" in args.models:
        for mode in ("eager", "graph"):
            if mode in args.modes and (mode == "eager" or cuda):
                phase4.append(job("llama3_8b_decode", 1, mode, args.llama_budget_s))
    return phase1, phase3, phase4


def models_large_batches(args):
    import models
    out = {m: models.MODELS[m][2] for m in models.MODELS}
    for item in args.batches:
        m, _, b = item.partition("=")
        out[m] = int(b)
    return out.items()


def nvidia_smi():
    q = ("name,driver_version,pci.bus_id,power.limit,power.max_limit,clocks.sm,clocks.max.sm,"
         "clocks.mem,clocks.max.mem,memory.total,temperature.gpu,compute_mode")
    try:
        p = subprocess.run(["nvidia-smi", "--query-gpu=" + q, "--format=csv"],
                           capture_output=True, text=True, timeout=30)
        return p.stdout + p.stderr
    except (OSError, subprocess.TimeoutExpired) as e:
        return "nvidia-smi: %s\n" % e


def run_ops(args, out_csv, deadline, log_file, python):
    budget = max(0.0, min(args.ops_budget_s, deadline - time.time()))
    if budget < 5:
        log("op suite skipped: no time left")
        return
    cmd = [python, os.path.join(ROOT, "bench", "gpu_torch.py"), "--device", args.device,
           "-o", out_csv]
    if args.smoke:
        cmd += ["--suite", "tiny", "--warmup", "1", "--min-reps", "1", "--max-reps", "2",
                "--min-time-s", "0"]
    log("op suite: " + " ".join(cmd[1:]))
    try:
        subprocess.run(cmd, stdout=log_file, stderr=log_file, timeout=budget, cwd=ROOT)
    except subprocess.TimeoutExpired:
        log("op suite stopped after %d s" % budget)


IREE_DIR = os.path.join(ROOT, "build-bench", "iree-cuda")


def have_iree_modules():
    return os.path.isdir(IREE_DIR) and any(f.endswith(".vmfb") for f in os.listdir(IREE_DIR))


def run_iree(args, out_csv, deadline, log_file, python):
    if not have_iree_modules():
        log("IREE CUDA: no build-bench/iree-cuda/*.vmfb, skipped")
        return
    budget = max(0.0, min(args.iree_budget_s, deadline - time.time()))
    if budget < 10:
        log("IREE CUDA skipped: no time left")
        return
    cmd = [python, os.path.join(HERE, "iree_cuda.py"), "run", "--device", args.device,
           "-o", out_csv] + (["--smoke"] if args.smoke else [])
    log("IREE CUDA: " + " ".join(cmd[1:]))
    try:
        subprocess.run(cmd, stdout=log_file, stderr=log_file, timeout=budget, cwd=ROOT)
    except subprocess.TimeoutExpired:
        log("IREE CUDA stopped after %d s" % budget)


def main():
    import models
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--device", default=None, help="cuda (default when available) or cpu")
    p.add_argument("--smoke", action="store_true",
                   help="each model once at batch 1, tiny repetitions (tests the script)")
    p.add_argument("--models", default=",".join(VISION_TEXT + ["llama3_8b_decode"]))
    p.add_argument("--batches", default="", help="large batch per model, e.g. resnet50=128")
    p.add_argument("--modes", default="eager,graph,compiled")
    p.add_argument("--compile-modes", default="reduce-overhead,max-autotune-no-cudagraphs")
    p.add_argument("--dtype", default=None, help="f16 (default on CUDA), bf16, f32 (CPU)")
    p.add_argument("--attention", choices=["sdpa", "math"], default="sdpa")
    p.add_argument("--mask", action="store_true", help="pass BERT/GPT-2 an all-ones mask")
    p.add_argument("--llama", dest="llama", action="store_true", default=None)
    p.add_argument("--no-llama", dest="llama", action="store_false")
    p.add_argument("--ops", dest="ops", action="store_true", default=True)
    p.add_argument("--no-ops", dest="ops", action="store_false")
    p.add_argument("--iree", dest="iree", action="store_true", default=True)
    p.add_argument("--no-iree", dest="iree", action="store_false")
    p.add_argument("--no-kernel-count", action="store_true")
    p.add_argument("--budget-s", type=float, default=450, help="whole run (default 450)")
    p.add_argument("--job-budget-s", type=float, default=90, help="one eager/graph job")
    p.add_argument("--compile-budget-s", type=float, default=120, help="one compiled job")
    p.add_argument("--llama-budget-s", type=float, default=80, help="one Llama job")
    p.add_argument("--llama-reserve-s", type=float, default=100,
                   help="time the compiled phase leaves for the two Llama jobs")
    p.add_argument("--ops-budget-s", type=float, default=60)
    p.add_argument("--iree-budget-s", type=float, default=60)
    p.add_argument("--iree-reserve-s", type=float, default=45,
                   help="time the earlier phases leave for IREE when modules exist")
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--min-reps", type=int, default=20)
    p.add_argument("--max-reps", type=int, default=200)
    p.add_argument("--min-time-s", type=float, default=0.3)
    p.add_argument("--device-id", default=None, help="name in the output files")
    p.add_argument("--out-dir", default=None)
    args = p.parse_args()

    t_start = time.time()
    deadline = t_start + args.budget_s
    import torch
    if args.device is None:
        args.device = "cuda" if torch.cuda.is_available() else "cpu"
    cuda = args.device.startswith("cuda")
    if cuda and not torch.cuda.is_available():
        sys.exit("run.py: no CUDA device (use --device cpu --smoke to test the script)")
    args.dtype = args.dtype or ("f16" if cuda else "f32")
    args.models = [m for m in args.models.split(",") if m]
    for m in args.models:
        if m not in models.MODELS:
            sys.exit("run.py: unknown model %s; known: %s" % (m, ", ".join(models.MODELS)))
    args.batches = [b for b in args.batches.split(",") if b]
    args.modes = [m for m in args.modes.split(",") if m]
    args.compile_modes = [m for m in args.compile_modes.split(",") if m]
    if args.llama is None:
        args.llama = cuda or args.smoke
    name = torch.cuda.get_device_name(0) if cuda else "cpu"
    dev_id = args.device_id or ("cpu-smoke" if args.smoke and not cuda else slug(name))
    out_dir = args.out_dir or os.environ.get("OUT") or (
        os.path.join(ROOT, "build-bench", "gpu-smoke") if args.smoke
        else os.path.join(ROOT, "bench", "results"))
    os.makedirs(out_dir, exist_ok=True)
    prefix = os.path.join(out_dir, "gpu-%s" % dev_id)
    log("device %s (%s), torch %s, results to %s-*, budget %d s" % (
        args.device, name, torch.__version__, prefix, args.budget_s))
    if cuda:
        with open(prefix + "-env.txt", "w") as f:
            f.write(nvidia_smi())
            f.write("torch %s, CUDA %s, cuDNN %s\n" % (torch.__version__, torch.version.cuda,
                                                       torch.backends.cudnn.version()))
    phase1, phase3, phase4 = make_jobs(args)
    python = sys.executable
    log_path = prefix + "-log.txt"
    with tempfile.TemporaryDirectory(prefix="mlsysim-gpu-") as tmp, \
            open(log_path, "w") as log_file:
        runner = JobRunner(args.device, tmp, python, log_file)
        total = args.budget_s
        # Time kept back for the phases after the compiled one; each phase may
        # also use what the earlier ones left.
        llama_reserve = args.llama_reserve_s if phase4 else 0
        d1 = min(deadline, t_start + 0.30 * total)
        log("phase 1: %d eager/graph jobs" % len(phase1))
        runner.run(phase1, d1)
        if args.ops:
            run_ops(args, prefix + "-ops.csv", min(deadline, time.time() + args.ops_budget_s),
                    log_file, python)
        iree_reserve = args.iree_reserve_s if args.iree and have_iree_modules() else 0
        d3 = max(time.time(), deadline - llama_reserve - iree_reserve)
        log("phase 3: %d compiled jobs, until %+d s" % (len(phase3), d3 - t_start))
        runner.run(phase3, d3)
        if phase4:
            log("phase 4: Llama-3.1-8B decode")
            runner.run(phase4, deadline - iree_reserve)
        if args.iree:
            run_iree(args, prefix + "-iree.csv", deadline, log_file, python)
        rows = []
        for j in phase1 + phase3 + phase4:
            kind, val = runner.results.get(j["id"], ("skip", "not run"))
            if kind == "row":
                rows.append(val)
            else:
                exe = j["execution"] + (":" + j["compile_mode"] if j["compile_mode"] else "")
                rows.append({"model": j["model"], "batch": j["batch"], "dtype": j["dtype"],
                             "execution": exe, "median_s": "", "min_s": "", "repetitions": 0,
                             "kernels": "", "device_name": name,
                             "torch_version": torch.__version__,
                             "date": time.strftime("%Y-%m-%d"),
                             "zoo_model": models.zoo_file(j["model"], j["dtype"]),
                             "notes": "skipped: " + val})
        with open(prefix + "-models.csv", "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=COLUMNS)
            w.writeheader()
            w.writerows(rows)
    done = sum(1 for r in rows if r["median_s"] != "")
    log("%d of %d model rows measured, %.0f s in all; %s-models.csv" % (
        done, len(rows), time.time() - t_start, prefix))
    for r in rows:
        print("%-18s b=%-4s %-36s %12s s  kernels=%-5s %s" % (
            r["model"], r["batch"], r["execution"], r["median_s"] or "-", r["kernels"],
            r["notes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
