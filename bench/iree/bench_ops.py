#!/usr/bin/env python3
"""Time the single-op suite (bench/suite.py, bench/cases/*.mlir) compiled by IREE.

The cases are functions on memrefs (destination-passing style, for the
mlir-runner harness). IREE takes tensors, so each case is rewritten on
tensors from its bench/suite.py definition (the same op text, memref types
replaced by tensor types):
  * the arguments the case never writes become the function's tensor inputs;
  * every written argument starts as `tensor.empty()` (followed by a
    `linalg.fill` of 0.0 when the case accumulates into it, as the harness
    zeroes it), and each op that writes it yields its next value (`%x = ...
    -> tensor<...>`);
  * the function returns the case's outputs.
Named elementwise ops (linalg.add, linalg.exp) are rewritten as linalg.generic
by `mlir-opt --linalg-generalize-named-ops` (LLVM 22): the MLIR inside IREE
3.13 no longer has them. The files are written to build-bench/iree/ops/.

Each case is compiled with the flags of bench_models.py (plus the im2col
variant for convolutions), its dispatches counted at --compile-to=flow, and
it is timed with iree-benchmark-module: inputs are splats of 0.5, 1 thread
(--device=local-sync, pinned) and N threads (--device=local-task,
--task_topology_group_count=N), MALLOC_MMAP_MAX_=0. A call's time includes
IREE's per-invocation overhead (a few microseconds: argument marshalling, the
result allocation, one dispatch per fused group), which matters for the
smallest cases only. Caches are not flushed between calls, as in the
mlir-runner harness (bench/harness.py).

Output: bench/results/iree-cpu-ops.csv: name, op_class (bench/suite.py),
variant, threads, flags, dispatches, median_s, min_s, repetitions,
iterations, loadavg_before, loadavg_after, date, iree_version, cpu,
footprint_bytes. Resumable (skips measured rows unless --force).

Usage:
  python3 bench/iree/bench_ops.py                      # all 38 cases (about 6 min)
  python3 bench/iree/bench_ops.py matmul_512x512x512 softmax_512x1024 --threads 1
  python3 bench/iree/bench_ops.py --print matmul_128x128x128    # the tensor form
"""

import argparse
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import common  # noqa: E402
import dispatches  # noqa: E402
import suite  # noqa: E402  (bench/suite.py)

FIELDS = ["name", "op_class", "variant", "threads", "flags", "dispatches", "median_s", "min_s",
          "repetitions", "iterations", "loadavg_before", "loadavg_after", "date",
          "iree_version", "cpu", "footprint_bytes"]
KEY = ("name", "variant", "threads")
NO_RESULT_TYPE = ("linalg.transpose", "linalg.reduce", "linalg.broadcast", "linalg.map")


def tensor_type(shape):
    return "tensor<%sxf32>" % "x".join(str(d) for d in shape)


def operands(text, key):
    m = re.search(r"\b%s\(([^:]*):" % key, text)
    return [x.strip()[1:] for x in m.group(1).split(",")] if m else []


def statements(body):
    """Top-level statements of a case body: lists of lines."""
    out = []
    for line in body.rstrip("\n").split("\n"):
        ind = len(line) - len(line.lstrip())
        s = line.strip()
        if out and (ind > 2 or s.startswith(("}", "^"))):
            out[-1].append(line)
        else:
            out.append([line])
    return out


def tensor_kernel(case, symbol="kernel"):
    """The case as a function on tensors (see the module docstring)."""
    shapes = dict(case.args)
    stmts = statements(case.body)
    written = []
    for st in stmts:
        for n in operands(st[0], "outs"):
            if n not in written:
                written.append(n)
    inputs = [n for n, _ in case.args if n not in written]
    cur = {}
    lines = []
    if case.accumulates:
        lines.append("  %zero__init = arith.constant 0.0 : f32")
    for n in written:
        t = tensor_type(shapes[n])
        lines.append("  %%%s__0 = tensor.empty() : %s" % (n, t))
        cur[n] = "%s__0" % n
        if case.accumulates:
            lines.append("  %%%s__1 = linalg.fill ins(%%zero__init : f32) outs(%%%s__0 : %s) -> %s"
                         % (n, n, t, t))
            cur[n] = "%s__1" % n
    version = {n: 1 if case.accumulates else 0 for n in written}
    for st in stmts:
        text = [l.replace("memref<", "tensor<") for l in st]
        head = text[0]
        op = head.strip().split()[0]
        if not op.startswith("linalg."):
            lines.extend(text)
            continue
        outs = operands(head, "outs")

        def rename(m):
            names = [x.strip() for x in m.group(2).split(",")]
            return "%s(%s :" % (m.group(1), ", ".join("%" + cur.get(x[1:], x[1:])
                                                     for x in names))
        head = re.sub(r"\b(ins|outs)\(([^:]*):", rename, head)
        results = []
        for n in outs:
            version[n] += 1
            cur[n] = "%s__%d" % (n, version[n])
            results.append("%" + cur[n])
        rtypes = ", ".join(tensor_type(shapes[n]) for n in outs)
        ind = head[:len(head) - len(head.lstrip())]
        head = "%s%s = %s" % (ind, ", ".join(results), head.lstrip())
        text[0] = head
        if op not in NO_RESULT_TYPE:
            text[-1] = text[-1] + " -> " + rtypes
        lines.extend(text)
    params = ", ".join("%%%s: %s" % (n, tensor_type(shapes[n])) for n in inputs)
    rets = ", ".join(tensor_type(shapes[n]) for n in case.outputs)
    lines.append("  return %s : %s" % (", ".join("%" + cur[n] for n in case.outputs), rets))
    return "func.func @%s(%s) -> (%s) {\n%s\n}\n" % (symbol, params, rets, "\n".join(lines))


