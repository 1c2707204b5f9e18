#!/usr/bin/env python3
"""Time the zoo models compiled by IREE for this CPU (iree-benchmark-module).

Each zoo model (zoo/models/*.mlir; the _f16 files are the f16 variants) is
batch-specialised (specialize.py, batch 1 by default), compiled with

  iree-compile SPEC.mlir --iree-hal-target-device=local
      --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host

(variant "default"), and for models with convolutions also with
--iree-global-opt-use-im2col-for-convs (variant "im2col"), then timed with

  MALLOC_MMAP_MAX_=0 [taskset -c CPU] iree-benchmark-module --module=M.vmfb
      --function=forward --input=... (one splat per argument)
      1 thread:  --device=local-sync                  (pinned to the last CPU)
      N threads: --device=local-task --task_topology_group_count=N   (N = nproc)
      --benchmark_repetitions=R --benchmark_min_time=Ts --benchmark_min_warmup_time=Ts

Inputs: every function argument is given as a splat: weights 0.01, float
inputs 0.5, integer inputs (token ids, masks, positions) 1. The splats are
real buffers the size of the weights (Llama-3.1-8B: 16 GB).

Reported: the median and the minimum over the R repetitions of the mean real
time per call (each repetition runs at least T seconds, at least one call),
with /proc/loadavg before the run. Dispatch counts come from the flow IR that
dispatches.py writes (compiled here if missing).

Models: all zoo models except llama3_8b_prefill (about 7.3 TFLOP per call:
minutes per call on 2 cores; --with-prefill adds it). llama3_8b_decode needs
its 16 GB of weights plus the KV cache in memory: it is skipped, with a
message, when MemAvailable is below 1.15 x (arguments + results) + 1 GiB.

Resumable: a (model, batch, dtype, threads, variant) already in the CSV is
skipped unless --force; the CSV is rewritten after every measurement.

Output: bench/results/iree-cpu-models.csv with columns model, batch, dtype,
threads, flags, dispatches, median_s, min_s, repetitions, loadavg_before,
date, iree_version, cpu, then variant, iterations, loadavg_after, compile_s.
Build products (not committed): build-bench/iree/vmfb/, build-bench/iree/bench/.

Usage:
  python3 bench/iree/bench_models.py                        # everything (about 15 min)
  python3 bench/iree/bench_models.py mobilenet_v2 resnet50 --threads 1 --repetitions 3
  python3 bench/iree/bench_models.py --with-prefill --force
  python3 bench/iree/bench_models.py --list                 # what would run, with sizes
"""

import argparse
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import dispatches  # noqa: E402

FIELDS = ["model", "batch", "dtype", "threads", "flags", "dispatches", "median_s", "min_s",
          "repetitions", "loadavg_before", "date", "iree_version", "cpu", "variant",
          "iterations", "loadavg_after", "compile_s"]
KEY = ("model", "batch", "dtype", "threads", "variant")


def memory_need_bytes(sig):
    args = sum(common.tensor_bytes(t) for _, t, _ in sig.args)
    res = sum(common.tensor_bytes(t) for t in sig.results)
    return int(1.15 * (args + res)) + (1 << 30), args


def count_dispatches(model, batch, variant, spec):
    suffix = "" if variant == "default" else ".im2col"
    flow = os.path.join(common.WORK, "flow", "%s_b%d%s.flow.mlir" % (model, batch, suffix))
    err = dispatches.compile_flow(spec, flow, common.VARIANTS[variant], False)
    if err:
        return "error"
    with open(flow) as f:
        return len(re.findall(r"\bflow\.dispatch @", f.read()))


