#!/usr/bin/env python3
"""Lowers each case of bench/suite.py with upstream MLIR 22, runs it through
mlir-runner with random inputs, checks it against a naive reference and times
it (median of repeated runs).

Pipeline (CPU, single-threaded):
  1. the kernel is tiled and vectorized by a transform-dialect script
     (tile_using_for, vectorize_children_and_apply_patterns; contractions
     lowered to outer products / FMAs, transfers and transposes to 1-D vector
     ops); convolutions are generalized and their loops permuted so that the
     output channel is innermost, and left to LLVM's loop vectorizer;
  2. the reference (the same ops) and the driver are lowered to plain loops
     (convert-linalg-to-loops);
  3. math.exp becomes a vectorizable polynomial
     (test-math-polynomial-approximation), then vector/scf/cf/memref/func are
     converted to the LLVM dialect and JIT-compiled by mlir-runner at -O3.

Caches are NOT flushed between repetitions: a case whose working set fits the
last-level cache is served from it, and the comparison prices it with
`memory-level=auto`. The first (checked) run is the warm-up.

Standard library only, so the lit test runs it without a venv.
"""

import argparse
import csv
import datetime
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402

LLVM = "/usr/lib/llvm-22"
LOWERING = ("builtin.module(transform-preload-library{transform-library-paths=%s},"
            "transform-interpreter,canonicalize,cse,"
            "func.func(convert-linalg-to-loops),test-math-polynomial-approximation,"
            "expand-strided-metadata,lower-affine,convert-vector-to-scf,"
            "convert-scf-to-cf,convert-vector-to-llvm,convert-to-llvm,"
            "reconcile-unrealized-casts)")


def transform_script(case):
    lines = [
        "module attributes {transform.with_named_sequence} {",
        "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {",
        '    %k = transform.structured.match ops{["func.func"]} attributes{sym_name = "kernel"} in %root : (!transform.any_op) -> !transform.any_op',
    ]
    for i, (op, tiles) in enumerate(case.tiles):
        loops = sum(1 for t in tiles if t)
        lines.append('    %%o%d = transform.structured.match ops{["%s"]} in %%k : (!transform.any_op) -> !transform.any_op' % (i, op))
        lines.append("    %%t%d, %%l%d:%d = transform.structured.tile_using_for %%o%d tile_sizes [%s] : (!transform.any_op) -> (%s)"
                     % (i, i, loops, i, ", ".join(map(str, tiles)),
                        ", ".join(["!transform.any_op"] * (loops + 1))))
    if case.interchange:
        op, perm = case.interchange
        lines.append('    %%c = transform.structured.match ops{["%s"]} in %%k : (!transform.any_op) -> !transform.any_op' % op)
        lines.append("    %g = transform.structured.generalize %c : (!transform.any_op) -> !transform.any_op")
        lines.append("    %%p = transform.structured.interchange %%g iterator_interchange = [%s] : (!transform.any_op) -> !transform.any_op"
                     % ", ".join(map(str, perm)))
    lines += [
        "    %kv = transform.structured.vectorize_children_and_apply_patterns %k : (!transform.any_op) -> !transform.any_op",
        "    transform.apply_patterns to %kv {",
        '      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"',
        "      transform.apply_patterns.vector.transfer_permutation_patterns",
        '      transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = "innerparallel"',
        "      transform.apply_patterns.vector.lower_outerproduct",
        '      transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_1d"',
        "      transform.apply_patterns.vector.lower_transfer max_transfer_rank = 1",
        "      transform.apply_patterns.canonicalization",
        "    } : !transform.any_op",
        "    transform.yield",
        "  }",
        "}",
    ]
    return "\n".join(lines) + "\n"


