#!/usr/bin/env python3
"""Predicted (mlsysim, compiled execution) against measured (IREE on this CPU).

Reads what bench/iree/run.sh measured (bench/results/iree-cpu-ops.csv,
iree-cpu-tiny.csv, iree-cpu-models.csv) and prices the same IR with
build/bin/mlsysim-opt on the calibrated host (bench/results/host-vm-1core.yaml
for 1 thread, host-vm.yaml for all cores), then:

1. Fits one efficiency per op class on the *fit half* of the single-op suite
   (cases of a class sorted by name, every other one): the median of
   roofline / (measured - launches), where the roofline is the compiled plan's
   kernels at the calibrated peaks (efficiency 1, no launch) with
   memory-level=auto (the suite runs with warm caches). IREE's cost per
   dispatch is the median time of the one-dispatch tiny cases
   (iree-cpu-tiny.csv). Each (threads, variant) configuration gets its own
   fit: `im2col` is IREE's --iree-global-opt-use-im2col-for-convs, which only
   changes convolutions.
   Contractions that read an operand across its rows (B stored [k, n]: every
   matmul of the suite) are priced with a `strided_reads` section: its two
   efficiencies (the arithmetic's, and the share of a level's read rate
   those reads reach) are fitted together on the fit half of those cases,
   from mlsysim's own split of each case's time (t_strided_s at efficiency
   1); the tiles are IREE's lowering config for this CPU.
   A matmul whose register tile holds fewer accumulator chains than the core
   needs in flight (IREE's 1 x 16 tile for rows that are no multiple of 8 on
   AVX-512) is priced by that bound (`vector_unit`, `register_tiling`,
   docs/cost-model.md), which nothing is fitted on: such cases stay out of
   the class fit, and every prediction takes the slower of the class's
   efficiency and the bound, as mlsysim does.
2. Writes the fitted host as a device file
   (bench/results/host-vm-iree-<threads>t-<variant>.yaml): the calibrated
   peaks, `efficiency.by_class` from the fit, the compiled launch cost from the
   tiny cases, every number with its source.
3. Reports the error of the fitted prediction on the *test half* of the suite,
   per class, and on every zoo model IREE ran (the whole-model predictions use
   the fitted device: nothing is fitted on the models).

Writes bench/results/iree-comparison.csv and iree-comparison.md (a section
that bench/report.py puts into docs/validation.md).

  python3 bench/iree/compare.py
"""

import argparse
import csv
import datetime
import json
import math
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import common  # noqa: E402
import suite  # noqa: E402

RESULTS = common.RESULTS

# The suite's classes, as mlsysim classifies the same ops.
SUITE_CLASS = {
    "matmul": "matmul",
    "matmul_tb": "matmul",
    "batch_matmul": "matmul",
    "conv2d": "convolution",
    "depthwise_conv": "depthwise-convolution",
    "elementwise": "elementwise",
    "reduction": "reduction",
    "softmax": "reduction",
    "transpose": "data-movement",
}
HOST = {1: "host-vm-1core.yaml", 2: "host-vm.yaml"}

# How IREE's llvm-cpu code reads a contraction operand stored [k, n] (the
# suite's matmuls, GPT-2's Conv1D weights): it vectorizes along n without
# repacking the operand, so each reduction step starts a new row (a new page
# past 4 KiB, where the prefetchers stop). mlsysim prices those reads with a
# device's `strided_reads` (docs/cost-model.md). What depends on the CPU is
# data in the results folder's machine.json: the tiles are IREE's own choice
# for that CPU, printed by
#   iree-compile build-bench/iree/ops/matmul_1024x1024x1024.mlir \
#     --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
#     --iree-llvmcpu-target-cpu=host \
#     --mlir-print-ir-after=iree-llvmcpu-select-lowering-strategy -o /dev/null
# (lowering_config: distribution = [tile_m, tile_n, 0], vector_common_parallel
# = [register_tile_m, register_tile_n, 0]), and the private L2's read rate in
# bytes per cycle per core is the vendor's optimization guide's, at the
# calibrated clock.
MACHINE = json.load(open(os.path.join(RESULTS, "machine.json")))
TILING = MACHINE["register_tiling"]
VECTOR_UNIT = MACHINE["vector_unit"]
L2 = MACHINE["l2"]
FOLDER = os.path.relpath(RESULTS, common.ROOT)
PAGE_BYTES = 4096


