#!/usr/bin/env python3
"""Count and list the dispatches IREE forms for each zoo model on the host CPU.

For every zoo model (batch fixed to 1 by default: specialize.py), this runs

  iree-compile SPEC.mlir --iree-hal-target-device=local
      --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host
      --compile-to=flow --mlir-print-debuginfo --mlir-print-local-scope

and, for models with convolutions, the same plus --iree-global-opt-use-im2col-for-convs
(variant "im2col"). The dispatches are read from that flow-level IR:

  * `--compile-to=flow` stops after dispatch-region formation and outlining
    (phases: input, abi, preprocessing, global-optimization, dispatch-creation,
    flow, stream, ...; `iree-compile --help` lists them). By then every
    fused group is one `flow.executable` holding a `func.func` with the linalg
    ops IREE fused, and the program calls it with `flow.dispatch @exe::@fn(...)`.
  * The dispatch count is the number of `flow.dispatch` ops in the public
    function, i.e. kernel launches per call. It can exceed the number of
    `flow.executable`s: identical executables are deduplicated and called
    several times. Later phases do not split or merge dispatches: the
    `stream.async.dispatch` ops at --compile-to=stream and the call counts of
    iree-benchmark-module --dispatch_statistics on the compiled module (the
    sum of `calls` in bench/results/iree-dispatch-times/*.csv) are the same
    numbers for every zoo model; --iree-flow-dump-dispatch-graph draws the same
    `flow.dispatch` ops as a graph.
  * Not dispatches: `flow.tensor.splat` (buffer fills, e.g. the zero border of
    a padded tensor whose interior a producer dispatch writes in place),
    `flow.tensor.update`/`slice` (copies, e.g. concat), `flow.tensor.reshape`
    (metadata). They are counted apart, as "transfers".
  * Locations: specialize.py keeps each op's location in the zoo file, and IREE
    carries locations through fusion (a fused op gets a fused location of its
    sources). So each op inside a dispatch names the zoo-file ops it came from,
    and these are matched to mlsysim's per-op report
    (`mlsysim-opt ZOO --mlsysim-report="batch=N fusion=1 format=json output=-"`,
    field `loc`), giving for each IREE dispatch the ids of our ops in it, their
    kernel count and our fusion groups.

Outputs:
  bench/results/iree-dispatches/<model>.json         one record per dispatch:
      IREE's export name, kind, its ops (name, class, iterators, operand types,
      payload ops, zoo lines), our op ids / kernels / fusion groups
  bench/results/iree-dispatches/<model>.im2col.json  the same with im2col
  bench/results/iree-dispatches.csv                  the table printed at the end
  build-bench/iree/flow/<model>_b<N>[.im2col].flow.mlir   the flow IR (not committed)

The table: IREE dispatches (default and im2col), and our kernel counts from
the mlsysim report: totals.latency_by_execution.{eager,graph,compiled}.kernels
when the report has them; else eager = totals.launches, and from the fusion
plan the number of fusion groups; '-' when a field or mlsysim-opt is missing.

Usage:
  python3 bench/iree/dispatches.py                     # all zoo models, batch 1
  python3 bench/iree/dispatches.py resnet50 mobilenet_v2 --batch 4
  python3 bench/iree/dispatches.py --no-im2col --no-mlsysim --force

Needs bash bench/iree/setup.sh (the venv) and /usr/lib/llvm-22/bin/mlir-opt.
About 1 minute for all 12 models on 2 cores (the flow IR is cached in
build-bench/iree/flow/ and rebuilt when the specialised model changes).

Dispatch kinds (`kind`, and the counts in `dispatch_kinds`): each op inside a
dispatch gets a class (contraction: two operands that each lack a loop of the
other, e.g. matmul; convolution: a windowed multiply-accumulate, depthwise
included; pooling; reduction; elementwise; data-movement: copies, transposes,
pads, im2col, whose payload only yields; fill). A dispatch is then
"contraction|convolution[+prologue][+epilogue]" when it holds one, else
"reduction|pooling[+elementwise]", "elementwise", or "data-movement" (e.g.
IREE's `slow_memcpy` dispatches, which hold no linalg op). `iree_categories`
counts IREE's own name for each dispatch (matmul_like, conv, softmax, ...).
"""

