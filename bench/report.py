#!/usr/bin/env python3
"""Compares measured times with mlsysim's predictions and writes the results:
per case the measured time, the roofline bound and the expected latency on a
device file (or zoo entry), their ratios, the MAPE per op class before and after
fitting one efficiency per class on half of the cases, a log-log scatter (SVG),
a CSV and a JSON under bench/results/, and docs/validation.md.

  python3 bench/report.py                      # regenerate from bench/results/
  python3 bench/report.py --check              # also fail if a bound is beaten

Standard library only.
"""

import argparse
import csv
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import suite  # noqa: E402

TOLERANCE = 0.05  # a measured time may beat the bound by at most 5%


def read_measured(path):
    meta, rows = {}, []
    with open(path) as f:
        lines = []
        for line in f:
            if line.startswith("# "):
                key, _, value = line[2:].partition(":")
                meta[key.strip()] = value.strip()
            else:
                lines.append(line)
    for row in csv.DictReader(lines):
        row["median_s"] = float(row["median_s"])
        rows.append(row)
    return meta, rows


def predict(mlsysim_opt, case_file, hardware, memory_level):
    """Sums the report over the case's ops (softmax has five)."""
    out = subprocess.run(
        [mlsysim_opt, case_file, "--mlsysim-report=hardware=%s format=json output=- "
         "memory-level=%s" % (hardware, memory_level), "-o", os.devnull],
        capture_output=True, text=True, check=True).stdout
    report = json.loads(out)
    ops = [op for op in report["ops"] if op["modeled"] and op["bound"] != "free"]
    if any(not op["modeled"] for op in report["ops"]):
        raise RuntimeError("%s has unmodeled ops" % case_file)
    main = max(ops, key=lambda op: op["latency_s"])
    return {
        "latency_s": sum(op["latency_s"] for op in ops),
        "roofline_s": sum(op["roofline_s"] for op in ops),
        "overhead_s": sum(op["t_overhead_s"] for op in ops),
        "bound": main["bound"],
        "memory_level": "/".join(sorted({op["memory_level"] for op in ops})),
        "flops": sum(op["flops"] for op in ops),
        "bytes": sum(op["bytes_read"] + op["bytes_written"] for op in ops),
        "hardware_id": report["hardware"]["id"],
        "hardware_name": report["hardware"]["name"],
    }


def fit(rows):
    """One efficiency per op class, fitted on every other case of the class
    (sorted by name), and the fitted prediction for every case. The fitted
    efficiency is the median fraction of the roofline the fit half reached."""
    by_class = {}
    for row in rows:
        by_class.setdefault(row["op_class"], []).append(row)
    efficiencies = {}
    for op_class, members in by_class.items():
        members.sort(key=lambda r: r["name"])
        for i, row in enumerate(members):
            row["split"] = "fit" if i % 2 == 0 else "test"
        fitted = [r["roofline_s"] / r["measured_s"] for r in members if r["split"] == "fit"]
        efficiencies[op_class] = statistics.median(fitted)
        for row in members:
            row["fitted_s"] = row["roofline_s"] / efficiencies[op_class] + row["overhead_s"]
    return efficiencies


def ape(predicted, measured):
    return abs(predicted - measured) / measured


def mape_table(rows):
    classes = sorted({r["op_class"] for r in rows})
    table = []
    for c in classes + ["all"]:
        members = [r for r in rows if c in ("all", r["op_class"])]
        test = [r for r in members if r["split"] == "test"]
        table.append({
            "op_class": c, "cases": len(members),
            "mape_expected": 100 * statistics.mean(ape(r["predicted_s"], r["measured_s"]) for r in members),
            "mape_fitted_test": 100 * statistics.mean(ape(r["fitted_s"], r["measured_s"]) for r in test) if test else float("nan"),
            "test_cases": len(test),
        })
    return table


COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
          "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]


