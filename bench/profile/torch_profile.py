#!/usr/bin/env python3
"""Measured PyTorch profiles of zoo networks, overlaid on mlsysim's predictions.

For resnet50, bert_base_s128 and gpt2_small (f32, CPU, batch 1) this script

1. builds each network exactly as zoo/models/export.py does: its builders
   (build_torchvision, build_bert, build_gpt2 through its MODELS table), the
   same config, eval mode, the same `call` (torch.func.functional_call with the
   state as a dict, input_ids/attention_mask for the transformers models), and
   attention through export.py's math_attention() (bmm, f32 softmax, bmm: the
   ops the zoo file holds; --attention sdpa runs PyTorch's fused kernel
   instead). The inputs are the builder's, cut to batch 1: image [1,3,224,224],
   input_ids/attention_mask [1,128];
2. pins PyTorch to 2 threads (torch.set_num_threads(2), --threads changes it),
   warms up with 3 runs under torch.no_grad(), then records
       torch.profiler.profile(activities=[ProfilerActivity.CPU],
                              record_shapes=True, with_stack=False,
                              schedule=torch.profiler.schedule(wait=0, warmup=1,
                                                               active=3, repeat=1))
   calling prof.step() after each of 4 runs, and exports the Chrome trace of
   the 3 active steps to build-bench/profiles/<model>.trace.json (git-ignored),
   with <model>.meta.json beside it (torch version, threads, date). When other
   work keeps more than 20% of the cores busy just before or after a profile,
   it profiles again after 30 s (--retries, default 2), and the table says so
   if that never clears;
3. runs
       build/bin/mlsysim-opt zoo/models/<model>.mlir -o /dev/null \\
         --mlsysim-report="hardware=bench/results/host-vm.yaml batch=1 \\
           execution=eager format=json output=- \\
           profile=build-bench/profiles/<model>.trace.json"
   and reads totals.profile (measured_s, matched_share, unmatched, ...);
4. writes bench/results/profile-overlay.md and profile-overlay.csv.

It exits with status 1 when a model's profile maps onto the IR for less than
90% of its measured time (--min-share), 2 on a usage or tool error.

  .venv-export/bin/python bench/profile/torch_profile.py             # profile + overlay
  .venv-export/bin/python bench/profile/torch_profile.py --models resnet50
  python3 bench/profile/torch_profile.py --reuse      # overlay the existing traces (no torch)

The export venv (.venv-export, zoo/models/export.sh --install-only) has torch,
torchvision, transformers and torch_mlir, which export.py imports. Run it on an
otherwise idle machine: the profile is a latency measurement.
"""

import argparse
import csv
import datetime
import importlib.util
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXPORT_PY = os.path.join(ROOT, "zoo", "models", "export.py")
PROFILES = os.path.join(ROOT, "build-bench", "profiles")
RESULTS = os.path.join(ROOT, "bench", "results")
MLSYSIM_OPT = os.environ.get("MLSYSIM_OPT", os.path.join(ROOT, "build", "bin", "mlsysim-opt"))
DEFAULT_HARDWARE = os.path.join("bench", "results", "host-vm.yaml")
MODELS = ("resnet50", "bert_base_s128", "gpt2_small")
WARMUP_RUNS = 3
# The profiler's schedule: one warm-up step (profiler on, events dropped), then
# ACTIVE recorded steps; repeat=1 ends the cycle there, so the trace handed to
# on_trace_ready holds exactly the ACTIVE steps.
PROFILER_WARMUP, ACTIVE = 1, 3
# Other work using more than this share of the cores just before a profile is
# reported: with 2 threads on this 2-core VM, a concurrent build made the ops
# up to 7 times slower. (The load average would count this script's own runs.)
BUSY_SHARE = 0.2


def cpu_busy(seconds=1.0):
    """Share of all cores busy over `seconds` (this process sleeping), from
    /proc/stat; None where there is none."""
    def snap():
        with open("/proc/stat") as f:
            vals = [int(v) for v in f.readline().split()[1:]]
        return sum(vals), vals[3] + vals[4]  # total, idle + iowait
    try:
        t0, i0 = snap()
        time.sleep(seconds)
        t1, i1 = snap()
    except (OSError, ValueError, IndexError):
        return None
    return 1.0 - (i1 - i0) / max(1, t1 - t0)


def load_export():
    """zoo/models/export.py as a module (it imports torch and torch_mlir)."""
    spec = importlib.util.spec_from_file_location("mlsysim_zoo_export", EXPORT_PY)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def record(run, path, threads):
    """Profiles `run` (a no-argument callable, one forward pass) with the
    settings of this folder: `threads` PyTorch threads, WARMUP_RUNS runs under
    no_grad, then the profiler schedule above; writes the Chrome trace to `path`
    as torch writes it. Returns the torch version."""
    import torch
    from torch.profiler import ProfilerActivity, profile, schedule

    torch.set_num_threads(threads)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    with torch.no_grad():
        for _ in range(WARMUP_RUNS):
            run()
        with profile(activities=[ProfilerActivity.CPU], record_shapes=True, with_stack=False,
                     schedule=schedule(wait=0, warmup=PROFILER_WARMUP, active=ACTIVE, repeat=1),
                     on_trace_ready=lambda p: p.export_chrome_trace(path)) as prof:
            for _ in range(PROFILER_WARMUP + ACTIVE):
                run()
                prof.step()
    if not os.path.exists(path):
        raise RuntimeError("the profiler wrote no trace to %s" % path)
    return torch.__version__