import argparse
import collections
import csv
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

FLOW_FLAGS = ["--compile-to=flow", "--mlir-print-debuginfo", "--mlir-print-local-scope"]
COMPUTE = ("contraction", "convolution", "attention", "reduction", "pooling", "elementwise")
IGNORED = ("arith.constant", "tensor.empty", "return", "iree_tensor_ext.dispatch.tensor.load",
           "iree_tensor_ext.dispatch.tensor.store", "iree_tensor_ext.dispatch.workload.ordinal",
           "util.assume.int", "arith.index_cast", "arith.index_castui")
NAMED_CLASS = {
    "linalg.matmul": "contraction", "linalg.batch_matmul": "contraction",
    "linalg.matvec": "contraction", "linalg.vecmat": "contraction",
    "linalg.batch_matvec": "contraction", "linalg.contract": "contraction",
    "linalg.mmt4d": "contraction", "linalg.batch_mmt4d": "contraction",
    "iree_linalg_ext.attention": "attention", "iree_linalg_ext.online_attention": "attention",
    "linalg.softmax": "reduction", "linalg.reduce": "reduction",
    "iree_linalg_ext.arg_compare": "reduction", "iree_linalg_ext.topk": "reduction",
    "linalg.fill": "fill", "linalg.elementwise": "elementwise", "linalg.map": "elementwise",
}
OP_RE = re.compile(r"^(?:%[\w#:, %]+=\s*)?([a-z_][\w]*\.[\w.]+)")
LOC_RE = re.compile(r'"([^"]+)":(\d+):(\d+)')


def compile_flow(spec, out, extra, force):
    """Writes OUT (the flow IR) and OUT.undedup (the same module just before
    iree-flow-deduplicate-executables: one executable per dispatch, so that
    each keeps the locations of its own call site). None or an error text."""
    if (not force and os.path.exists(out) and os.path.exists(out + ".undedup")
            and os.path.getmtime(out) >= os.path.getmtime(spec)):
        return None
    os.makedirs(os.path.dirname(out), exist_ok=True)
    tmp, tmp_undedup = "%s.%d.tmp" % (out, os.getpid()), "%s.undedup.%d.tmp" % (out, os.getpid())
    cmd = [common.tool("iree-compile"), spec, *common.TARGET_FLAGS, *extra, *FLOW_FLAGS,
           "--mlir-print-ir-before=iree-flow-deduplicate-executables",
           "--mlir-disable-threading", "-o", tmp]
    t = time.time()
    with open(tmp_undedup, "w") as err:
        p = common.subprocess.run(cmd, stdout=common.subprocess.PIPE, stderr=err, text=True)
    if p.returncode:
        with open(tmp_undedup) as f:
            msg = f.read()
        for x in (tmp, tmp_undedup):
            if os.path.exists(x):
                os.unlink(x)
        return "iree-compile failed: " + msg.strip()[-1500:]
    os.replace(tmp_undedup, out + ".undedup")
    os.replace(tmp, out)
    print("  compiled %s in %.1f s" % (common.rel(out), time.time() - t), file=sys.stderr)
    return None


def loc_of(text):
    m = re.search(r"\bloc\((.*)\)\s*$", text)
    return m.group(1) if m else ""