def scatter_svg(rows, title, key="predicted_s", label="predicted (expected) latency"):
    """A log-log scatter of a prediction (x) against the measurement (y)."""
    w, h, pad = 640, 520, 70
    xs = [r[key] for r in rows] + [r["measured_s"] for r in rows]
    lo = 10 ** math.floor(math.log10(min(xs)))
    hi = 10 ** math.ceil(math.log10(max(xs)))
    def sx(v): return pad + (w - 2 * pad) * (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
    def sy(v): return h - pad - (h - 2 * pad) * (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">' % (w + 170, h),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="20" font-size="14">%s</text>' % (pad, title)]
    decade = lo
    while decade <= hi * 1.001:
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>' % (sx(decade), pad, sx(decade), h - pad))
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (pad, sy(decade), w - pad, sy(decade)))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%g</text>' % (sx(decade), h - pad + 16, decade))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%g</text>' % (pad - 4, sy(decade) + 4, decade))
        decade *= 10
    out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black" stroke-dasharray="4,3"/>' % (sx(lo), sy(lo), sx(hi), sy(hi)))
    out.append('<text x="%d" y="%d" text-anchor="middle">%s (s)</text>' % (w / 2, h - 20, label))
    out.append('<text x="18" y="%d" transform="rotate(-90 18 %d)" text-anchor="middle">measured median (s)</text>' % (h / 2, h / 2))
    classes = sorted({r["op_class"] for r in rows})
    for i, c in enumerate(classes):
        color = COLORS[i % len(COLORS)]
        for r in rows:
            if r["op_class"] == c:
                out.append('<circle cx="%.1f" cy="%.1f" r="4" fill="%s" fill-opacity="0.8"><title>%s: predicted %.3g s, measured %.3g s</title></circle>'
                           % (sx(r[key]), sy(r["measured_s"]), color, r["name"], r[key], r["measured_s"]))
        out.append('<circle cx="%d" cy="%d" r="4" fill="%s"/><text x="%d" y="%d">%s</text>' % (w - pad + 20, pad + 18 * i, color, w - pad + 30, pad + 18 * i + 4, c))
    out.append('<text x="%d" y="%d">dashed: measured = predicted</text>' % (w - pad + 20, pad + 18 * len(classes) + 10))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def compare(measured_csv, hardware, mlsysim_opt, memory_level):
    meta, measured = read_measured(measured_csv)
    rows = []
    cases = {c.name: c for c in suite.full_suite() + suite.tiny_suite()}
    scratch = tempfile.mkdtemp(prefix="mlsysim-report-")
    for m in measured:
        case_file = os.path.join(HERE, "cases", m["name"] + ".mlir")
        if not os.path.exists(case_file):  # a tiny-suite case (script tests)
            case_file = os.path.join(scratch, m["name"] + ".mlir")
            with open(case_file, "w") as f:
                f.write(cases[m["name"]].kernel())
        p = predict(mlsysim_opt, case_file, hardware, memory_level)
        row = {"name": m["name"], "op_class": m["op_class"], "measured_s": m["median_s"],
               "predicted_s": p["latency_s"], "roofline_s": p["roofline_s"],
               "overhead_s": p["overhead_s"], "bound": p["bound"],
               "memory_level": p["memory_level"], "flops": p["flops"], "bytes": p["bytes"],
               "footprint_bytes": cases[m["name"]].footprint_bytes() if m["name"] in cases else None}
        row["measured_over_bound"] = row["measured_s"] / row["roofline_s"]
        row["measured_over_predicted"] = row["measured_s"] / row["predicted_s"]
        rows.append(row)
    efficiencies = fit(rows)
    return meta, p, rows, efficiencies


def fmt_bytes(n):
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return "%.3g %s" % (n / scale, unit)
    return "%d B" % n


