#!/usr/bin/env python3
"""Price the published per-kernel GEMM/conv measurements with mlsysim, flat vs tiled.

What it does
------------
For each row of ``gemm-kernels.csv`` (in this folder; see ``README.md`` for the columns)
that names a ``zoo_device`` and has a supported dtype (f16, bf16, tf32, f32, i8, fp8), the
script writes a one-op MLIR module to a temporary file:

* ``matmul``       -> ``linalg.matmul``       A[MxK] x B[KxN] -> C[MxN]
* ``batch_matmul`` -> ``linalg.batch_matmul`` A[BxMxK] x B[BxKxN] -> C[BxMxN]
* ``conv2d``       -> ``linalg.conv_2d_nhwc_hwcf`` built from ``conv_shape``
  (N,H,W,C,K,R,S,stride,pad): the padding is folded into the input (H+2p, W+2p) and the
  output is (H+2p-R)/stride+1.

Element types: f16 -> f16, bf16 -> bf16, tf32 -> f32 priced with ``tf32=true``, f32 -> f32,
i8 -> i8, fp8 -> f8E4M3FN. The output (the ``outs`` operand) is the input type for f16/bf16
(cuBLAS HGEMM / torch.mm / hipBLASLt write C in the input type; a stated f32
``accumulate_dtype`` is the compute type, not the output type), i32 for i8, and f32
otherwise (f32, tf32, fp8). The output tensor is a function argument (no tensor.empty /
linalg.fill), so only the contraction itself is priced. The module is::

    func.func @k(%a: ..., %b: ..., %c: ...) -> ... {
      %0 = linalg.matmul ins(%a, %b : ...) outs(%c : ...) -> ...
      return %0 : ...
    }

Each module is priced three times with::

    build/bin/mlsysim-opt FILE --mlsysim-report="hardware=<zoo_device> format=json \
        output=- fusion=0 execution=compiled realism=<R>" -o /dev/null

* ``R=none``      the flat roofline ("flat"),
* ``R=no-launch`` the tiled kernel model without the per-kernel launch cost ("tiled"; the
  main tiled figure, because published kernel times exclude the launch),
* ``R=all``       the tiled model with the launch cost (reported for reference).

From the JSON it takes the first ``ops`` entry whose op name starts with ``linalg.``: its
``latency_s``, its ``tile`` object (m, n, split_k, waves, utilization) and ``bound`` /
``bound_level``. The measured time is ``measured_time_s``, or, where empty,
``2*batch*M*N*K / (measured_tflops*1e12)``. Error = predicted/measured - 1.

Classes (first match wins): conv (op conv2d), batched (batch > 1), skinny (min(M,N) < 256),
square-large (min(M,N,K) >= 4096), square-small (max(M,N,K) <= 2048 and M,N >= 256), and
other (large or mixed shapes that fit none of these, e.g. 256x4096x4096 or the MAMF
best shapes with one side of 1024-2048). The summary gives, per class and per class and
device: rows, median |error| of flat and tiled, and in how many rows the tiled model is
closer to the measurement than the flat one.

How to run
----------
From the repository root (Python 3, standard library only; mlsysim-opt must be built)::

    python3 bench/published/kernels/compare_kernels.py
    python3 bench/published/kernels/compare_kernels.py --csv bench/results/kernel-comparison.csv
    python3 bench/published/kernels/compare_kernels.py --mlsysim-opt path/to/mlsysim-opt \
        --markdown /tmp/kernels.md

Options: ``--mlsysim-opt`` (default build/bin/mlsysim-opt), ``--markdown`` (default
bench/results/kernel-comparison.md; ``-`` for stdout), ``--csv`` (optional per-row CSV),
``--input`` (default the CSV next to this script), ``--jobs`` (parallel mlsysim-opt runs).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))

# dtype column -> (MLIR input element type, MLIR output element type, extra report option)
DTYPES = {
    "f16": ("f16", "f16", ""),
    "bf16": ("bf16", "bf16", ""),
    "tf32": ("f32", "f32", "tf32=true"),
    "f32": ("f32", "f32", ""),
    "i8": ("i8", "i32", ""),
    "fp8": ("f8E4M3FN", "f32", ""),
}

REALISMS = [("flat", "none"), ("tiled", "no-launch"), ("tiled_launch", "all")]
CLASSES = ["square-large", "square-small", "skinny", "batched", "conv", "other"]


def tensor(shape, elem):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + elem + ">"


def build_module(row):
    """Return (mlir_text, extra_option) for a row; raise ValueError if unsupported."""
    dtype = row["dtype"].strip()
    if dtype not in DTYPES:
        raise ValueError(f"unsupported dtype {dtype!r}")
    tin, tout, extra = DTYPES[dtype]
    op = row["op"].strip()
    batch, m, n, k = (int(row[c]) for c in ("batch", "m", "n", "k"))
    attrs = ""
    if op == "matmul":
        if batch != 1:
            raise ValueError("matmul row with batch != 1")
        a, b, c = tensor([m, k], tin), tensor([k, n], tin), tensor([m, n], tout)
        name = "linalg.matmul"
    elif op == "batch_matmul":
        a, b, c = (tensor([batch, m, k], tin), tensor([batch, k, n], tin),
                   tensor([batch, m, n], tout))
        name = "linalg.batch_matmul"
    elif op == "conv2d":
        parts = [int(x) for x in row["conv_shape"].replace(" ", "").split(",")]
        if len(parts) != 9:
            raise ValueError(f"bad conv_shape {row['conv_shape']!r}")
        N, H, W, C, K, R, S, st, p = parts
        Hp, Wp = H + 2 * p, W + 2 * p
        Ho, Wo = (Hp - R) // st + 1, (Wp - S) // st + 1
        a, b, c = (tensor([N, Hp, Wp, C], tin), tensor([R, S, C, K], tin),
                   tensor([N, Ho, Wo, K], tout))
        name = "linalg.conv_2d_nhwc_hwcf"
        attrs = (" {dilations = dense<1> : tensor<2xi64>, "
                 f"strides = dense<{st}> : tensor<2xi64>}}")
    else:
        raise ValueError(f"unsupported op {op!r}")
    text = (f"func.func @k(%a: {a}, %b: {b}, %c: {c}) -> {c} {{\n"
            f"  %0 = {name}{attrs} ins(%a, %b : {a}, {b}) outs(%c : {c}) -> {c}\n"
            f"  return %0 : {c}\n"
            "}\n")
    return text, extra


def measured_time(row):
    t = row.get("measured_time_s", "").strip()
    if t:
        return float(t)
    tf = row.get("measured_tflops", "").strip()
    if not tf:
        raise ValueError("no measured_time_s or measured_tflops")
    batch, m, n, k = (int(row[c]) for c in ("batch", "m", "n", "k"))
    return 2.0 * batch * m * n * k / (float(tf) * 1e12)


def classify(row):
    op = row["op"].strip()
    batch, m, n, k = (int(row[c]) for c in ("batch", "m", "n", "k"))
    if op == "conv2d":
        return "conv"
    if batch > 1:
        return "batched"
    if min(m, n) < 256:
        return "skinny"
    if min(m, n, k) >= 4096:
        return "square-large"
    if max(m, n, k) <= 2048 and m >= 256 and n >= 256:
        return "square-small"
    return "other"


def price(opt, path, device, realism, extra):
    opts = (f"hardware={device} format=json output=- fusion=0 execution=compiled "
            f"realism={realism}")
    if extra:
        opts += " " + extra
    cmd = [opt, path, f"--mlsysim-report={opts}", "-o", os.devnull]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        msg = (proc.stderr or proc.stdout).strip().splitlines()
        raise RuntimeError(f"mlsysim-opt rc={proc.returncode}: "
                           + (msg[-1] if msg else "no output"))
    data = json.loads(proc.stdout)
    for op in data.get("ops", []):
        if str(op.get("op", "")).startswith("linalg."):
            if not op.get("modeled", True):
                raise RuntimeError(f"op not modeled: {op.get('reason')}")
            return {
                "latency_s": op["latency_s"],
                "tile": op.get("tile") or {},
                "bound": op.get("bound"),
                "bound_level": op.get("bound_level"),
            }
    raise RuntimeError("no linalg op in the report")


def process_row(opt, row, tmpdir):
    rec = {
        "case_id": row["case_id"], "op": row["op"], "device": row["zoo_device"].strip(),
        "source_device": row["device"], "dtype": row["dtype"].strip(),
        "batch": int(row["batch"]), "m": int(row["m"]), "n": int(row["n"]),
        "k": int(row["k"]), "class": classify(row), "error": None,
    }
    try:
        rec["measured_s"] = measured_time(row)
        if not rec["device"]:
            raise ValueError("no zoo_device (device not in zoo/hardware)")
        text, extra = build_module(row)
        path = os.path.join(tmpdir, row["case_id"] + ".mlir")
        with open(path, "w") as f:
            f.write(text)
        for key, realism in REALISMS:
            r = price(opt, path, rec["device"], realism, extra)
            rec[key + "_s"] = r["latency_s"]
            rec[key + "_err"] = r["latency_s"] / rec["measured_s"] - 1.0
            if key == "tiled":
                rec["tile"] = r["tile"]
                rec["bound"] = r["bound"]
                rec["bound_level"] = r["bound_level"]
    except Exception as e:  # report and go on
        rec["error"] = f"{type(e).__name__}: {e}"
    return rec


def fmt_time(s):
    if s is None:
        return ""
    if s >= 1e-3:
        return f"{s * 1e3:.3f} ms"
    if s >= 1e-6:
        return f"{s * 1e6:.2f} us"
    return f"{s * 1e9:.0f} ns"


def fmt_err(e):
    return "" if e is None else f"{e * 100:+.1f}%"


def shape_str(r):
    s = f"{r['m']}x{r['n']}x{r['k']}"
    return f"{r['batch']}x" + s if r["batch"] > 1 else s


def tile_str(t):
    if not t or "m" not in t:
        return ""
    return f"{t['m']}x{t['n']}/k{t.get('split_k', 1)}"


def is_tie(r):
    """Flat and tiled within 0.1% of each other (e.g. no tile model for the device)."""
    return abs(r["tiled_s"] - r["flat_s"]) <= 1e-3 * r["flat_s"]


def summarize(recs):
    ok = [r for r in recs if r["error"] is None]
    out = []
    groups = {}
    for r in ok:
        groups.setdefault((r["class"], None), []).append(r)
        groups.setdefault((r["class"], r["device"]), []).append(r)
    groups[("all", None)] = ok
    order = CLASSES + ["all"]
    for key in sorted(groups, key=lambda g: (order.index(g[0]), g[1] is not None, g[1] or "")):
        rs = groups[key]
        flat = statistics.median(abs(r["flat_err"]) for r in rs)
        tiled = statistics.median(abs(r["tiled_err"]) for r in rs)
        tl = statistics.median(abs(r["tiled_launch_err"]) for r in rs)
        ties = sum(1 for r in rs if is_tie(r))
        beats = sum(1 for r in rs
                    if not is_tie(r) and abs(r["tiled_err"]) < abs(r["flat_err"]))
        out.append({"class": key[0], "device": key[1] or "(all)", "rows": len(rs),
                    "flat": flat, "tiled": tiled, "tiled_launch": tl, "beats": beats,
                    "ties": ties})
    return out


def pct(x):
    return f"{x * 100:.1f}%"


def markdown(recs, summary, opt):
    ok = [r for r in recs if r["error"] is None]
    bad = [r for r in recs if r["error"] is not None]
    L = []
    L.append("# Published GEMM/conv kernels: flat roofline vs tiled kernel model")
    L.append("")
    L.append("Generated by `bench/published/kernels/compare_kernels.py` from "
             "`bench/published/kernels/gemm-kernels.csv` "
             f"({len(recs)} rows, {len(ok)} priced, {len(bad)} not priced).")
    L.append("")
    L.append("- **flat**: `realism=none` (the flat roofline).")
    L.append("- **tiled**: `realism=no-launch` (tiled model without the per-kernel launch "
             "cost; published kernel times exclude the launch). Main tiled figure.")
    L.append("- **tiled+launch**: `realism=all` (for reference).")
    L.append("- Error = predicted/measured - 1. \"tiled beats flat\" counts rows where "
             "|tiled error| < |flat error| (ties, where the two "
             "predictions agree within 0.1%, are counted apart).")
    L.append("- Options: `fusion=0 execution=compiled`; tf32 rows are f32 with `tf32=true`.")
    L.append("")
    L.append("## Summary by class")
    L.append("")
    L.append("| class | device | rows | median abs err flat | median abs err tiled "
             "| median abs err tiled+launch | tiled beats flat | ties |")
    L.append("|---|---|---:|---:|---:|---:|---:|---:|")
    for s in summary:
        if s["device"] == "(all)":
            L.append(f"| {s['class']} | {s['device']} | {s['rows']} | {pct(s['flat'])} | "
                     f"{pct(s['tiled'])} | {pct(s['tiled_launch'])} | "
                     f"{s['beats']}/{s['rows']} | {s['ties']} |")
    L.append("")
    L.append("## Summary by class and device")
    L.append("")
    L.append("| class | device | rows | median abs err flat | median abs err tiled "
             "| median abs err tiled+launch | tiled beats flat | ties |")
    L.append("|---|---|---:|---:|---:|---:|---:|---:|")
    for s in summary:
        if s["device"] != "(all)":
            L.append(f"| {s['class']} | {s['device']} | {s['rows']} | {pct(s['flat'])} | "
                     f"{pct(s['tiled'])} | {pct(s['tiled_launch'])} | "
                     f"{s['beats']}/{s['rows']} | {s['ties']} |")
    L.append("")
    L.append("## Per row")
    L.append("")
    L.append("| case_id | class | device | dtype | shape (BxMxNxK) | measured | flat | flat err "
             "| tiled | tiled err | tiled+launch err | tile MxN/kS | waves | util | bound |")
    L.append("|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|")
    for r in ok:
        t = r.get("tile") or {}
        util = t.get("utilization")
        bound = f"{r.get('bound') or ''}/{r.get('bound_level') or ''}"
        L.append(f"| {r['case_id']} | {r['class']} | {r['device']} | {r['dtype']} | "
                 f"{shape_str(r)} | {fmt_time(r['measured_s'])} | {fmt_time(r['flat_s'])} | "
                 f"{fmt_err(r['flat_err'])} | {fmt_time(r['tiled_s'])} | "
                 f"{fmt_err(r['tiled_err'])} | {fmt_err(r['tiled_launch_err'])} | "
                 f"{tile_str(t)} | {t.get('waves', '')} | "
                 f"{'' if util is None else f'{util:.3f}'} | {bound} |")
    L.append("")
    if bad:
        L.append("## Rows not priced")
        L.append("")
        L.append("| case_id | device (source) | dtype | reason |")
        L.append("|---|---|---|---|")
        for r in bad:
            L.append(f"| {r['case_id']} | {r['source_device']} | {r['dtype']} | "
                     f"{r['error']} |")
        L.append("")
    L.append("## Caveats")
    L.append("")
    L.append("- `mamf1-mi250x-bf16` measures one GCD, but `amd-mi250x` in the zoo is the "
             "2-GCD package; it is priced against the whole package here (as the zoo has it), "
             "so its predictions are optimistic by about 2x.")
    untiled = {r["device"] for r in ok if not (r.get("tile") or {}).get("m")}
    tiled = {r["device"] for r in ok if (r.get("tile") or {}).get("m")}
    notile = sorted(untiled - tiled)
    fallback = sorted(untiled & tiled)
    if notile:
        L.append("- No tile was chosen (empty tile columns, tiled = flat) on: "
                 + ", ".join(f"`{d}`" for d in notile)
                 + ". Their zoo files carry no `matrix_tiles`/`cores`, so the tiled "
                 "model has nothing to quantize and falls back to the flat roofline.")
    if fallback:
        L.append("- Rows with empty tile columns on " + ", ".join(f"`{d}`" for d in fallback)
                 + " ran as vector kernels: the tiles would keep less of the matrix unit busy "
                 "than the vector unit's peak (docs/cost-model.md). They still pay the "
                 "device's library kernel latency where its file gives one.")
    L.append("- The MAMF and AMD MAF rows are the best shape of a search; the XLA `tf32` rows "
             "are f32 dots inferred to run on tensor cores (see the README).")
    L.append("")
    return "\n".join(L)


CSV_FIELDS = ["case_id", "class", "op", "device", "dtype", "batch", "m", "n", "k",
              "measured_s", "flat_s", "flat_err", "tiled_s", "tiled_err",
              "tiled_launch_s", "tiled_launch_err", "tile_m", "tile_n", "split_k",
              "waves", "utilization", "bound", "bound_level", "error"]


def write_csv(path, recs):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        w.writeheader()
        for r in recs:
            t = r.get("tile") or {}
            row = {k: r.get(k) for k in CSV_FIELDS}
            row.update(tile_m=t.get("m"), tile_n=t.get("n"), split_k=t.get("split_k"),
                       waves=t.get("waves"), utilization=t.get("utilization"))
            w.writerow(row)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mlsysim-opt", default=os.path.join(REPO, "build", "bin", "mlsysim-opt"))
    ap.add_argument("--input", default=os.path.join(HERE, "gemm-kernels.csv"))
    ap.add_argument("--markdown", default=os.path.join(REPO, "bench", "results",
                                                       "kernel-comparison.md"),
                    help="markdown output path ('-' for stdout)")
    ap.add_argument("--csv", default=None, help="also write a per-row CSV here")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 4)
    args = ap.parse_args(argv)

    if not os.access(args.mlsysim_opt, os.X_OK):
        sys.exit(f"mlsysim-opt not found or not executable: {args.mlsysim_opt}")
    with open(args.input, newline="") as f:
        rows = list(csv.DictReader(f))

    with tempfile.TemporaryDirectory(prefix="mlsysim-kernels-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            recs = list(ex.map(lambda r: process_row(args.mlsysim_opt, r, tmp), rows))

    summary = summarize(recs)
    md = markdown(recs, summary, args.mlsysim_opt)
    if args.markdown == "-":
        sys.stdout.write(md)
    else:
        os.makedirs(os.path.dirname(os.path.abspath(args.markdown)), exist_ok=True)
        with open(args.markdown, "w") as f:
            f.write(md)
        print(f"wrote {args.markdown}", file=sys.stderr)
    if args.csv:
        write_csv(args.csv, recs)
        print(f"wrote {args.csv}", file=sys.stderr)
    bad = [r for r in recs if r["error"] is not None]
    print(f"{len(recs) - len(bad)} rows priced, {len(bad)} not priced", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