def zoo_spans(text):
    """Line -> 'LINE:COL' of the top-level op of the zoo function whose text
    (header, region, closing line) holds that line. COL is where the op name
    starts, as in MLIR's own locations (and mlsysim's `loc`)."""
    spans, cur = {}, None
    in_func = False
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        ind = len(line) - len(line.lstrip())
        if s.startswith("func.func"):
            in_func, body_ind, cur = True, None, None
            continue
        if not in_func or not s:
            continue
        if body_ind is None:
            body_ind = ind
        if ind < body_ind:
            in_func = False
            continue
        if ind == body_ind and not s.startswith(("}", "^")):
            m = re.match(r"(\s*(?:%[\w#:, %]+=\s*)?)\S", line)
            cur = "%d:%d" % (n, len(m.group(1)) + 1)
        if cur:
            spans[n] = cur
    return spans


def zoo_locs(loc, zoo_path, spans):
    """The zoo ops ('LINE:COL') a location names, in order, once each.
    Locations inside a region (a payload op) name the op that holds it; the
    wrapper specialize.py adds (past the zoo file's end) names none."""
    out = []
    for path, line, _ in LOC_RE.findall(loc):
        key = spans.get(int(line)) if path == zoo_path else None
        if key and key not in out:
            out.append(key)
    return out


def classify(name, header, payload):
    if name in NAMED_CLASS:
        return NAMED_CLASS[name]
    if name.startswith(("linalg.conv_", "linalg.depthwise_conv_")):
        return "convolution"
    if name.startswith("linalg.pooling_"):
        return "pooling"
    if name in ("linalg.generic",):
        it = re.search(r"iterator_types = \[([^\]]*)\]", header)
        iters = it.group(1) if it else ""
        maps = re.findall(r"affine_map<\([^)]*\) -> \(([^)]*)\)>", header)
        windowed = any(re.search(r"[+*]", m) for m in maps)
        ins = re.search(r"\bins\(([^:]*):", header)
        n_ins = len([x for x in ins.group(1).split(",") if x.strip()]) if ins else 0
        body = set(payload)
        if "reduction" in iters:
            mul = body & {"arith.mulf", "arith.muli", "math.fma"}
            add = body & {"arith.addf", "arith.addi", "math.fma"}
            if mul and add and n_ins >= 2:
                if windowed:
                    return "convolution"   # also depthwise: filter dims within the input's
                # a contraction multiplies two operands that each lack a loop
                # the other has (A has no N, B has no M); an elementwise
                # prologue fused into a plain reduction (e.g. BN + residual add
                # before a global average pool) has operands on the same loops
                kinds = [x.strip().strip('"') for x in iters.split(",")]
                red = {str(k) for k, x in enumerate(kinds) if x == "reduction"}
                dims = [set(re.findall(r"d(\d+)", m)) for m in maps[:n_ins]]
                if any(a - b and b - a and a & red and b & red
                       for i, a in enumerate(dims) for b in dims[i + 1:]):
                    return "contraction"
            if windowed:
                return "pooling"
            return "reduction"
        if not (body - {"linalg.yield", "linalg.index"}):
            return "data-movement"
        return "elementwise"
    if name.startswith(("tensor.", "linalg.transpose", "linalg.broadcast", "linalg.copy",
                        "linalg.pack", "linalg.unpack", "iree_linalg_ext.im2col",
                        "iree_linalg_ext.gather", "iree_linalg_ext.scatter",
                        "iree_encoding.", "iree_tensor_ext.")):
        return "data-movement"
    return "other"


def short_types(header):
    def types(key):
        m = re.search(r"\b%s\([^:]*: ([^)]*)\)" % key, header)
        if not m:
            return []
        return [t.strip().replace("tensor<", "").rstrip(">") for t in m.group(1).split(",")]
    ins, outs = types("ins"), types("outs")
    if not ins and not outs:
        m = re.findall(r"tensor<([^>]*)>", header)
        outs = m[-1:]
        ins = m[:-1]
    return ins, outs


def public_body(text):
    """The public util.func of a flow module (not its initializers, which
    IREE runs once at load, e.g. for hoisted constant expressions)."""
    m = re.search(r"^(\s*)util\.func public @[\w$.]+\(", text, re.M)
    if not m:
        return ""
    end = re.compile(r"^%s\}" % m.group(1), re.M).search(text, m.end())
    return text[m.start():end.end() if end else len(text)]