def write_doc(path, meta, device, rows, efficiencies, table, calib_table, svg_rel, args):
    worst = max(rows, key=lambda r: 1 / r["measured_over_bound"])
    violations = [r for r in rows if r["measured_over_bound"] < 1 - TOLERANCE]
    L = []
    L.append("# Validation: predicted vs measured\n")
    L.append("<!-- Generated by `python3 bench/report.py`; do not edit by hand. -->\n")
    L.append("Three checks of the predictions against real runs: (1) **IREE**, a production "
             "compiler, compiles the same linalg IR (the zoo models and the op suite) for the CPU "
             "it runs on and times it: the compiled-execution prediction is compared with it, with "
             "efficiencies fitted on half the op suite, on each machine that ran it (an AMD EPYC VM, "
             "an Intel Xeon VM: one section each); (2) **published GPU measurements** (TensorRT, "
             "torch.compile, TensorFlow) priced on the zoo's device files; (3) the **untuned "
             "code** column: the op suite compiled by upstream MLIR's naive CPU lowering, against "
             "the host's calibrated roofline. `mlsysim-calibrate` measures the host's sustained "
             "peaks and writes them as the device file all CPU predictions use.\n")
    L.append("## How to regenerate\n")
    L.append("```sh\nMLSYSIM_BUILD_DIR=$PWD/build-bench bash scripts/build.sh\n"
             "bash bench/run.sh            # calibrate (minutes), run the suite, then bench/report.py\n"
             "python3 bench/report.py      # only regenerate this page from bench/results/\n"
             "bash bench/iree/run.sh       # IREE: compile and time the zoo and the suite (~25 min)\n"
             "python3 bench/iree/compare.py       # fit on half the suite, predict the rest\n"
             "MLSYSIM_BENCH_MACHINE=intel-xeon-vm bash bench/iree/run.sh  # another CPU: "
             "its own folder (bench/iree/README.md)\n"
             "python3 bench/published/compare.py  # price the published GPU measurements\n"
             "bash bench/gpu/run.sh --device cpu --dtype f32 --modes eager  # PyTorch eager here\n"
             ".venv-gpu/bin/python bench/torch_cpu/compare.py             # ... against execution=eager\n"
             "bash bench/gpu/run.sh        # on a lent NVIDIA GPU (bench/gpu/README.md)\n```\n")
    # The sections other scripts generate: IREE's compiled runs of the same
    # IR on this CPU (bench/iree/compare.py) and the published GPU
    # measurements (bench/published/compare.py).
    # One section per machine that ran it: bench/results/ (the first) and
    # each bench/results/<machine>/ (MLSYSIM_BENCH_MACHINE, bench/iree).
    results = os.path.join(ROOT, "bench", "results")
    for folder in [results] + sorted(
            os.path.join(results, d) for d in os.listdir(results)
            if os.path.isdir(os.path.join(results, d))):
        iree = os.path.join(folder, "iree-comparison.md")
        if os.path.exists(iree):
            L.append("")
            L.append(open(iree).read())
    torch_cpu = os.path.join(ROOT, "bench", "results", "torch-cpu-comparison.md")
    if os.path.exists(torch_cpu):
        L.append("")
        L.append(open(torch_cpu).read())
    published = os.path.join(ROOT, "bench", "results", "published-comparison.md")
    if os.path.exists(published):
        L.append("\n## Published GPU measurements\n")
        L.append("<!-- Generated by `python3 bench/published/compare.py`; do not edit by hand. -->\n")
        L.append("`bench/published/measurements.csv` holds latencies measured and published by "
                 "others (each row with its source, framework, execution mode, precision, batch "
                 "and device; bench/published/README.md). Each is priced in the matching "
                 "execution mode on the zoo's device file; efficiencies are fitted on the fit "
                 "half of the compiled inference-engine rows and the error is reported on the "
                 "other half. Framework-eager and TensorFlow-1 rows run kernels at a granularity "
                 "(cuDNN's fused batch norm, TF sessions' per-step overhead) that the IR does not "
                 "show; they are listed, not fitted.\n")
        L.append(open(published).read())
    # Training steps against published throughputs
    # (bench/published/training_compare.py) and measured profiles mapped
    # onto the IR (bench/profile/torch_profile.py).
    for generated in ("training-comparison.md", "training-torch-cpu.md",
                      "profile-overlay.md"):
        path = os.path.join(ROOT, "bench", "results", generated)
        if os.path.exists(path):
            text = open(path).read()
            # A section of the page: its title one level down.
            if text.startswith("# "):
                text = "#" + text
            L.append("\n" + text)
    L.append("## Untuned code: upstream MLIR's CPU lowering\n")
    L.append("### Method\n")
    L.append("* **Machine**: %s. **Date**: %s. **MLIR**: LLVM %s (Debian). **Harness**: %s.\n"
             % (meta.get("machine"), meta.get("date"), meta.get("mlir"), meta.get("harness")))
    L.append("* **Device file**: `%s` (`%s`), written by `mlsysim-calibrate --single-core-output`: "
             "the suite runs single-threaded (MLIR's CPU lowering without an OpenMP/async runtime), "
             "so it is compared with the peaks of one core. Efficiencies are 1 (the peaks are "
             "measured sustained rates), so the expected latency is the roofline bound plus the "
             "measured cost of one call.\n" % (os.path.relpath(args.hardware, ROOT), device["hardware_id"]))
    L.append("* **Suite** (`bench/suite.py`, cases in `bench/cases/`): %d single-op cases in f32: square "
             "and skinny matmuls, batch_matmul, 2-D convolutions (3x3, strided, 1x1), depthwise "
             "convolutions (incl. strided), elementwise maps (add, exp, scale+ReLU), reductions "
             "along either dimension, transposes and softmax (its usual 5-op lowering); working "
             "sets from %s to %s (the LLC is 32 MiB).\n"
             % (len(rows), fmt_bytes(min(r["footprint_bytes"] for r in rows)), fmt_bytes(max(r["footprint_bytes"] for r in rows))))
    L.append("* **Pipeline** (`bench/harness.py`): the kernel is tiled and vectorized by a transform-"
             "dialect script (`transform.structured.tile_using_for`, `vectorize_children_and_apply_patterns`, "
             "contractions lowered to outer products and FMAs, transfers and transposes to 1-D vector "
             "ops); convolutions are generalized and interchanged so the output channel is innermost "
             "and left to LLVM's loop vectorizer (linalg vectorizes only 1-D convolutions, and the "
             "2-D to 1-D decomposition needs tensors); then `convert-linalg-to-loops`, "
             "`test-math-polynomial-approximation` (a vectorizable `exp`), `expand-strided-metadata`, "
             "`lower-affine`, `convert-vector-to-scf`, `convert-scf-to-cf`, `convert-vector-to-llvm`, "
             "`convert-to-llvm`; `mlir-runner -O3` JIT-compiles and runs it.\n")
    L.append("* **Inputs and check**: inputs are filled with a deterministic hash of the element index "
             "in [-0.5, 0.5); the first run's result is compared with the same ops lowered to naive "
             "loops (max |error| relative to max |result| at most 1e-4); it is also the warm-up.\n")
    L.append("* **Timing**: `rtclock()` around each call; at least %s repetitions and at least %s s "
             "of runs; the **median** is reported. **Caches are not flushed** between repetitions: a "
             "working set that fits the 32 MiB last-level cache is served from it, so the comparison "
             "runs the model with `memory-level=%s` (traffic of an op whose footprint fits the LLC is "
             "priced at the measured LLC bandwidth). No case fits the private L2 except compute-bound "
             "matmuls, since the model knows no cache level below the LLC.\n"
             % (meta.get("min_reps", "7"), meta.get("min_time_s", "0.5"), args.memory_level))
    L.append("* **Fitted efficiencies**: one per op class, the median fraction of the roofline reached "
             "by every other case of the class (sorted by name: the *fit* half); the error of the "
             "fitted prediction `roofline / efficiency + call overhead` is reported on the other "
             "(*test*) half only.\n")
    L.append("### The calibrated host\n")
    L.append("```\n" + calib_table.strip() + "\n```\n")
    L.append("### Results\n")
    L.append("**Bound check**: %d of %d cases beat the roofline bound by more than %d%%. The closest "
             "to its bound is `%s` at measured/bound = %.3f.\n"
             % (len(violations), len(rows), int(TOLERANCE * 100), worst["name"], worst["measured_over_bound"]))
    for r in violations:
        L.append("* bound beaten: `%s` measured/bound = %.3f\n" % (r["name"], r["measured_over_bound"]))
    L.append("\n### Error of the expected latency per op class (MAPE)\n")
    L.append("| op class | cases | MAPE, expected latency (eff. 1) | fitted efficiency | MAPE, fitted (test half) |\n|---|---|---|---|---|")
    for t in table:
        eff = efficiencies.get(t["op_class"])
        L.append("| %s | %d | %.0f%% | %s | %s |" % (
            t["op_class"], t["cases"], t["mape_expected"], "%.3f" % eff if eff else "",
            "%.0f%% (%d cases)" % (t["mape_fitted_test"], t["test_cases"]) if t["test_cases"] else "n/a"))
    L.append("\n![predicted vs measured](%s)\n" % svg_rel)
    L.append("The scatter plots the expected latency (efficiency 1) against the measured median; "
             "every point lies above the diagonal where the bound holds. Hover a point for its case.\n")
    L.append("### Per case\n")
    L.append("| case | class | footprint | bound | level | measured (s) | roofline bound (s) | expected (s) | measured / bound | measured / expected | fitted (s) | split | GPU measured (s) |\n"
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in sorted(rows, key=lambda r: (r["op_class"], r["name"])):
        L.append("| `%s` | %s | %s | %s | %s | %.3e | %.3e | %.3e | %.2f | %.2f | %.3e | %s | pending |" % (
            r["name"], r["op_class"], fmt_bytes(r["footprint_bytes"]), r["bound"], r["memory_level"],
            r["measured_s"], r["roofline_s"], r["predicted_s"], r["measured_over_bound"],
            r["measured_over_predicted"], r["fitted_s"], r["split"]))
    L.append("\n## GPU runs\n")
    L.append("`bash bench/gpu/run.sh` (bench/gpu/README.md) times the zoo networks (PyTorch eager, "
             "CUDA graphs, torch.compile; IREE's CUDA target when its modules are carried) and the "
             "op suite on a lent NVIDIA GPU in one budgeted run and writes CSVs in the formats "
             "above; no GPU has been lent to this project's sessions yet, so the GPU columns are "
             "still to be measured.\n")
    L.append("## Files\n")
    L.append("* `bench/results/%s-measured.csv`: measured times (with date, machine and versions);\n"
             "* `bench/results/%s-comparison.csv` and `.json`: everything in the tables above;\n"
             "* `bench/results/%s-scatter.svg`: the scatter;\n"
             "* `bench/results/host-*.yaml`, `calibration-table.txt`: the calibrated device files and the calibration table.\n"
             % (args.output_prefix, args.output_prefix, args.output_prefix))
    with open(path, "w") as f:
        f.write("\n".join(L))


def main():
    p = argparse.ArgumentParser(description="predicted vs measured")
    p.add_argument("--measured", default=os.path.join(HERE, "results", "cpu-measured.csv"))
    p.add_argument("--hardware", default=os.path.join(HERE, "results", "host-vm-1core.yaml"),
                   help="device file or zoo id the prediction uses")
    p.add_argument("--mlsysim-opt", default=os.path.join(ROOT, "build-bench", "bin", "mlsysim-opt"))
    p.add_argument("--memory-level", default="auto")
    p.add_argument("--output-prefix", default="cpu")
    p.add_argument("--doc", default=os.path.join(ROOT, "docs", "validation.md"),
                   help="the page to write ('' for none)")
    p.add_argument("--calibration-table", default=os.path.join(HERE, "results", "calibration-table.txt"))
    p.add_argument("--check", action="store_true", help="exit 1 if a bound is beaten by more than 5%%")
    args = p.parse_args()

    meta, device, rows, efficiencies = compare(args.measured, args.hardware, args.mlsysim_opt, args.memory_level)
    table = mape_table(rows)
    results = os.path.join(HERE, "results")
    prefix = os.path.join(results, args.output_prefix)
    fields = ["name", "op_class", "footprint_bytes", "flops", "bytes", "bound", "memory_level",
              "measured_s", "roofline_s", "predicted_s", "overhead_s", "measured_over_bound",
              "measured_over_predicted", "split", "fitted_s"]
    with open(prefix + "-comparison.csv", "w", newline="") as f:
        for k, v in meta.items():
            f.write("# %s: %s\n" % (k, v))
        f.write("# hardware: %s (%s)\n" % (device["hardware_id"], os.path.relpath(args.hardware, ROOT) if os.path.exists(args.hardware) else args.hardware))
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        w.writerows(sorted(rows, key=lambda r: r["name"]))
    with open(prefix + "-comparison.json", "w") as f:
        json.dump({"meta": meta, "hardware": device["hardware_id"], "memory_level": args.memory_level,
                   "efficiencies": efficiencies, "mape": table,
                   "cases": sorted(rows, key=lambda r: r["name"])}, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(prefix + "-scatter.svg", "w") as f:
        f.write(scatter_svg(rows, "%s: measured vs expected latency on %s" % (meta.get("machine", ""), device["hardware_id"])))
    if args.doc:
        calib = open(args.calibration_table).read() if os.path.exists(args.calibration_table) else "(not run)"
        write_doc(args.doc, meta, device, rows, efficiencies, table, calib,
                  os.path.relpath(prefix + "-scatter.svg", os.path.dirname(args.doc)), args)
    for t in table:
        print("%-16s cases=%2d MAPE expected=%6.1f%%  fitted(test)=%6.1f%%" % (
            t["op_class"], t["cases"], t["mape_expected"], t["mape_fitted_test"]))
    worst = min(rows, key=lambda r: r["measured_over_bound"])
    print("closest to the bound: %s measured/bound=%.3f" % (worst["name"], worst["measured_over_bound"]))
    bad = [r for r in rows if r["measured_over_bound"] < 1 - TOLERANCE]
    for r in bad:
        print("BOUND BEATEN: %s measured/bound=%.3f" % (r["name"], r["measured_over_bound"]))
    return 1 if (args.check and bad) else 0


if __name__ == "__main__":
    sys.exit(main())
