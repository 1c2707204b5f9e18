#!/usr/bin/env python3
"""Compares mlsysim's predictions with the published GPU measurements of
bench/published/measurements.csv.

For every row whose network is in the model zoo, mlsysim-opt prices the zoo
file on the row's device (zoo id), at its batch, in the row's execution model
(eager, graph or compiled) and precision, and the prediction is compared with
the measured latency. Rows are split in two halves, alternately in the order
of the file: on the *fit* half, the achievable compute efficiency of matrix
kernels (one value for convolutions, one for matmuls: the share of the peak a
production library reaches, which the zoo files give as an assumption) is
fitted by grid search, minimising the mean absolute log error; the error with
the fitted values is reported on the *test* half only, next to the error with
the zoo's own assumptions on every row. A fitted efficiency rescales the
compute time of the kernels of its class, kernel by kernel (max(compute,
memory) + launch), from the per-kernel breakdown mlsysim reports.

Usage:
  python3 bench/published/compare.py [--mlsysim-opt build/bin/mlsysim-opt]
      [--csv bench/results/published-comparison.csv]
      [--markdown bench/results/published-comparison.md]

Standard library only.
"""

import argparse
import csv
import json
import math
import re
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MATRIX_CLASSES = ("convolution", "matmul")
# Inference engines: they run the fused kernels the `compiled` model prices.
# A training framework's graph compiler (TensorFlow 1 with XLA) is compiled
# too, but its per-step host overhead (a session run) is of another kind.
ENGINES = ("TensorRT", "Paddle-TRT", "gpt-fast", "vLLM", "torch.compile",
           "AITemplate")


def is_engine(row):
    return row["execution"] == "compiled" and any(
        engine in row["framework"] for engine in ENGINES)


def report_options(row):
    """mlsysim-report options for a row, or None when it cannot be priced."""
    precision = row["precision"].split(" ")[0]
    options = ["batch=%s" % row["batch"], "hardware=%s" % row["zoo_device"],
               "execution=%s" % row["execution"], "format=json", "output=-",
               "fusion=0"]
    if precision == "tf32":
        options.append("tf32=true")
    elif precision == "int8":
        options.append("precision=i8")
    elif precision == "bf16":
        options.append("precision=bf16")
    elif precision not in ("fp16", "amp-fp16", "fp32"):
        return None
    return options


def price(mlsysim_opt, row):
    """The report's units (kernels in compiled execution, ops otherwise) as
    (class, t_compute, t_memory, t_overhead), its latency and the efficiency
    the device file assumed for each matrix class."""
    options = report_options(row)
    if options is None or not row["zoo_model"]:
        return None
    model = os.path.join(ROOT, "zoo", "models", row["zoo_model"])
    out = subprocess.run(
        [mlsysim_opt, model, "--mlsysim-report=" + " ".join(options), "-o",
         "/dev/null"], capture_output=True, text=True, check=True).stdout
    doc = json.loads(out)
    if row["execution"] == "compiled":
        units = doc["kernels"]
    else:
        units = [op for op in doc["ops"] if op["modeled"] and op["latency_s"]]
    hw = doc["hardware"]
    assumed = {}
    for cls in MATRIX_CLASSES:
        entry = hw["efficiency_by_class"].get(cls, {})
        assumed[cls] = entry.get("compute") or hw["compute_efficiency"]
    return {
        "latency": doc["totals"]["latency_s"],
        "units": [(u["class"], u["t_compute_s"], u["t_memory_s"],
                   u["t_overhead_s"]) for u in units],
        "assumed": assumed,
        "kernels": doc["totals"]["latency_by_execution"][row["execution"]]
        ["kernels"],
    }


def repriced(priced, efficiency):
    """The latency with the compute efficiency of each matrix class set to
    `efficiency[class]` (None: as the device file says)."""
    total = 0.0
    for cls, tc, tm, to in priced["units"]:
        if cls in efficiency and efficiency[cls]:
            tc = tc * priced["assumed"][cls] / efficiency[cls]
        total += max(tc, tm) + to
    return total


def assumed_efficiency(device):
    """The device file's compute efficiency (efficiency.compute.value)."""
    path = os.path.join(ROOT, "zoo", "hardware", device + ".yaml")
    with open(path) as f:
        text = f.read()
    match = re.search(r"^efficiency:\s*\n\s+compute:\s*(?:\{\s*)?\n?\s*value:\s*"
                      r"([0-9.eE+-]+)", text, re.M)
    return float(match.group(1)) if match else float("nan")