def parse_flow(text, zoo_path, spans):
    """(executables: name -> record, calls: [(exe, export, loc)], transfers)."""
    lines = text.splitlines()
    exes = {}
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)flow\.executable (?:private |public )?@([\w$.]+)", lines[i])
        if not m:
            i += 1
            continue
        exe_indent, exe = len(m.group(1)), m.group(2)
        rec = {"export": None, "ops": [], "writes_into_larger": False, "locs": []}
        j = i + 1
        func_indent = None
        cur = None
        while j < len(lines):
            line = lines[j]
            ind = len(line) - len(line.lstrip())
            s = line.strip()
            if ind == exe_indent and s.startswith("}"):
                break
            em = re.match(r"flow\.executable\.export (?:public |private )?@([\w$.]+)", s)
            if em:
                rec["export"] = em.group(1)
            fm = re.match(r"func\.func @", s)
            if fm:
                func_indent = ind
            elif func_indent is not None and ind == func_indent + 2:
                if s.startswith("}"):
                    if cur is not None:
                        cur["close"] = s
                        cur["locs"].append(loc_of(s))
                    cur = None
                elif s.startswith("^"):
                    pass   # a region's block label: printed at the op's indentation
                else:
                    om = OP_RE.match(s)
                    name = om.group(1) if om else s.split()[0]
                    cur = {"name": name, "header": s, "payload": [], "close": None,
                           "locs": [loc_of(s)]}
                    if name == "iree_tensor_ext.dispatch.tensor.store":
                        sm = re.search(r"sizes = \[([^\]]*)\].*readwrite:tensor<([^>]*)>", s)
                        if sm:
                            sizes = [x.strip() for x in sm.group(1).split(",")]
                            full = sm.group(2).split("x")[:-1]
                            if sizes != full:
                                rec["writes_into_larger"] = True
                    rec["ops"].append(cur)
                    if name not in ("linalg.fill", "tensor.empty", "arith.constant"):
                        rec["locs"].append(loc_of(s))
            elif (func_indent is not None and ind > func_indent + 2 and cur is not None):
                pm = OP_RE.match(s)
                if pm:
                    cur["payload"].append(pm.group(1))
                cur["locs"].append(loc_of(s))
            elif func_indent is not None and ind <= func_indent:
                func_indent = None if s.startswith("}") else func_indent
            j += 1
        exes[exe] = rec
        i = j + 1

    calls, transfers, transfer_ops = [], collections.Counter(), []
    for line in public_body(text).splitlines():
        s = line.strip()
        dm = re.search(r"\bflow\.dispatch @([\w$.]+)::@([\w$.]+)", s)
        if dm:
            calls.append((dm.group(1), dm.group(2), loc_of(s)))
            continue
        tm = re.search(r"\b(flow\.tensor\.\w+)", s)
        if tm:
            transfers[tm.group(1)] += 1
            if tm.group(1) != "flow.tensor.reshape":
                ty = re.search(r":.*?(tensor<[^>]*>)\s*(?:loc|$)", s)
                transfer_ops.append({"op": tm.group(1),
                                     "type": ty.group(1)[7:-1] if ty else "",
                                     "zoo_locs": zoo_locs(loc_of(s), zoo_path, spans)})
    for rec in exes.values():
        ops = []
        for op in rec["ops"]:
            if op["name"] in IGNORED or op["name"].startswith("arith.") and not op["payload"]:
                continue
            cls = classify(op["name"], op["header"], op["payload"])
            ins, outs = short_types(op["header"] + " " + (op["close"] or ""))
            it = re.search(r"iterator_types = \[([^\]]*)\]", op["header"])
            entry = {"op": op["name"], "class": cls}
            if it:
                entry["iters"] = "".join(x.strip().strip('"')[0] for x in it.group(1).split(",")
                                         if x.strip())
            entry["ins"] = ins
            entry["outs"] = outs
            payload = [p for p in op["payload"] if p not in ("linalg.yield", "tensor.yield")]
            if payload:
                entry["payload"] = [p.split(".", 1)[1] for p in payload]
            # fills are CSE'd across the program: their location is another fill's
            entry["zoo_locs"] = ([] if cls == "fill" else
                                 zoo_locs(" ".join(op["locs"]), zoo_path, spans))
            ops.append(entry)
        rec["ops"] = ops
        rec["locs"] = zoo_locs(" ".join(rec["locs"]), zoo_path, spans)
        for o in ops:
            for key in o["zoo_locs"]:
                if key not in rec["locs"]:
                    rec["locs"].append(key)
    return exes, calls, transfers, transfer_ops