def yaml_number(text, key):
    """The value of `key: {value: X, ...}` in a device file's text."""
    for line in text.splitlines():
        if line.strip().startswith(key + ":"):
            return float(line.split("value:")[1].split(",")[0].split("}")[0])
    raise KeyError(key)


def with_cpu_sections(text, strided, chains):
    """A device file's text with the L2's read rate, IREE's `register_tiling`,
    the core's `vector_unit` when `chains` (where the calibrated file does not
    have it already) and, when `strided` = (efficiency, compute efficiency,
    their source) is given, a `strided_reads` section (before
    launch_overhead_s, or at the end without one)."""
    cores = yaml_number(text, "cores")
    clock = yaml_number(text, "clock_hz")
    l2 = L2["bytes_per_cycle"] * clock * cores
    lines = text.split("\n")
    at = next(i for i, l in enumerate(lines) if "scratchpad_per_core_bytes:" in l)
    lines.insert(at + 1, "  scratchpad_bandwidth_bytes_per_s: {value: %.6g, source: %s, "
                 "note: \"%d B/cycle per core x the measured clock x %d core(s)\"}"
                 % (l2, L2["source_id"], L2["bytes_per_cycle"], cores))
    # The L2's sets (what rows a power-of-two stride apart reach), where the
    # calibrated file does not have them already.
    if "scratchpad_ways:" not in text:
        lines.insert(at + 2, "  scratchpad_ways: {value: %d, source: %s}"
                     % (L2["ways"], L2["source_id"]))
        lines.insert(at + 3, "  cache_line_bytes: {value: %d, source: %s}"
                     % (L2["line_bytes"], L2["source_id"]))
    at = next((i for i, l in enumerate(lines) if l.startswith("launch_overhead_s:")),
              len(lines))
    section = []
    sources = [(L2["source_id"], L2["title"], L2["url"]),
               ("iree-tiles", MACHINE["register_tiling_note"] + " (bench/iree/compare.py)",
                "file://bench/iree/compare.py")]
    if chains and "\nvector_unit:" not in text:
        section += ["vector_unit:",
                    "  register_bytes: {value: %d, source: %s, note: \"%s\"}"
                    % (VECTOR_UNIT["register_bytes"], VECTOR_UNIT["source_id"],
                       VECTOR_UNIT["note"]),
                    "  fma_chains: {value: %d, source: %s}"
                    % (VECTOR_UNIT["fma_chains"], VECTOR_UNIT["source_id"])]
        if VECTOR_UNIT["source_id"] != L2["source_id"]:
            sources.append((VECTOR_UNIT["source_id"], VECTOR_UNIT["title"],
                            VECTOR_UNIT["url"]))
    elif not chains:
        # The calibrated file's own vector_unit (the section's line and its
        # indented ones), left out.
        start = next((i for i, l in enumerate(lines) if l == "vector_unit:"), None)
        if start is not None:
            end = start + 1
            while end < len(lines) and lines[end].startswith("  "):
                end += 1
            del lines[start:end]
            at = next((i for i, l in enumerate(lines) if l.startswith("launch_overhead_s:")),
                      len(lines))
    section.append("register_tiling:")
    for key, value in TILING.items():
        section.append("  %s: {value: %d, source: iree-tiles}" % (key, value))
    if strided:
        efficiency, compute_efficiency, efficiency_source = strided
        section += ["strided_reads:",
                    "  page_bytes: {value: %d, assumption: \"the x86-64 base page (Linux's "
                    "default); hardware prefetchers stop at its boundary\"}" % PAGE_BYTES,
                    "  efficiency: {value: %.4g, %s}" % (efficiency, efficiency_source),
                    "  compute_efficiency: {value: %.4g, %s}" % (compute_efficiency,
                                                                efficiency_source)]
    lines[at:at] = section
    text = "\n".join(lines)
    cited = "".join("  %s:\n    title: \"%s\"\n    url: \"%s\"\n    read: 2026-12-02\n"
                    % source for source in sources)
    return text.replace("\nsources:\n", "\nsources:\n" + cited, 1)


