#!/usr/bin/env python3
"""PyTorch eager on this CPU against mlsysim's eager execution model.

PyTorch eager runs each aten op as its own kernel, with the framework's
per-op dispatch cost in between: the `execution=eager` model of mlsysim (one
kernel per op of the IR, a launch cost per kernel). This script

1. measures PyTorch's per-op cost on this CPU: the median time of tiny ops
   (an add and a relu on 16 elements, a 4x4 matmul) over thousands of calls;
2. reads the zoo networks' eager times that bench/gpu/run.py measured on the
   CPU (`--device cpu --dtype f32 --modes eager`, copied to
   bench/results/torch-cpu-models.csv);
3. prices the zoo files in eager execution on two hosts: the calibrated
   peaks at efficiency 1 (host-vm.yaml: a lower bound) and the IREE-fitted
   host (host-vm-iree-2t-default.yaml: efficiencies of compiled CPU code),
   each with PyTorch's per-op cost as the eager launch;
4. writes bench/results/torch-cpu-comparison.md (a section of
   docs/validation.md) and torch-cpu-overhead.csv.

  .venv-gpu/bin/python bench/torch_cpu/compare.py        # needs torch
  python3 bench/torch_cpu/compare.py --reuse-overhead     # the committed per-op costs
"""

import csv
import datetime
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESULTS = os.path.join(ROOT, "bench", "results")
WORK = os.path.join(ROOT, "build-bench", "torch-cpu")
MLSYSIM_OPT = os.environ.get("MLSYSIM_OPT", os.path.join(ROOT, "build", "bin", "mlsysim-opt"))
ZOO_FILE = {"resnet50": "resnet50", "mobilenet_v2": "mobilenet_v2", "vit_b16": "vit_b16",
            "bert_base_s128": "bert_base_s128", "gpt2_small": "gpt2_small"}


def per_op_cost():
    """Median seconds per call of tiny ops (the framework's dispatch cost)."""
    import torch
    x = torch.ones(16)
    m = torch.ones(4, 4)
    ops = {"add_16": lambda: torch.add(x, x), "relu_16": lambda: torch.relu(x),
           "matmul_4x4": lambda: torch.matmul(m, m)}
    rows = []
    with torch.inference_mode():
        for name, fn in ops.items():
            for _ in range(2000):
                fn()
            samples = []
            for _ in range(15):
                n = 5000
                t0 = time.perf_counter()
                for _ in range(n):
                    fn()
                samples.append((time.perf_counter() - t0) / n)
            rows.append(dict(op=name, median_s=statistics.median(samples),
                             min_s=min(samples), threads=torch.get_num_threads(),
                             torch_version=torch.__version__,
                             date=datetime.datetime.now().isoformat(timespec="seconds")))
    return rows


def device_with_launch(base, launch, ident):
    """`base` with eager launch `launch` (PyTorch's per-op cost)."""
    text = open(base).read()
    head, rest = text.split("\nlaunch_overhead_s:", 1)
    # Drop the launch block (a one-line form or an indented map).
    lines = rest.split("\n")
    tail_start = 1
    while tail_start < len(lines) and lines[tail_start].startswith(" "):
        tail_start += 1
    tail = "\n".join(lines[tail_start:])
    head = head.replace("\nid: ", "\nid: %s-" % ident, 1)
    head = head.replace("\nsources:\n", "\nsources:\n"
                        "  torch-op:\n"
                        "    title: \"median time of tiny PyTorch ops on this CPU "
                        "(bench/results/torch-cpu-overhead.csv)\"\n"
                        "    url: \"file://bench/results/torch-cpu-overhead.csv\"\n"
                        "    read: %s\n" % datetime.date.today().isoformat(), 1)
    out = os.path.join(WORK, "%s.yaml" % ident)
    with open(out, "w") as f:
        f.write(head + "\nlaunch_overhead_s: {value: %.4g, source: torch-op}\n" % launch + tail)
    return out