def dispatch_kind(ops):
    classes = [o["class"] for o in ops]
    main = [k for k, c in enumerate(classes) if c in ("contraction", "convolution", "attention")]
    others = [k for k, c in enumerate(classes) if c in ("reduction", "pooling", "elementwise")]
    if main:
        head = classes[main[0]]
        before = [k for k in others if k < main[0]]
        after = [k for k in others if k > main[0]]
        kind = head
        if before:
            kind += "+prologue"
        if after:
            kind += "+epilogue"
        if len(main) > 1:
            kind += "+%d more" % (len(main) - 1)
        return kind
    if any(c in ("reduction", "pooling") for c in classes):
        red = next(c for c in classes if c in ("reduction", "pooling"))
        return red + ("+elementwise" if "elementwise" in classes else "")
    if "elementwise" in classes:
        return "elementwise"
    return "data-movement"


def iree_category(export):
    """IREE's own summary of a dispatch, from its export name without the
    ordinal and the shapes: forward_dispatch_3_matmul_like_64x56x56x64_f32 ->
    matmul_like; ..._softmax_12x128x128xf32_dispatch_tensor_store -> softmax."""
    words = re.sub(r"^.*?_dispatch_\d+_", "", export).split("_")
    keep = []
    for w in words:
        if re.match(r"^(\d+(x\d+)*|\d*x?[if]\d+(x[if]\d+)*|\d+x.*)$", w):
            break
        keep.append(w)
    return "_".join(keep) or export


def group_of_kind(kind):
    if kind.startswith(("contraction", "convolution", "attention")):
        return "contraction_fused" if "+" in kind else "contraction_alone"
    if kind.startswith(("reduction", "pooling")):
        return "reduction"
    return kind.replace("-", "_")


def mlsysim_report(model, batch):
    """Our report of the zoo file (JSON dict) or None."""
    exe = common.MLSYSIM_OPT
    if not os.access(exe, os.X_OK):
        print("  %s is missing (or being rebuilt): our columns are '-'" % exe, file=sys.stderr)
        return None
    src = os.path.join(common.ZOO, model + ".mlir")
    try:
        p = common.run([exe, common.rel(src),
                        "--mlsysim-report=batch=%d fusion=1 format=json output=-" % batch,
                        "-o", "/dev/null"], timeout=1800, cwd=common.ROOT)
    except (OSError, common.subprocess.TimeoutExpired) as e:
        print("  mlsysim-opt: %s" % e, file=sys.stderr)
        return None
    if p.returncode:
        print("  mlsysim-opt failed on %s: %s" % (model, p.stderr.strip()[-300:]), file=sys.stderr)
        return None
    try:
        return json.loads(p.stdout)
    except ValueError:
        return None