def read_csv(name):
    path = os.path.join(RESULTS, name)
    with open(path) as f:
        return list(csv.DictReader(f))


def mlsysim(path, device, extra=""):
    """The JSON report of `path` on `device` in compiled execution."""
    options = "hardware=%s format=json output=- memory-level=auto %s" % (device, extra)
    p = subprocess.run([common.MLSYSIM_OPT, path, "--mlsysim-report=" + options.strip(),
                        "-o", "/dev/null"], capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError("mlsysim-opt failed on %s:\n%s" % (path, p.stderr[-2000:]))
    return json.loads(p.stdout)


def tensor_case(name):
    """The tensor form IREE compiled (bench_ops.write_case), written if missing."""
    import bench_ops
    by_name = {c.name: c for c in suite.full_suite() + suite.layout_suite() + suite.tiny_suite()}
    return bench_ops.write_case(by_name[name])


def strip_efficiency(device_yaml, out_path, launch, chains):
    """A copy of a calibrated host at efficiency 1 with `launch` per kernel:
    its compiled latency is the roofline of the planned kernels plus launches
    (with the accumulator chains' bound when `chains`)."""
    text = open(device_yaml).read()
    head = text.split("\nlaunch_overhead_s:")[0]
    with open(out_path, "w") as f:
        head = with_cpu_sections(head, (1.0, 1.0, "assumption: fit input"), chains)
        f.write(head.replace("id: host-vm", "id: roofline-host-vm", 1))
        f.write("\nlaunch_overhead_s: {value: %r, assumption: \"fit input\"}\n" % launch)
        f.write("efficiency:\n  compute: {value: 1.0, assumption: fit input}\n"
                "  memory: {value: 1.0, assumption: fit input}\n")
    return out_path


def fitted_device(threads, variant, fits, launch, launch_note, strided, visits):
    """The calibrated host with the fitted efficiencies and IREE's launch."""
    base = os.path.join(RESULTS, HOST[threads])
    text = open(base).read()
    # Measured visit times are taken as they are: only the arithmetic's
    # efficiency is fitted.
    text = with_cpu_sections(
        text, (strided[1], strided[0], "source: iree-fit") if strided else None, True)
    if strided and visits:
        text = text.replace(
            "  efficiency: {value: 1, source: iree-fit}",
            "  efficiency: {value: 1, assumption: \"the visits are measured "
            "(memory.strided_visits) and taken as they are\"}", 1)
    head, rest = text.split("\nlaunch_overhead_s:", 1)
    eager = rest.split("\n", 1)[0].strip()
    ident = "host-vm-iree-%dt-%s" % (threads, variant)
    head = head.replace("id: %s" % HOST[threads][:-5], "id: %s" % ident, 1)
    head = head.replace('name: "', 'name: "IREE on ', 1)
    today = datetime.date.today().isoformat()
    head = head.replace("\nsources:\n", "\nsources:\n"
                        "  iree-fit:\n"
                        "    title: \"fitted by bench/iree/compare.py: median roofline / (measured - "
                        "launches) over the fit half of %s/iree-cpu-ops.csv "
                        "(IREE 3.13.0 llvm-cpu, %d thread(s), %s flags)\"\n"
                        "    url: \"file://%s/iree-cpu-ops.csv\"\n"
                        "    read: %s\n"
                        "  iree-tiny:\n"
                        "    title: \"median time of one-dispatch tiny cases "
                        "(%s/iree-cpu-tiny.csv)\"\n"
                        "    url: \"file://%s/iree-cpu-tiny.csv\"\n"
                        "    read: %s\n" % (FOLDER, threads, variant, FOLDER, today, FOLDER, FOLDER, today), 1)
    median = statistics.median(e for pair in fits.values() for e in pair)
    lines = [head.rstrip("\n"),
             "launch_overhead_s:",
             "  eager: %s" % eager,
             "  compiled: {value: %.4g, source: iree-tiny, note: \"%s\"}" % (launch, launch_note),
             "efficiency:",
             "  compute: {value: %.4g, assumption: \"classes the suite does not cover (pooling): "
             "the median of the fitted classes\"}" % median,
             "  memory: {value: %.4g, assumption: \"as compute\"}" % median,
             "  by_class:"]
    for cls in sorted(fits):
        ec, em = fits[cls]
        lines.append("    %s: {compute: {value: %.4g, source: iree-fit}, "
                     "memory: {value: %.4g, source: iree-fit}}" % (cls, ec, em))
    path = os.path.join(RESULTS, ident + ".yaml")
    with open(path, "w") as f:
        f.write("# Written by bench/iree/compare.py; regenerate rather than edit.\n")
        f.write("\n".join(lines) + "\n")
    return path


def arithmetic(p, efficiency):
    """A case's arithmetic at `efficiency`, or at its accumulator chains'
    share where that is lower (`chained`: the arithmetic at the share)."""
    return max(p["compute"] / efficiency, p["chained"])


def predict_strided(p, strided_fit, memory_efficiency, launch):
    """The compiled time of a case with strided reads, as mlsysim prices it:
    max(arithmetic / e + stalls / s, traffic / e_memory) + launches."""
    compute_efficiency, efficiency = strided_fit
    return (max(arithmetic(p, compute_efficiency) + p["strided"] / efficiency,
                p["memory"] / memory_efficiency) + launch * p["kernels"])


def fit_strided(cases, fits, launch, visits):
    """(compute efficiency, strided-read efficiency) minimizing the median
    |log(predicted / measured)| over `cases` (a grid: two numbers, fitted
    together since a case's time is their sum); None without cases. With
    measured visit times (`visits`), the reads are taken as measured
    (efficiency 1) and only the arithmetic's efficiency is fitted."""
    if not cases:
        return None
    best = None
    for ec in [x / 100 for x in range(10, 101)]:
        for s in [1.0] if visits else [x / 1000 for x in range(10, 501, 5)]:
            score = statistics.median(
                abs(math.log(predict_strided(p, (ec, s), fits[p["cls"]][1], launch)
                             / p["measured"])) for p in cases)
            if best is None or score < best[0]:
                best = (score, ec, s)
    return best[1], best[2]


def pct(x):
    return "%+.0f%%" % (100 * x)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.parse_args()
    os.makedirs(os.path.join(common.WORK, "compare"), exist_ok=True)
    ops = read_csv("iree-cpu-ops.csv")
    tiny = read_csv("iree-cpu-tiny.csv")
    models = read_csv("iree-cpu-models.csv")

    out_rows, md = [], []
    summary = {}
    devices = {}
    for threads in (1, 2):
        launch = statistics.median(float(r["median_s"]) for r in tiny
                                   if int(r["threads"]) == threads)
        launch_note = "median of %s at %d thread(s)" % (
            ", ".join(sorted(r["name"] for r in tiny if int(r["threads"]) == threads)), threads)
        roof_dev = strip_efficiency(os.path.join(RESULTS, HOST[threads]),
                                    os.path.join(common.WORK, "compare",
                                                 "roofline-%dt.yaml" % threads), 1e-12, True)
        # The same without the accumulator chains' bound: the arithmetic at
        # the peak, which the class efficiency scales.
        free_dev = strip_efficiency(os.path.join(RESULTS, HOST[threads]),
                                    os.path.join(common.WORK, "compare",
                                                 "roofline-free-%dt.yaml" % threads), 1e-12,
                                    False)
        for variant in ("default", "im2col"):
            # Cases of this configuration: the convolutions of the variant,
            # every other op from the default build (the flag only changes
            # convolutions).
            cases = {}
            for r in ops:
                if int(r["threads"]) != threads:
                    continue
                conv = SUITE_CLASS[r["op_class"]] in ("convolution", "depthwise-convolution")
                if r["variant"] == variant or (not conv and r["variant"] == "default"):
                    cases[r["name"]] = r
            priced = []
            for name, r in sorted(cases.items()):
                report = mlsysim(tensor_case(name), free_dev)
                chained = mlsysim(tensor_case(name), roof_dev)["totals"]
                totals = report["totals"]
                kernels = totals["latency_by_execution"]["compiled"]["kernels"]
                # Waits on reads across an input's rows at efficiency 1
                # (part of t_compute_s): the arithmetic is the rest.
                strided = sum(o["t_strided_s"] or 0.0 for o in report["ops"])
                compute = totals["t_compute_s"] - strided
                priced.append(dict(name=name, cls=SUITE_CLASS[r["op_class"]],
                                   suite_class=r["op_class"], strided=strided,
                                   compute=compute,
                                   chained=chained["t_compute_s"] - strided,
                                   chain_bound=chained["t_compute_s"] - strided
                                   > compute * (1 + 1e-9),
                                   memory=totals["t_memory_s"],
                                   roofline=totals["latency_s"], kernels=kernels,
                                   dispatches=int(r["dispatches"]),
                                   measured=float(r["median_s"])))
            by_class = {}
            for p in priced:
                by_class.setdefault(p["cls"], []).append(p)
            # Two terms per class, as the model has them: the compute
            # efficiency from the fit cases whose roofline is compute-bound,
            # the memory efficiency from the memory-bound ones (the other
            # term's value when a class has cases of one kind only).
            fits = {}
            for cls, members in by_class.items():
                members.sort(key=lambda p: p["name"])
                for i, p in enumerate(members):
                    p["half"] = "fit" if i % 2 == 0 else "test"
                terms = {"compute": [], "memory": []}
                # The class's efficiency prices the contractions without
                # strided reads: fitted on such cases when the suite has
                # them (B stored [n, k]), else on all of the class (the
                # strided cases' average, their waits included).
                # Cases priced by their accumulator chains are out of it.
                plain = [p for p in members if p["half"] == "fit" and not p["strided"]
                         and not p["chain_bound"]]
                for p in members:
                    if p["half"] != "fit" or (plain and p["strided"]) or p["chain_bound"]:
                        continue
                    bound = "compute" if p["compute"] >= p["memory"] else "memory"
                    busy = max(p["measured"] - launch * p["kernels"], 1e-12)
                    terms[bound].append(p[bound] / busy)
                medians = {t: min(1.0, statistics.median(v)) for t, v in terms.items() if v}
                fits[cls] = (medians.get("compute", medians.get("memory")),
                             medians.get("memory") if len(terms["memory"]) >
                             len(terms["compute"]) else None)
            # How fast code streams memory is the memory system's and the
            # streaming kernels' (elementwise) property: classes whose cases
            # are mostly compute-bound take it (a slow skinny matmul is slow
            # code, not slow memory).
            stream = fits["elementwise"][1] or fits["elementwise"][0]
            fits = {cls: (ec, em if em is not None else stream)
                    for cls, (ec, em) in fits.items()}
            # Contractions that read an operand across its rows: their
            # arithmetic's efficiency and the share of a level's read rate
            # those reads reach, together, on the fit half of those cases
            # (other ops with such reads, sums over rows, are priced with
            # it: a check of the term, not part of its fit).
            visits = "strided_visits:" in open(os.path.join(RESULTS, HOST[threads])).read()
            strided_fit = fit_strided([p for p in priced if p["strided"] > 0 and p["cls"] == "matmul"
                                       and p["half"] == "fit"], fits, launch, visits)
            device = fitted_device(threads, variant, fits, launch, launch_note,
                                   strided_fit, visits)
            devices[(threads, variant)] = device
            for p in priced:
                ec, em = fits[p["cls"]]
                if p["strided"] > 0 and strided_fit:
                    predicted = predict_strided(p, strided_fit, em, launch)
                else:
                    predicted = max(arithmetic(p, ec), p["memory"] / em) + launch * p["kernels"]
                p["predicted"] = predicted
                p["error"] = predicted / p["measured"] - 1
                out_rows.append(dict(kind="op", name=p["name"], op_class=p["cls"],
                                     threads=threads, variant=variant, half=p["half"],
                                     measured_s="%.6g" % p["measured"],
                                     predicted_s="%.6g" % predicted,
                                     error="%.4f" % p["error"],
                                     iree_dispatches=p["dispatches"],
                                     mlsysim_kernels=p["kernels"]))
            summary[(threads, variant)] = (fits, by_class, launch, strided_fit, visits)

    # Whole models on the fitted devices: nothing here is fitted on them.
    model_rows = []
    for r in models:
        threads, variant = int(r["threads"]), r["variant"]
        if int(r["batch"]) != 1:
            continue
        path = os.path.join(common.ZOO, r["model"] + ".mlir")
        report = mlsysim(path, devices[(threads, variant)], "dynamic-dim=1")
        compiled = report["totals"]["latency_by_execution"]["compiled"]
        measured = float(r["median_s"])
        row = dict(kind="model", name=r["model"], op_class="", threads=threads,
                   variant=variant, half="test", measured_s="%.6g" % measured,
                   predicted_s="%.6g" % compiled["latency_s"],
                   error="%.4f" % (compiled["latency_s"] / measured - 1),
                   iree_dispatches=r["dispatches"], mlsysim_kernels=compiled["kernels"])
        out_rows.append(row)
        model_rows.append(row)

    with open(os.path.join(RESULTS, "iree-comparison.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(out_rows[0].keys()))
        w.writeheader()
        w.writerows(out_rows)

    # The section of docs/validation.md.
    md.append("## IREE on %s: compiled runs of the same IR\n" % MACHINE["name"])
    md.append("<!-- Generated by `python3 bench/iree/compare.py`; do not edit by hand. -->\n")
    md.append("IREE 3.13.0 (`llvm-cpu`, `--iree-llvmcpu-target-cpu=host`) compiles the suite's ops "
              "(on tensors) and the zoo models (batch 1); `iree-benchmark-module` times them "
              "(bench/iree/README.md has every flag). mlsysim prices the same IR in `compiled` "
              "execution on the calibrated host with `memory-level=auto`. One efficiency per op "
              "class is fitted on the fit half of the suite (every other case of a class, by "
              "name) and the errors below are on the other half and on the whole models, which "
              "are not fitted at all. The measurements and the fitted devices "
              "(`host-vm-iree-<threads>t-<variant>.yaml`) are in `%s/`.\n" % FOLDER)
    for (threads, variant), (fits, by_class, launch, strided_fit, visits) in summary.items():
        md.append("### %d thread%s, %s flags\n" % (threads, "" if threads == 1 else "s", variant))
        md.append("IREE's cost per dispatch (median of the one-dispatch tiny cases): %.3g µs.\n"
                  % (launch * 1e6))
        chained = [p for p in by_class.get("matmul", []) if p["chain_bound"]]
        if chained:
            md.append("Matmuls whose register tile has fewer accumulator chains than the core "
                      "needs in flight (%s) have their arithmetic priced by that bound (`vector_unit`, "
                      "`register_tiling`: IREE's tile for their rows, the core's FMA chains), "
                      "nothing fitted: they stay out of the class's fit below.\n"
                      % ", ".join("`%s` (%s)" % (p["name"], p["half"]) for p in chained))
        if strided_fit:
            dot = [p for p in by_class.get("matmul", [])
                   if not p["strided"] and not p["chain_bound"]]
            if visits:
                reads = ("arithmetic at %.3f of the peak (fitted on the fit half of those "
                         "cases), and those reads at the calibrated host's measured visit "
                         "times (`memory.strided_visits`: a line of each row at a time, by the "
                         "operand's footprint), nothing fitted on them" % strided_fit[0])
            else:
                reads = ("arithmetic at %.3f of the peak, and those reads at %.3f of the "
                         "serving level's read rate (`strided_reads`, fitted together on the "
                         "fit half of those cases)" % strided_fit)
            md.append("Contractions that read an operand across its rows (B stored [k, n]): "
                      "%s; the sums over rows, `reduce_sum_d0_*`, read their input the same "
                      "way and are priced with it, nothing fitted on them. The matmul class's "
                      "compute efficiency below prices the contractions without such reads "
                      "(B stored [n, k]: BERT's, ViT's and Llama's weights), %s.\n" % (
                          reads,
                          "fitted on %d such cases" % len([p for p in dot if p["half"] == "fit"])
                          if dot else "fitted as before on all the suite's matmuls, which are "
                          "all [k, n] in this run: no case of that layout was measured"))
        md.append("| class | fitted compute efficiency | fitted memory efficiency | test cases | median abs error | worst |")
        md.append("|---|---|---|---|---|---|")
        for cls in sorted(by_class):
            test = [p for p in by_class[cls] if p["half"] == "test"]
            errs = [abs(p["error"]) for p in test]
            worst = max(test, key=lambda p: abs(p["error"])) if test else None
            md.append("| %s | %.3f | %.3f | %d | %s | %s |" % (
                cls, fits[cls][0], fits[cls][1], len(test),
                "%.0f%%" % (100 * statistics.median(errs)) if errs else "-",
                "%s %s" % (worst["name"], pct(worst["error"])) if worst else "-"))
        md.append("")
    # IREE's CPU flags for each model: im2col where it has convolutions (the
    # NCHW default path is an outlier, shown apart), the default otherwise.
    has_im2col = {r["name"] for r in model_rows if r["variant"] == "im2col"}
    chosen = [r for r in model_rows
              if r["variant"] == ("im2col" if r["name"] in has_im2col else "default")]
    default_convs = [r for r in model_rows
                     if r["variant"] == "default" and r["name"] in has_im2col]

    def model_table(rows):
        md.append("| model | threads | flags | IREE dispatches | mlsysim kernels | measured | "
                  "predicted | error |")
        md.append("|---|---|---|---|---|---|---|---|")
        for r in sorted(rows, key=lambda r: (r["threads"], r["name"])):
            md.append("| %s | %d | %s | %s | %s | %.4g s | %.4g s | %s |" % (
                r["name"], r["threads"], r["variant"], r["iree_dispatches"],
                r["mlsysim_kernels"], float(r["measured_s"]), float(r["predicted_s"]),
                pct(float(r["error"]))))
        md.append("")

    def summarize(rows, label):
        for threads in (1, 2):
            errs = [abs(float(r["error"])) for r in rows if r["threads"] == threads]
            if errs:
                md.append("* %s, %d thread%s: median abs error %.0f%%, mean %.0f%%, over %d "
                          "models." % (label, threads, "" if threads == 1 else "s",
                                       100 * statistics.median(errs),
                                       100 * statistics.mean(errs), len(errs)))

    f32 = [r for r in chosen if not r["name"].endswith("_f16") and "llama" not in r["name"]]
    f16 = [r for r in chosen if r not in f32]
    md.append("### Whole models, f32 (batch 1, fitted device of the same configuration)\n")
    model_table(f32)
    summarize(f32, "f32 models")
    md.append("")
    md.append("### Whole models, f16 weights and activations\n")
    md.append(MACHINE["f16_note"] + "\n")
    model_table(f16)
    summarize(f16, "f16 models")
    md.append("")
    md.append("### IREE's default NCHW convolution path\n")
    md.append("Without `--iree-global-opt-use-im2col-for-convs`, IREE's direct NCHW convolutions "
              "run at 2-6 GFLOP/s on the deep, small layers of ResNet-50 (the suite's shallow "
              "convolutions reach 20+), a rate no per-class efficiency follows:\n")
    model_table(default_convs)
    summarize(default_convs, "default-flag CNNs")
    md.append("")
    # What the numbers of this machine's run say: written by hand after
    # reading them (they are not regenerated), kept next to the run.
    reading = os.path.join(RESULTS, "iree-reading.md")
    if os.path.exists(reading):
        md.append("### Reading it\n")
        md.append(open(reading).read().rstrip("\n") + "\n")
    with open(os.path.join(RESULTS, "iree-comparison.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