def write_case(case, force=False):
    path = os.path.join(common.WORK, "ops", case.name + ".mlir")
    text = "// %s (%s): bench/suite.py on tensors, by bench/iree/bench_ops.py\n%s" % (
        case.name, case.op_class, tensor_kernel(case))
    if common.NAMED_ELEMENTWISE.search(text):
        text = common.generalize_named(text)
    old = None
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
    if old != text or force:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    # parse check with LLVM 22
    p = common.run([common.MLIR_OPT, path, "-o", "/dev/null"])
    if p.returncode:
        raise RuntimeError("%s does not parse:\n%s" % (path, p.stderr[-2000:]))
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.split("\n")[1:]))
    ap.add_argument("cases", nargs="*", help="case names (default: the full suite)")
    ap.add_argument("--threads", default="1,%d" % os.cpu_count())
    ap.add_argument("--variants", default="default,im2col",
                    help="default and/or im2col (im2col only for convolutions)")
    ap.add_argument("--repetitions", type=int, default=10)
    ap.add_argument("--min-time", type=float, default=0.2, help="seconds per repetition")
    ap.add_argument("--pin-cpu", type=int, default=os.cpu_count() - 1,
                    help="CPU the 1-thread runs are pinned to (-1: no pinning)")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--print", action="store_true", help="print the tensor forms and exit")
    ap.add_argument("--csv", default=os.path.join(common.RESULTS, "iree-cpu-ops.csv"))
    a = ap.parse_args()

    cases = suite.full_suite() + suite.layout_suite() + suite.tiny_suite()
    by_name = {}
    for c in cases:
        by_name.setdefault(c.name, c)
    names = a.cases or [c.name for c in suite.full_suite() + suite.layout_suite()]
    unknown = [n for n in names if n not in by_name]
    if unknown:
        sys.exit("unknown case(s): %s" % ", ".join(unknown))
    if a.print:
        for n in names:
            print(tensor_kernel(by_name[n]))
        return

    threads = [int(t) for t in a.threads.split(",") if t]
    variants = [v for v in a.variants.split(",") if v]
    pin = None if a.pin_cpu < 0 else a.pin_cpu
    rows = common.read_rows(a.csv)
    done = {tuple(r[k] for k in KEY) for r in rows}
    version, cpu = common.iree_version(), common.cpu_name()
    t_all = time.time()
    for n in names:
        case = by_name[n]
        src = write_case(case, a.force)
        convs = case.op_class in ("conv2d", "depthwise_conv")
        for variant in [v for v in variants if v == "default" or (v == "im2col" and convs)]:
            todo = [t for t in threads if a.force or (n, variant, str(t)) not in done]
            if not todo:
                continue
            suffix = "" if variant == "default" else ".im2col"
            vmfb = os.path.join(common.WORK, "ops", n + suffix + ".vmfb")
            flow = os.path.join(common.WORK, "ops", n + suffix + ".flow.mlir")
            try:
                common.compile_vmfb(src, vmfb, common.VARIANTS[variant], a.force)
            except RuntimeError as e:
                print("%s (%s): %s" % (n, variant, e), file=sys.stderr)
                continue
            err = dispatches.compile_flow(src, flow, common.VARIANTS[variant], a.force)
            n_disp = "error"
            if not err:
                with open(flow) as f:
                    n_disp = len(re.findall(r"\bflow\.dispatch @", f.read()))
            sig = common.signature(src)
            inputs = common.input_flags(sig, input_value="0.5")
            for t in todo:
                out = os.path.join(common.WORK, "ops", "%s%s_t%d.json" % (n, suffix, t))
                try:
                    r = common.benchmark(vmfb, sig.name, inputs, t, a.repetitions, a.min_time,
                                         out, pin_cpu=pin)
                except (RuntimeError, common.subprocess.TimeoutExpired) as e:
                    print("%s (%s, %d threads): %s" % (n, variant, t, e), file=sys.stderr)
                    continue
                row = {"name": n, "op_class": case.op_class, "variant": variant, "threads": t,
                       "flags": " ".join(common.TARGET_FLAGS + common.VARIANTS[variant])
                       + " | " + r["runtime"],
                       "dispatches": n_disp, "median_s": "%.6g" % r["median_s"],
                       "min_s": "%.6g" % r["min_s"], "repetitions": r["repetitions"],
                       "iterations": r["iterations"], "loadavg_before": r["loadavg_before"],
                       "loadavg_after": r["loadavg_after"], "date": r["date"],
                       "iree_version": version, "cpu": cpu,
                       "footprint_bytes": case.footprint_bytes()}
                key = tuple(str(row[k]) for k in KEY)
                rows = [x for x in rows if tuple(x[k] for k in KEY) != key] + [row]
                order = {c.name: i for i, c in enumerate(cases)}
                rows.sort(key=lambda x: (order.get(x["name"], 1 << 30), x["variant"],
                                         int(x["threads"])))
                common.write_rows(a.csv, FIELDS, rows)
                print("%-32s %-7s %d thread(s): median %.4g s, min %.4g s, %s dispatch(es) "
                      "(load %s)" % (n, variant, t, r["median_s"], r["min_s"], n_disp,
                                     r["loadavg_before"]), file=sys.stderr)
    print("done in %.0f s; %s" % (time.time() - t_all, common.rel(a.csv)), file=sys.stderr)


if __name__ == "__main__":
    main()