def our_counts(report):
    """eager, graph and compiled kernels; fused groups of the compiled plan."""
    out = {"ours_eager_kernels": "-", "ours_graph_kernels": "-", "ours_compiled_kernels": "-",
           "ours_fusion_groups": "-"}
    if not report:
        return out
    tot = report.get("totals", {})
    lbe = tot.get("latency_by_execution") or {}
    for mode in ("eager", "graph", "compiled"):
        k = (lbe.get(mode) or {}).get("kernels")
        if k is not None:
            out["ours_%s_kernels" % mode] = k
        lat = (lbe.get(mode) or {}).get("latency_s")
        out["ours_%s_latency_s" % mode] = "-" if lat is None else "%.6g" % lat
    if out["ours_eager_kernels"] == "-" and "launches" in tot:
        out["ours_eager_kernels"] = tot["launches"]
    if "fusion" in report:
        out["ours_fusion_groups"] = len(report["fusion"])
    return out


def analyse(model, variant, batch, flow_path, report):
    zoo_path = common.rel(os.path.join(common.ZOO, model + ".mlir"))
    with open(os.path.join(common.ROOT, zoo_path)) as f:
        spans = zoo_spans(f.read())
    with open(flow_path + ".undedup") as f:
        # the last dump is the program; earlier ones are const-eval JIT modules
        undedup = f.read().split("// -----// IR Dump Before")[-1]
    exes, calls, transfers, transfer_ops = parse_flow(undedup, zoo_path, spans)
    with open(flow_path) as f:
        final = f.read()
    final_calls = re.findall(r"\bflow\.dispatch @([\w$.]+)::@([\w$.]+)", public_body(final))
    n_init = len(re.findall(r"\bflow\.dispatch @", final)) - len(final_calls)
    if len(final_calls) != len(calls):
        print("  warning: %d dispatches before deduplication, %d after"
              % (len(calls), len(final_calls)), file=sys.stderr)
        final_calls = [(e, x) for e, x, _ in calls]
    n_exes = len(re.findall(r"^\s*flow\.executable (?:private |public )?@", final, re.M))

    ours = {}
    if report:
        for op in report.get("ops", []):
            loc = op.get("loc") or ""
            if loc.startswith(zoo_path + ":"):
                ours[loc[len(zoo_path) + 1:]] = op
    kernel_ids = {o["id"] for o in ours.values() if o.get("bound") != "free"}

    dispatches, seen = [], collections.Counter()
    for n, (exe, export, _) in enumerate(calls):
        rec = exes.get(exe, {"ops": [], "export": export, "writes_into_larger": False,
                             "locs": []})
        locs = rec["locs"]
        # the deduplicated executable's names: those of the vmfb and of
        # iree-benchmark-module --dispatch_statistics
        d = {"index": n, "executable": final_calls[n][0], "name": final_calls[n][1],
             "kind": dispatch_kind(rec["ops"])}
        if rec["writes_into_larger"]:
            d["writes_into_larger"] = True   # e.g. a pad fused into the producer's store
        d["ops"] = [{k: v for k, v in op.items() if k != "zoo_locs"} for op in rec["ops"]]
        d["zoo_locs"] = locs   # LINE:COL in the zoo file of the ops it holds
        if report:
            ids = sorted({ours[loc]["id"] for loc in locs if loc in ours})
            kern = [i for i in ids if i in kernel_ids]
            groups = sorted({ours_by_id(report, i).get("fusion_group") for i in kern},
                            key=lambda g: (g is None, g if g is not None else 0))
            d["our_ops"] = ids
            d["our_kernels"] = len(kern)
            d["our_fusion_groups"] = groups
            for i in kern:
                seen[i] += 1
        dispatches.append(d)

    in_transfers = set()
    for t in transfer_ops:
        if report:
            t["our_ops"] = sorted({ours[loc]["id"] for loc in t["zoo_locs"] if loc in ours})
            in_transfers.update(i for i in t["our_ops"] if i in kernel_ids)
        del t["zoo_locs"]
    kinds = collections.Counter(group_of_kind(d["kind"]) for d in dispatches)
    summary = {
        "model": model, "zoo_file": zoo_path, "batch": batch, "variant": variant,
        "iree_version": common.iree_version(),
        "flags": common.TARGET_FLAGS + common.VARIANTS[variant] + FLOW_FLAGS,
        "dispatches": len(calls), "executables": n_exes,
        "initializer_dispatches": n_init,   # run once at module load, not per call
        "transfers": dict(sorted(transfers.items())),
        "dispatch_kinds": dict(sorted(kinds.items())),
        "kinds_detail": dict(sorted(collections.Counter(d["kind"] for d in dispatches).items())),
        "iree_categories": dict(collections.Counter(iree_category(d["name"])
                                                    for d in dispatches).most_common()),
    }
    if report:
        multi = [d for d in dispatches if d["our_kernels"] > 1]
        summary["ours"] = {
            "kernel_ops": len(kernel_ids),
            "kernel_ops_in_a_dispatch": len(seen),
            "kernel_ops_in_several_dispatches": sum(1 for v in seen.values() if v > 1),
            "kernel_ops_in_no_dispatch": len(kernel_ids - set(seen)),
            "kernel_ops_in_no_dispatch_but_a_transfer": len(in_transfers - set(seen)),
            "kernel_ops_in_no_dispatch_by_op": dict(collections.Counter(
                ours_by_id(report, i).get("op") for i in kernel_ids - set(seen)
                - in_transfers).most_common()),
            "dispatches_with_several_of_our_kernels": len(multi),
            "of_which_one_fusion_group_of_ours": sum(
                1 for d in multi if len(d["our_fusion_groups"]) == 1
                and d["our_fusion_groups"][0] is not None),
        }
        summary.update(our_counts(report))
    summary["transfer_list"] = transfer_ops
    return summary, dispatches