def write_dispatch_times(a, model, suffix, vmfb, sig, inputs, pin, row):
    """<times-dir>/<model>[.im2col].csv: seconds per model call spent in each
    executable (deduplicated: `calls` call sites), from --dispatch_statistics.
    The names join the `name` field of bench/results/iree-dispatches/*.json."""
    out = os.path.join(common.WORK, "bench", "%s_b%d%s_dispatches.json" % (model, a.batch, suffix))
    try:
        rows = common.dispatch_times(vmfb, sig.name, inputs, out, pin_cpu=pin)
    except (RuntimeError, common.subprocess.TimeoutExpired) as e:
        print("  dispatch times: %s" % e, file=sys.stderr)
        return
    path = os.path.join(a.times_dir, "%s%s.csv" % (model, suffix))
    os.makedirs(a.times_dir, exist_ok=True)
    with open(path, "w") as f:
        f.write("# %s batch %d, 1 thread (%s), %s, load %s, %s\n"
                % (model, a.batch, row["flags"], row["iree_version"], common.loadavg(),
                   common.now()))
        f.write("# timed median %s s per call; the profiled rerun below sums to %.6g s\n"
                % (row["median_s"], sum(r[2] for r in rows)))
        f.write("name,calls,seconds_per_model_call,percent\n")
        for name, calls, sec, pct in rows:
            f.write("%s,%d,%.6g,%.2f\n" % (name, calls, sec, pct))
    print("  dispatch times: %s (top: %s %.3g s)" % (common.rel(path), rows[0][0] if rows else
                                                     "-", rows[0][2] if rows else 0),
          file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.split("\n")[1:]))
    ap.add_argument("models", nargs="*", help="zoo model names (default: all but prefill)")
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--threads", default="1,%d" % os.cpu_count(),
                    help="comma-separated thread counts (default 1,nproc)")
    ap.add_argument("--variants", default="default,im2col",
                    help="default and/or im2col (im2col only for models with convolutions)")
    ap.add_argument("--repetitions", type=int, default=10)
    ap.add_argument("--min-time", type=float, default=0.5, help="seconds per repetition")
    ap.add_argument("--pin-cpu", type=int, default=os.cpu_count() - 1,
                    help="CPU the 1-thread runs are pinned to (-1: no pinning)")
    ap.add_argument("--with-prefill", action="store_true", help="also llama3_8b_prefill")
    ap.add_argument("--force", action="store_true", help="re-measure (and recompile)")
    ap.add_argument("--list", action="store_true", help="print the plan and exit")
    ap.add_argument("--no-dispatch-times", action="store_true",
                    help="skip the per-dispatch profile (1 thread, after the timing)")
    ap.add_argument("--times-dir", default=os.path.join(common.RESULTS, "iree-dispatch-times"))
    ap.add_argument("--csv", default=os.path.join(common.RESULTS, "iree-cpu-models.csv"))
    a = ap.parse_args()

    threads = [int(t) for t in a.threads.split(",") if t]
    variants = [v for v in a.variants.split(",") if v]
    pin = None if a.pin_cpu < 0 else a.pin_cpu
    exclude = () if a.with_prefill or "llama3_8b_prefill" in a.models else ("llama3_8b_prefill",)
    models = common.zoo_models(a.models, exclude)
    rows = common.read_rows(a.csv)
    done = {tuple(r[k] for k in KEY) for r in rows}
    version, cpu = common.iree_version(), common.cpu_name()
    t_all = time.time()

    for model in models:
        spec = common.specialised(model, a.batch, a.force)
        sig = common.signature(spec)
        dtype = common.main_dtype(sig)
        need, args = memory_need_bytes(sig)
        avail = common.mem_available_bytes()
        with open(spec) as f:
            convs = common.has_convolutions(f.read())
        mv = [v for v in variants if v == "default" or (v == "im2col" and convs)]
        print("%s: %s, arguments %.2f GB, needs ~%.1f GB (available %.1f GB), variants %s"
              % (model, dtype, args / 1e9, need / 1e9, avail / 1e9, ",".join(mv)),
              file=sys.stderr)
        if a.list:
            continue
        if need > avail:
            print("  skipped: needs ~%.1f GB, only %.1f GB available" % (need / 1e9, avail / 1e9),
                  file=sys.stderr)
            continue
        for variant in mv:
            todo = [t for t in threads
                    if a.force or (model, str(a.batch), dtype, str(t), variant) not in done]
            if not todo:
                print("  %s: already measured (--force to redo)" % variant, file=sys.stderr)
                continue
            suffix = "" if variant == "default" else ".im2col"
            vmfb = os.path.join(common.WORK, "vmfb", "%s_b%d%s.vmfb" % (model, a.batch, suffix))
            try:
                compile_s = common.compile_vmfb(spec, vmfb, common.VARIANTS[variant], a.force)
            except RuntimeError as e:
                print("  %s: %s" % (variant, e), file=sys.stderr)
                continue
            if compile_s:
                print("  %s: compiled in %.0f s" % (variant, compile_s), file=sys.stderr)
            n_disp = count_dispatches(model, a.batch, variant, spec)
            inputs = common.input_flags(sig)
            for t in todo:
                out = os.path.join(common.WORK, "bench", "%s_b%d%s_t%d.json"
                                   % (model, a.batch, suffix, t))
                os.makedirs(os.path.dirname(out), exist_ok=True)
                try:
                    r = common.benchmark(vmfb, sig.name, inputs, t, a.repetitions, a.min_time,
                                         out, pin_cpu=pin)
                except (RuntimeError, common.subprocess.TimeoutExpired) as e:
                    print("  %s, %d thread(s): %s" % (variant, t, e), file=sys.stderr)
                    continue
                flags = " ".join(common.TARGET_FLAGS + common.VARIANTS[variant]) + \
                    " | " + r["runtime"]
                row = {"model": model, "batch": a.batch, "dtype": dtype, "threads": t,
                       "flags": flags, "dispatches": n_disp,
                       "median_s": "%.6g" % r["median_s"], "min_s": "%.6g" % r["min_s"],
                       "repetitions": r["repetitions"], "loadavg_before": r["loadavg_before"],
                       "date": r["date"], "iree_version": version, "cpu": cpu,
                       "variant": variant, "iterations": r["iterations"],
                       "loadavg_after": r["loadavg_after"], "compile_s": "%.0f" % compile_s}
                key = tuple(str(row[k]) for k in KEY)
                rows = [x for x in rows if tuple(x[k] for k in KEY) != key] + [row]
                rows.sort(key=lambda x: (x["model"], x["variant"], int(x["threads"])))
                common.write_rows(a.csv, FIELDS, rows)
                print("  %-7s %d thread(s): median %.4g s, min %.4g s (%d reps, load %s)"
                      % (variant, t, r["median_s"], r["min_s"], r["repetitions"],
                         r["loadavg_before"]), file=sys.stderr)
                if t == 1 and not a.no_dispatch_times:
                    write_dispatch_times(a, model, suffix, vmfb, sig, inputs, pin, row)
    print("done in %.0f s; %s" % (time.time() - t_all, common.rel(a.csv)), file=sys.stderr)


if __name__ == "__main__":
    main()