def _init_random(name, shape, seed):
    """A deterministic pseudo-random fill in [-0.5, 0.5): a multiplicative hash
    of the element's linear index (the same values on every run)."""
    rank = len(shape)
    dims = ", ".join("d%d" % i for i in range(rank))
    out = ["  linalg.generic {indexing_maps = [affine_map<(%s) -> (%s)>], iterator_types = [%s]} outs(%%%s : %s) {"
           % (dims, dims, ", ".join(['"parallel"'] * rank), name, suite.memref(shape)),
           "  ^bb0(%%o_%s: f32):" % name]
    out.append("    %%lin_%s_0 = linalg.index 0 : index" % name)
    for i in range(1, rank):
        out.append("    %%ix_%s_%d = linalg.index %d : index" % (name, i, i))
        out.append("    %%sz_%s_%d = arith.constant %d : index" % (name, i, shape[i]))
        out.append("    %%mul_%s_%d = arith.muli %%lin_%s_%d, %%sz_%s_%d : index" % (name, i, name, i - 1, name, i))
        out.append("    %%lin_%s_%d = arith.addi %%mul_%s_%d, %%ix_%s_%d : index" % (name, i, name, i, name, i))
    out += [
        "    %%i64_%s = arith.index_cast %%lin_%s_%d : index to i64" % (name, name, rank - 1),
        "    %%k_%s = arith.constant 2654435761 : i64" % name,
        "    %%s_%s = arith.constant %d : i64" % (name, seed * 40503 + 12345),
        "    %%mask_%s = arith.constant 16777215 : i64" % name,
        "    %%h0_%s = arith.muli %%i64_%s, %%k_%s : i64" % (name, name, name),
        "    %%h1_%s = arith.addi %%h0_%s, %%s_%s : i64" % (name, name, name),
        "    %%c13_%s = arith.constant 13 : i64" % name,
        "    %%h2_%s = arith.shrui %%h1_%s, %%c13_%s : i64" % (name, name, name),
        "    %%h3_%s = arith.andi %%h2_%s, %%mask_%s : i64" % (name, name, name),
        "    %%f_%s = arith.uitofp %%h3_%s : i64 to f32" % (name, name),
        "    %%scale_%s = arith.constant 5.9604645e-08 : f32" % name,
        "    %%half_%s = arith.constant 0.5 : f32" % name,
        "    %%u_%s = arith.mulf %%f_%s, %%scale_%s : f32" % (name, name, name),
        "    %%v_%s = arith.subf %%u_%s, %%half_%s : f32" % (name, name, name),
        "    linalg.yield %%v_%s : f32" % name,
        "  }",
    ]
    return out


def _compare(out, ref, shape):
    """Prints max |out - ref| and max |ref| over the whole buffer."""
    rank = len(shape)
    dims = ", ".join("d%d" % i for i in range(rank))
    t = suite.memref(shape)
    return [
        "  %%err_%s = memref.alloc() : memref<f32>" % out,
        "  %%mag_%s = memref.alloc() : memref<f32>" % out,
        "  linalg.fill ins(%%zf : f32) outs(%%err_%s : memref<f32>)" % out,
        "  linalg.fill ins(%%zf : f32) outs(%%mag_%s : memref<f32>)" % out,
        "  linalg.generic {indexing_maps = [affine_map<(%s) -> (%s)>, affine_map<(%s) -> (%s)>, affine_map<(%s) -> ()>, affine_map<(%s) -> ()>], iterator_types = [%s]} ins(%%%s, %%%s : %s, %s) outs(%%err_%s, %%mag_%s : memref<f32>, memref<f32>) {"
        % (dims, dims, dims, dims, dims, dims, ", ".join(['"reduction"'] * rank), out, ref, t, t, out, out),
        "  ^bb0(%%ca_%(o)s: f32, %%cb_%(o)s: f32, %%ce_%(o)s: f32, %%cm_%(o)s: f32):" % {"o": out},
        "    %%cd_%(o)s = arith.subf %%ca_%(o)s, %%cb_%(o)s : f32" % {"o": out},
        "    %%cad_%(o)s = math.absf %%cd_%(o)s : f32" % {"o": out},
        "    %%cab_%(o)s = math.absf %%cb_%(o)s : f32" % {"o": out},
        "    %%ce2_%(o)s = arith.maximumf %%cad_%(o)s, %%ce_%(o)s : f32" % {"o": out},
        "    %%cm2_%(o)s = arith.maximumf %%cab_%(o)s, %%cm_%(o)s : f32" % {"o": out},
        "    linalg.yield %%ce2_%(o)s, %%cm2_%(o)s : f32, f32" % {"o": out},
        "  }",
        "  %%ev_%s = memref.load %%err_%s[] : memref<f32>" % (out, out),
        "  %%mv_%s = memref.load %%mag_%s[] : memref<f32>" % (out, out),
        '  vector.print str "CHECK %s "' % out,
        "  vector.print %%ev_%s : f32" % out,
        '  vector.print str "MAGNITUDE %s "' % out,
        "  vector.print %%mv_%s : f32" % out,
    ]