def profile_model(export, name, threads, attention, retries):
    """Builds `name` through export.py's MODELS table, runs it at batch 1 and
    writes its trace and meta file. Returns the trace path."""
    import torch
    torch.manual_seed(0)
    model, call, inputs, *_ = export.MODELS[name]()
    params = export.state_of(model)
    # The builders make batch-2 example inputs (zeros; ones for the attention
    # masks); batch 1 is their first row.
    args = tuple(t[:1].clone() for t in inputs.values())
    shapes = {k: list(t.shape) for k, t in zip(inputs, args)}

    def run():
        if attention == "math":
            with export.math_attention():
                return call(model, params, args)
        return call(model, params, args)

    path = os.path.join(PROFILES, name + ".trace.json")
    # Other work just before or just after the profile (sampled while this
    # process sleeps) means it probably ran during it too: profile again, up
    # to `retries` times, after a pause.
    for attempt in range(retries + 1):
        before = cpu_busy()
        version = record(run, path, threads)
        after = cpu_busy()
        busy = max(b for b in (before, after, 0.0) if b is not None)
        if busy <= BUSY_SHARE:
            break
        print("torch_profile.py: warning: other work kept %.0f%% of the cores busy around "
              "the profile of %s; it slows PyTorch's thread pool (run this idle)%s"
              % (100 * busy, name, "; again in 30 s" if attempt < retries else ""),
              file=sys.stderr)
        if attempt < retries:
            time.sleep(30)
    meta = dict(model=name, torch_version=version, threads=threads, attention=attention,
                cpu_busy_around=round(busy, 3),
                inputs=shapes, warmup_runs=WARMUP_RUNS, active_steps=ACTIVE,
                date=datetime.datetime.now().isoformat(timespec="seconds"))
    with open(os.path.join(PROFILES, name + ".meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    return path


def step_wall_s(trace_path):
    """Mean duration of the trace's ProfilerStep#N annotations (the wall time
    of one forward call, Python included), in seconds; None without them."""
    with open(trace_path) as f:
        events = json.load(f).get("traceEvents", [])
    steps = [e["dur"] for e in events
             if e.get("ph") == "X" and str(e.get("name", "")).startswith("ProfilerStep#")]
    return sum(steps) / len(steps) * 1e-6 if steps else None


def overlay(name, trace_path, hardware):
    """mlsysim's report of the zoo file with the trace as profile=: the JSON
    report's totals and mlsysim's warnings (the text after "warning: ").
    Raises RuntimeError with mlsysim's message on failure."""
    options = ("hardware=%s batch=1 execution=eager format=json output=- profile=%s"
               % (hardware, trace_path))
    cmd = [MLSYSIM_OPT, os.path.join(ROOT, "zoo", "models", name + ".mlir"),
           "--mlsysim-report=" + options, "-o", "/dev/null"]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if p.returncode:
        raise RuntimeError("%s failed (%d):\n%s" % (" ".join(cmd), p.returncode,
                                                  p.stderr[-3000:]))
    totals = json.loads(p.stdout)["totals"]
    if "profile" not in totals:
        raise RuntimeError("%s: the report has no totals.profile" % name)
    warnings = [line.split("warning: ", 1)[1] for line in p.stderr.splitlines()
                if "warning: " in line]
    return totals, warnings


def largest_unmatched(prof, n=3):
    rows = sorted(prof.get("unmatched", []), key=lambda u: -u.get("measured_s", 0))
    out = []
    for u in rows[:n]:
        count = u.get("count", u.get("entries"))
        per = (" x%g" % round(count, 2)) if count is not None else ""
        out.append("%s %.3g ms%s" % (u["name"], 1e3 * u["measured_s"], per))
    return out


def write_results(rows, hardware, threshold):
    fields = ["model", "torch_version", "threads", "attention", "steps", "step_wall_ms",
              "measured_ms", "predicted_ms", "matched_share", "unmatched_ms",
              "largest_unmatched", "hardware", "date"]
    with open(os.path.join(RESULTS, "profile-overlay.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(dict(r, largest_unmatched="; ".join(r["largest_unmatched"]),
                            **{k: "%.4f" % r[k] for k in ("step_wall_ms", "measured_ms",
                                                          "predicted_ms", "matched_share",
                                                          "unmatched_ms")
                               if r[k] is not None}))
    meta = rows[0]
    md = ["## PyTorch profiles overlaid on the eager prediction\n",
          "<!-- Generated by `bench/profile/torch_profile.py`; do not edit by hand. -->\n",
          "PyTorch %s on this CPU (f32, batch 1, %s threads, `torch.no_grad`, attention %s), "
          "%d warm-up runs, then `torch.profiler` (CPU, `record_shapes=True`) over %s steps. "
          "mlsysim maps each step's top-level aten ops onto the zoo file's ops (by kind, input "
          "shapes and order) and prices the file with `hardware=%s batch=1 execution=eager`. "
          "*measured* is the time of the mapped and unmapped top-level ops per step, *step* the "
          "wall time of the `ProfilerStep#` annotation (Python between ops included), "
          "*matched* the share of *measured* that mapped onto IR ops (the check fails under "
          "%.0f%%).\n" % (meta["torch_version"], meta["threads"], meta["attention"],
                          WARMUP_RUNS, meta["steps"], hardware, 100 * threshold),
          "| model | step (ms) | measured (ms) | predicted eager (ms) | matched | "
          "unmatched (ms) | largest unmatched ops (per step) |",
          "|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        md.append("| %s | %s | %.2f | %.2f | %.1f%% | %.2f | %s |" % (
            r["model"], "%.2f" % r["step_wall_ms"] if r["step_wall_ms"] is not None else "-",
            r["measured_ms"], r["predicted_ms"], 100 * r["matched_share"], r["unmatched_ms"],
            ", ".join(r["largest_unmatched"]) or "-"))
    md.append("")
    for r in rows:
        if (r["busy"] or 0) > BUSY_SHARE:
            md.append("* %s: other work kept %.0f%% of the cores busy around its profile: "
                      "its times are inflated." % (r["model"], 100 * r["busy"]))
        for w in r["warnings"]:
            md.append("* %s: mlsysim warns: %s" % (r["model"], w))
    if any(r["warnings"] or (r["busy"] or 0) > BUSY_SHARE for r in rows):
        md.append("")
    with open(os.path.join(RESULTS, "profile-overlay.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=",".join(MODELS),
                    help="comma-separated zoo models (default: %(default)s)")
    ap.add_argument("--reuse", action="store_true",
                    help="skip profiling: overlay the traces in build-bench/profiles/")
    ap.add_argument("--threads", type=int, default=2, help="PyTorch threads (default 2)")
    ap.add_argument("--attention", choices=("math", "sdpa"), default="math",
                    help="math: export.py's reference attention, as the zoo file has it "
                         "(default); sdpa: PyTorch's fused kernel")
    ap.add_argument("--hardware", default=DEFAULT_HARDWARE,
                    help="mlsysim hardware= (default: %(default)s, this host calibrated)")
    ap.add_argument("--retries", type=int, default=2,
                    help="profiles again when other work ran around a profile (default 2)")
    ap.add_argument("--min-share", type=float, default=0.9,
                    help="fail when a model maps less of its measured time (default 0.9)")
    a = ap.parse_args()
    names = [n for n in a.models.split(",") if n]
    for n in names:
        if not os.path.exists(os.path.join(ROOT, "zoo", "models", n + ".mlir")):
            ap.error("no zoo file zoo/models/%s.mlir" % n)
    if not os.access(MLSYSIM_OPT, os.X_OK):
        ap.error("%s not found (build it, or set MLSYSIM_OPT)" % MLSYSIM_OPT)

    if not a.reuse:
        export = load_export()
        for n in names:
            print("[%s] profiling (%d threads, attention %s)" % (n, a.threads, a.attention),
                  flush=True)
            profile_model(export, n, a.threads, a.attention, a.retries)

    rows, failed = [], []
    for n in names:
        trace = os.path.join(PROFILES, n + ".trace.json")
        if not os.path.exists(trace):
            print("%s: no trace %s (run without --reuse)" % (n, trace), file=sys.stderr)
            return 2
        meta_path = os.path.join(PROFILES, n + ".meta.json")
        meta = json.load(open(meta_path)) if os.path.exists(meta_path) else {}
        try:
            totals, warnings = overlay(n, os.path.relpath(trace, ROOT), a.hardware)
        except RuntimeError as e:
            print(e, file=sys.stderr)
            return 2
        prof = totals["profile"]
        steps = prof.get("steps", prof.get("runs"))
        wall = step_wall_s(trace)
        rows.append(dict(
            model=n, torch_version=meta.get("torch_version", "?"),
            threads=meta.get("threads", "?"), attention=meta.get("attention", "?"),
            steps=steps, step_wall_ms=None if wall is None else 1e3 * wall,
            measured_ms=1e3 * prof["measured_s"], predicted_ms=1e3 * totals["latency_s"],
            matched_share=prof["matched_share"],
            unmatched_ms=1e3 * prof.get("unmatched_s", prof["measured_s"] - prof["matched_s"]),
            largest_unmatched=largest_unmatched(prof), warnings=warnings, hardware=a.hardware,
            busy=meta.get("cpu_busy_around"),
            date=meta.get("date", "")))
        if prof["matched_share"] < a.min_share:
            failed.append("%s maps %.1f%% of its measured time (< %.0f%%)"
                          % (n, 100 * prof["matched_share"], 100 * a.min_share))
    write_results(rows, a.hardware, a.min_share)
    for f in failed:
        print("torch_profile.py: " + f, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