def log_error(predicted, measured):
    return abs(math.log(predicted / measured))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mlsysim-opt",
                        default=os.path.join(ROOT, "build", "bin",
                                             "mlsysim-opt"))
    parser.add_argument("--measurements",
                        default=os.path.join(HERE, "measurements.csv"))
    parser.add_argument("--csv", default=os.path.join(
        ROOT, "bench", "results", "published-comparison.csv"))
    parser.add_argument("--markdown", default=os.path.join(
        ROOT, "bench", "results", "published-comparison.md"))
    args = parser.parse_args()

    rows = list(csv.DictReader(open(args.measurements)))
    priced = []
    skipped = []
    for index, row in enumerate(rows):
        result = price(args.mlsysim_opt, row)
        if result is None:
            skipped.append(row)
            continue
        row["index"] = index
        row["half"] = "fit" if len(priced) % 2 == 0 else "test"
        priced.append((row, result))

    # Fit the matrix classes' compute efficiency on the engines' rows of the
    # fit half.
    grid = [round(0.05 * i, 2) for i in range(2, 21)]
    best = None
    fit = [(r, p) for r, p in priced if r["half"] == "fit" and is_engine(r)]
    for conv in grid:
        for mm in grid:
            efficiency = {"convolution": conv, "matmul": mm}
            error = statistics.mean(
                log_error(repriced(p, efficiency), float(r["latency_s"]))
                for r, p in fit)
            if best is None or error < best[0]:
                best = (error, efficiency)
    fitted = best[1]

    os.makedirs(os.path.dirname(args.csv), exist_ok=True)
    with open(args.csv, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["workload", "zoo_model", "batch", "precision",
                         "zoo_device", "framework", "execution", "half",
                         "measured_s", "predicted_s", "error",
                         "predicted_fitted_s", "error_fitted", "kernels"])
        for r, p in priced:
            measured = float(r["latency_s"])
            fitted_latency = repriced(p, fitted)
            writer.writerow([
                r["workload"], r["zoo_model"], r["batch"], r["precision"],
                r["zoo_device"], r["framework"].split(",")[0], r["execution"],
                r["half"], "%.6g" % measured, "%.6g" % p["latency"],
                "%+.3f" % (p["latency"] / measured - 1),
                "%.6g" % fitted_latency,
                "%+.3f" % (fitted_latency / measured - 1), p["kernels"]])

    def summary(pairs, use_fitted):
        errors = [abs((repriced(p, fitted) if use_fitted else p["latency"]) /
                      float(r["latency_s"]) - 1) for r, p in pairs]
        return (len(errors), statistics.mean(errors) if errors else 0.0,
                statistics.median(errors) if errors else 0.0)

    lines = []
    lines.append("| rows | set | mean abs error | median abs error |")
    lines.append("|---|---|---|---|")
    n, mean, median = summary(priced, False)
    lines.append("| %d | every row, the zoo's assumed efficiencies | %.0f%% | "
                 "%.0f%% |" % (n, 100 * mean, 100 * median))
    test = [(r, p) for r, p in priced if r["half"] == "test"]
    n, mean, median = summary(test, False)
    lines.append("| %d | test half, assumed efficiencies | %.0f%% | %.0f%% |"
                 % (n, 100 * mean, 100 * median))
    n, mean, median = summary(test, True)
    lines.append("| %d | test half, fitted efficiencies | %.0f%% | %.0f%% |"
                 % (n, 100 * mean, 100 * median))
    for label, keep in (("inference engines (compiled)", is_engine),
                        ("TensorFlow 1 with XLA (compiled)",
                         lambda r: r["execution"] == "compiled" and
                         not is_engine(r)),
                        ("framework eager", lambda r: r["execution"] == "eager")):
        part = [(r, p) for r, p in test if keep(r)]
        if part:
            n0, mean0, median0 = summary(part, False)
            n, mean, median = summary(part, True)
            lines.append("| %d | test half, %s: assumed / fitted | %.0f%% / "
                         "%.0f%% | %.0f%% / %.0f%% |" %
                         (n, label, 100 * mean0, 100 * mean, 100 * median0,
                          100 * median))
    lines.append("")
    assumed = sorted({"%s %.0f%%" % (r["zoo_device"],
                                      100 * assumed_efficiency(r["zoo_device"]))
                      for r, _ in fit})
    lines.append("Fitted on the inference engines' rows of the fit half (%d "
                 "rows): convolution kernels reach "
                 "%.0f%% of the matrix peak, matmul kernels %.0f%% (the zoo "
                 "assumes, for what a tuned GEMM reaches on a large aligned "
                 "problem: %s)." %
                 (len(fit), 100 * fitted["convolution"],
                  100 * fitted["matmul"], ", ".join(assumed)))
    engines = [(r, p) for r, p in priced if is_engine(r)]
    if engines:
        errors = [abs(p["latency"] / float(r["latency_s"]) - 1)
                  for r, p in engines]
        beyond = sum(1 for r, p in engines
                     if max(p["latency"] / float(r["latency_s"]),
                            float(r["latency_s"]) / p["latency"]) > 1.5)
        lines.append("")
        lines.append("Every compiled inference-engine row, both halves, the "
                     "zoo's assumed efficiencies: %d rows, median error "
                     "%.0f%%, %d beyond 1.5x." %
                     (len(engines), 100 * statistics.median(errors), beyond))
    lines.append("")
    lines.append("| workload | batch | precision | device | framework | "
                 "execution | half | measured | predicted | error | fitted | "
                 "error |")
    lines.append("|---|---:|---|---|---|---|---|---:|---:|---:|---:|---:|")
    for r, p in priced:
        measured = float(r["latency_s"])
        fitted_latency = repriced(p, fitted)
        lines.append(
            "| %s | %s | %s | %s | %s | %s | %s | %.3g ms | %.3g ms | %+.0f%% "
            "| %.3g ms | %+.0f%% |" %
            (r["workload"], r["batch"], r["precision"], r["zoo_device"],
             r["framework"].split(",")[0].split("(")[0].strip(),
             r["execution"], r["half"], 1e3 * measured, 1e3 * p["latency"],
             100 * (p["latency"] / measured - 1), 1e3 * fitted_latency,
             100 * (fitted_latency / measured - 1)))
    if skipped:
        lines.append("")
        lines.append("Not priced (no zoo model of the network, or a weight-only "
                     "quantization the what-if cannot express): %d rows (%s)." %
                     (len(skipped), ", ".join(sorted(
                         {r["workload"] for r in skipped}))))
    with open(args.markdown, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines[:8]))


if __name__ == "__main__":
    main()