def harness_module(case, min_reps, max_reps, min_time_s):
    shapes = dict(case.args)
    names = [n for n, _ in case.args]
    ref_names = [("ref_" + n if n in case.outputs else n) for n in names]
    types = ", ".join(suite.memref(s) for _, s in case.args)
    m = [case.kernel("kernel"), case.kernel("reference"),
         "func.func private @rtclock() -> f64",
         "func.func @main() {",
         "  %zf = arith.constant 0.0 : f32"]
    for seed, (n, s) in enumerate(case.args):
        m.append("  %%%s = memref.alloc() {alignment = 64 : i64} : %s" % (n, suite.memref(s)))
        if n in case.outputs:
            m.append("  %%ref_%s = memref.alloc() {alignment = 64 : i64} : %s" % (n, suite.memref(s)))
            m.append("  linalg.fill ins(%%zf : f32) outs(%%%s : %s)" % (n, suite.memref(s)))
            m.append("  linalg.fill ins(%%zf : f32) outs(%%ref_%s : %s)" % (n, suite.memref(s)))
        else:
            m += _init_random(n, s, seed)
    call = "  func.call @%s(%s) : (%s) -> ()"
    m.append(call % ("kernel", ", ".join("%" + n for n in names), types))
    m.append(call % ("reference", ", ".join("%" + n for n in ref_names), types))
    for n in case.outputs:
        m += _compare(n, "ref_" + n, shapes[n])
    m += [
        "  %%times = memref.alloc() : memref<%dxf64>" % max_reps,
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        "  %%cmin = arith.constant %d : index" % min_reps,
        "  %%cmax = arith.constant %d : index" % max_reps,
        "  %%tmin = arith.constant %r : f64" % float(min_time_s),
        "  %zd = arith.constant 0.0 : f64",
        "  %n, %total = scf.while (%i = %c0, %acc = %zd) : (index, f64) -> (index, f64) {",
        "    %below_max = arith.cmpi ult, %i, %cmax : index",
        "    %below_min = arith.cmpi ult, %i, %cmin : index",
        "    %short = arith.cmpf olt, %acc, %tmin : f64",
        "    %want = arith.ori %below_min, %short : i1",
        "    %go = arith.andi %below_max, %want : i1",
        "    scf.condition(%go) %i, %acc : index, f64",
        "  } do {",
        "  ^bb0(%i: index, %acc: f64):",
        "    %t0 = func.call @rtclock() : () -> f64",
        "    " + (call % ("kernel", ", ".join("%" + n for n in names), types)).strip(),
        "    %t1 = func.call @rtclock() : () -> f64",
        "    %dt = arith.subf %t1, %t0 : f64",
        "    memref.store %%dt, %%times[%%i] : memref<%dxf64>" % max_reps,
        "    %i1 = arith.addi %i, %c1 : index",
        "    %acc1 = arith.addf %acc, %dt : f64",
        "    scf.yield %i1, %acc1 : index, f64",
        "  }",
        "  scf.for %j = %c0 to %n step %c1 {",
        "    %%tj = memref.load %%times[%%j] : memref<%dxf64>" % max_reps,
        '    vector.print str "TIME "',
        "    vector.print %tj : f64",
        "  }",
        "  return",
        "}",
    ]
    return "\n".join(m) + "\n"