_BY_ID = {}


def ours_by_id(report, i):
    key = id(report)
    if key not in _BY_ID:
        _BY_ID.clear()
        _BY_ID[key] = {o["id"]: o for o in report.get("ops", [])}
    return _BY_ID[key].get(i, {})


def write_json(path, summary, dispatches):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    head = json.dumps(summary, indent=1, sort_keys=False)
    body = ",\n".join("  " + json.dumps(d, separators=(",", ":")) for d in dispatches)
    with open(path + ".tmp", "w") as f:
        f.write(head[:-2] + ',\n "dispatch_list": [\n' + body + "\n ]\n}\n")
    os.replace(path + ".tmp", path)


CSV_FIELDS = ["model", "batch", "dtype", "iree_dispatches", "iree_dispatches_im2col",
              "iree_executables", "iree_transfers", "contraction_fused", "contraction_alone",
              "reduction", "elementwise", "data_movement", "ours_eager_kernels",
              "ours_graph_kernels", "ours_compiled_kernels", "ours_fusion_groups",
              "dispatches_with_several_of_our_kernels",
              "our_kernels_in_no_dispatch", "ours_eager_latency_s", "ours_graph_latency_s",
              "ours_compiled_latency_s", "iree_version", "flags"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.split("\n")[1:]))
    ap.add_argument("models", nargs="*", help="zoo model names (default: all)")
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--no-im2col", action="store_true", help="skip the im2col variant")
    ap.add_argument("--no-mlsysim", action="store_true", help="do not run mlsysim-opt")
    ap.add_argument("--force", action="store_true", help="recompile even if up to date")
    ap.add_argument("--csv", default=os.path.join(common.RESULTS, "iree-dispatches.csv"))
    ap.add_argument("--json-dir", default=os.path.join(common.RESULTS, "iree-dispatches"))
    a = ap.parse_args()

    rows = []
    for model in common.zoo_models(a.models):
        t0 = time.time()
        print("%s:" % model, file=sys.stderr)
        spec = common.specialised(model, a.batch, a.force)
        with open(spec) as f:
            convs = common.has_convolutions(f.read())
        report = None if a.no_mlsysim else mlsysim_report(model, a.batch)
        row = {"model": model, "batch": a.batch, "dtype": "f16" if "_f16" in model or
               "llama" in model else "f32", "iree_version": common.iree_version()}
        for variant in ("default", "im2col"):
            if variant == "im2col" and (a.no_im2col or not convs):
                row["iree_dispatches_im2col"] = "-"
                continue
            suffix = "" if variant == "default" else ".im2col"
            flow = os.path.join(common.WORK, "flow", "%s_b%d%s.flow.mlir" % (model, a.batch, suffix))
            err = compile_flow(spec, flow, common.VARIANTS[variant], a.force)
            if err:
                print("  %s (%s): %s" % (model, variant, err), file=sys.stderr)
                row["iree_dispatches" + ("" if variant == "default" else "_im2col")] = "error"
                continue
            try:
                summary, dispatches = analyse(model, variant, a.batch, flow, report)
            except Exception as e:  # keep going: one model's odd IR must not stop the rest
                import traceback
                traceback.print_exc()
                row["iree_dispatches" + ("" if variant == "default" else "_im2col")] = "error"
                continue
            write_json(os.path.join(a.json_dir, "%s%s.json" % (model, suffix)), summary, dispatches)
            if variant == "default":
                row["iree_dispatches"] = summary["dispatches"]
                row["iree_executables"] = summary["executables"]
                row["iree_transfers"] = sum(v for k, v in summary["transfers"].items()
                                            if k != "flow.tensor.reshape")
                for k in ("contraction_fused", "contraction_alone", "reduction", "elementwise",
                          "data_movement"):
                    row[k] = summary["dispatch_kinds"].get(k, 0)
                row.update(our_counts(report))
                o = summary.get("ours", {})
                row["dispatches_with_several_of_our_kernels"] = o.get(
                    "dispatches_with_several_of_our_kernels", "-")
                row["our_kernels_in_no_dispatch"] = o.get("kernel_ops_in_no_dispatch", "-")
                row["flags"] = " ".join(common.TARGET_FLAGS)
            else:
                row["iree_dispatches_im2col"] = summary["dispatches"]
        print("  done in %.1f s" % (time.time() - t0), file=sys.stderr)
        rows.append(row)

    os.makedirs(os.path.dirname(a.csv), exist_ok=True)
    old = []
    if os.path.exists(a.csv) and a.models:
        # keep the other models' rows when only some were rerun
        with open(a.csv) as f:
            old = [r for r in csv.DictReader(f) if r["model"] not in {x["model"] for x in rows}]
    with open(a.csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, extrasaction="ignore", restval="-")
        w.writeheader()
        for r in sorted(old + rows, key=lambda r: r["model"]):
            w.writerow(r)

    cols = [("model", 20), ("iree_dispatches", 9), ("iree_dispatches_im2col", 7),
            ("ours_eager_kernels", 6), ("ours_graph_kernels", 6), ("ours_compiled_kernels", 8),
            ("ours_fusion_groups", 7),
            ("dispatches_with_several_of_our_kernels", 7)]
    heads = ["model", "IREE", "im2col", "eager", "graph", "compiled", "groups", "multi"]
    print(" ".join(h.rjust(w) if k else h.ljust(w) for k, (h, (_, w)) in enumerate(zip(heads, cols))))
    for r in rows:
        print(" ".join(str(r.get(c, "-")).rjust(w) if k else str(r.get(c, "-")).ljust(w)
                       for k, (c, w) in enumerate(cols)))
    print("IREE = flow.dispatch ops per call (default flags), im2col = with %s;\n"
          "eager/graph/compiled = our totals.latency_by_execution.*.kernels (eager falls back to\n"
          "totals.launches); groups = our fusion groups;\n"
          "multi = IREE dispatches holding several of our kernel ops.\n"
          "Written %s and %s/" % (" ".join(common.IM2COL_FLAGS), common.rel(a.csv),
                                   common.rel(a.json_dir)))


if __name__ == "__main__":
    main()