def predict(model, device):
    options = "hardware=%s dynamic-dim=1 execution=eager memory-level=auto format=json output=-" % device
    p = subprocess.run([MLSYSIM_OPT, os.path.join(ROOT, "zoo", "models", model + ".mlir"),
                        "--mlsysim-report=" + options, "-o", "/dev/null"],
                       capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError(p.stderr[-2000:])
    totals = json.loads(p.stdout)["totals"]
    return totals["latency_by_execution"]["eager"]


def main():
    os.makedirs(WORK, exist_ok=True)
    path = os.path.join(RESULTS, "torch-cpu-overhead.csv")
    if "--reuse-overhead" in sys.argv[1:]:
        # The committed per-op costs, measured with the models' times: the
        # predictions are regenerated without PyTorch.
        with open(path) as f:
            overhead = [dict(r, median_s=float(r["median_s"]), min_s=float(r["min_s"]),
                             threads=int(r["threads"]))
                        for r in csv.DictReader(f)]
    else:
        overhead = per_op_cost()
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(overhead[0].keys()))
        w.writeheader()
        w.writerows(overhead)
    launch = statistics.median(r["median_s"] for r in overhead)
    hosts = {
        "calibrated peaks": device_with_launch(os.path.join(RESULTS, "host-vm.yaml"), launch,
                                               "torch-peaks"),
        "IREE-fitted": device_with_launch(os.path.join(RESULTS, "host-vm-iree-2t-default.yaml"),
                                          launch, "torch-iree"),
    }
    measured = [r for r in csv.DictReader(open(os.path.join(RESULTS, "torch-cpu-models.csv")))
                if r["execution"] == "eager" and r["batch"] == "1"]
    md = ["## PyTorch eager on this CPU\n",
          "<!-- Generated by `bench/torch_cpu/compare.py`; do not edit by hand. -->\n",
          "PyTorch %s eager (f32, batch 1, %d threads, `torch.inference_mode`) runs the zoo "
          "networks (`bash bench/gpu/run.sh --device cpu --dtype f32 --modes eager`); "
          "mlsysim prices the zoo files in `execution=eager`: one kernel per op of the IR, each "
          "with PyTorch's per-op cost measured here (median of tiny ops: %s) as its launch. The "
          "calibrated host at efficiency 1 is a bound; the IREE-fitted host applies the "
          "efficiencies compiled CPU code reached (section above), including its waits on "
          "operands read across their rows (`strided_reads`), which PyTorch's GEMM library, "
          "repacking its operands, does not pay: GPT-2's [in, out] Conv1D weights make that "
          "column its worst.\n" % (
              overhead[0]["torch_version"], overhead[0]["threads"],
              ", ".join("%s %.2f µs" % (r["op"], 1e6 * r["median_s"]) for r in overhead)),
          "| model | measured | eager kernels (ours) | predicted, peaks | error | predicted, "
          "IREE-fitted | error |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    errors = {k: [] for k in hosts}
    for r in sorted(measured, key=lambda r: r["model"]):
        zoo = ZOO_FILE.get(r["model"])
        if not zoo:
            continue
        t = float(r["median_s"])
        cells = []
        kernels = None
        for label, device in hosts.items():
            eager = predict(zoo, device)
            kernels = eager["kernels"]
            err = eager["latency_s"] / t - 1
            errors[label].append(abs(err))
            cells.append("%.4g s | %+.0f%%" % (eager["latency_s"], 100 * err))
        md.append("| %s | %.4g s | %s | %s |" % (r["model"], t, kernels, " | ".join(cells)))
    md.append("")
    for label, errs in errors.items():
        if errs:
            md.append("* %s: median abs error %.0f%%, mean %.0f%% over %d models." % (
                label, 100 * statistics.median(errs), 100 * statistics.mean(errs), len(errs)))
    md.append("")
    with open(os.path.join(RESULTS, "torch-cpu-comparison.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    sys.exit(main())