def run_case(case, workdir, min_reps, max_reps, min_time_s, llvm=LLVM):
    base = os.path.join(workdir, case.name)
    with open(base + ".harness.mlir", "w") as f:
        f.write(harness_module(case, min_reps, max_reps, min_time_s))
    with open(base + ".transform.mlir", "w") as f:
        f.write(transform_script(case))
    lowered = base + ".llvm.mlir"
    proc = subprocess.run(
        [os.path.join(llvm, "bin", "mlir-opt"), base + ".harness.mlir",
         "--pass-pipeline=" + LOWERING % (base + ".transform.mlir"), "-o", lowered],
        capture_output=True, text=True)
    if proc.returncode:
        return {"name": case.name, "status": "lowering failed",
                "detail": proc.stderr.strip().splitlines()[:3]}
    libs = ",".join(os.path.join(llvm, "lib", l) for l in
                    ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so"))
    proc = subprocess.run(
        [os.path.join(llvm, "bin", "mlir-runner"), lowered, "-e", "main",
         "-entry-point-result=void", "-O3", "-shared-libs=" + libs],
        capture_output=True, text=True)
    if proc.returncode:
        return {"name": case.name, "status": "execution failed",
                "detail": proc.stderr.strip().splitlines()[:3]}
    times, errors, magnitudes = [], {}, {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "TIME":
            times.append(float(parts[1]))
        elif len(parts) == 3 and parts[0] == "CHECK":
            errors[parts[1]] = float(parts[2])
        elif len(parts) == 3 and parts[0] == "MAGNITUDE":
            magnitudes[parts[1]] = float(parts[2])
    # f32 sums in a different order: relative to the result's magnitude.
    worst = max(errors[o] / max(1.0, magnitudes[o]) for o in case.outputs)
    ok = all(o in errors for o in case.outputs) and worst <= 1e-4 and all(
        magnitudes[o] > 0 for o in case.outputs)
    return {"name": case.name, "op_class": case.op_class,
            "status": "ok" if ok else "wrong result",
            "max_rel_err": worst, "reps": len(times),
            "median_s": statistics.median(times) if times else None,
            "min_s": min(times) if times else None,
            "footprint_bytes": case.footprint_bytes()}


def versions(llvm=LLVM):
    out = subprocess.run([os.path.join(llvm, "bin", "mlir-opt"), "--version"],
                         capture_output=True, text=True).stdout
    match = re.search(r"LLVM version ([0-9.]+\S*)", out)
    return match.group(1) if match else "unknown"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--suite", choices=["full", "tiny"], default="full")
    parser.add_argument("--filter", default="", help="regex on case names")
    parser.add_argument("--check-only", action="store_true",
                        help="one timed run per case, no CSV: does it lower, run, and compute the right result")
    parser.add_argument("--min-time-s", type=float, default=0.5)
    parser.add_argument("--min-reps", type=int, default=7)
    parser.add_argument("--max-reps", type=int, default=200)
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--llvm", default=LLVM)
    parser.add_argument("-o", "--output", help="CSV of measured times")
    args = parser.parse_args()
    cases = suite.full_suite() if args.suite == "full" else suite.tiny_suite()
    cases = [c for c in cases if re.search(args.filter, c.name)]
    if args.check_only:
        args.min_reps, args.max_reps, args.min_time_s = 1, 1, 0.0
    workdir = args.workdir or tempfile.mkdtemp(prefix="mlsysim-bench-")
    os.makedirs(workdir, exist_ok=True)
    rows, failed = [], 0
    for i, case in enumerate(cases):
        print("[%d/%d] %s" % (i + 1, len(cases), case.name), file=sys.stderr, flush=True)
        row = run_case(case, workdir, args.min_reps, args.max_reps, args.min_time_s, args.llvm)
        if row["status"] != "ok":
            failed += 1
            print("FAIL %s: %s %s" % (case.name, row["status"], row.get("detail", row.get("max_rel_err"))))
            continue
        print("PASS %s max_rel_err=%.2e reps=%d%s" % (
            case.name, row["max_rel_err"], row["reps"],
            "" if args.check_only else " median=%.4g s" % row["median_s"]))
        rows.append(row)
    if args.output and rows:
        meta = {"date": datetime.date.today().isoformat(),
                "machine": "%s (%s, %d cores)" % (cpu_model(), platform.node(), os.cpu_count()),
                "mlir": versions(args.llvm), "python": platform.python_version(),
                "harness": "mlir-runner -O3, single thread, caches not flushed"}
        with open(args.output, "w", newline="") as f:
            for k, v in meta.items():
                f.write("# %s: %s\n" % (k, v))
            w = csv.DictWriter(f, fieldnames=["name", "op_class", "median_s", "min_s", "reps",
                                              "max_rel_err", "footprint_bytes"], extrasaction="ignore")
            w.writeheader()
            w.writerows(rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
