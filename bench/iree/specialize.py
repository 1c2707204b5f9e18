#!/usr/bin/env python3
"""Specialise a zoo model's dynamic dims (the batch) to static sizes in the IR.

The zoo files (zoo/models/*.mlir, torch-mlir exports) have one public
`func.func @forward` whose runtime inputs carry a dynamic batch `?` in dim 0
(tagged `{mlsysim.input = "..."}`); the weights are arguments tagged
`{mlsysim.param = "..."}` with static shapes. IREE compiles dynamic shapes, but
the dispatches, tile sizes and the timings would not be those of the static
program mlsysim prices at `batch=N`. So the batch is fixed in the IR:

  1. the original function is renamed to a private `@forward_dynamic`;
  2. a new public `@forward` takes the same arguments with every bound `?`
     replaced by its size (argument attributes kept), `tensor.cast`s each one to
     the original dynamic type, `func.call`s `@forward_dynamic`, and
     `tensor.cast`s the results back to static types where the first pass
     (below) could infer them, else returns them as they are;
  3. `mlir-opt --inline --canonicalize --cse --symbol-dce` (LLVM 22) inlines the
     call and propagates the static shapes: the casts fold into the linalg ops,
     `tensor.dim` of a now-static value becomes a constant, and torch-mlir's
     scalar size arithmetic (index_cast/muli/divsi/select) folds.

The result types are found in two passes: the first returns the dynamic
types; the result whose returned value is then a `tensor.cast` from a static
type gets that static type in the second pass.

What the dims of each zoo model mean (zoo/models/README.md, export.py): in
every file the *only* dynamic dim is the batch, dim 0 of every input and every
result (torch.export.Dim("batch")).
  resnet50, mobilenet_v2, vit_b16 (+_f16): image Bx3x224x224 -> Bx1000.
  bert_base_s128, gpt2_small (+_f16): input_ids, attention_mask Bx128 i64
      (sequence 128 is static) -> Bx128x768 (BERT also pooled Bx768).
  llama3_8b_prefill: input_ids Bx512 (prompt 512 static) -> logits Bx1x128256
      and the 32x(K, V) cache Bx8x512x128.
  llama3_8b_decode: input_ids, position_ids Bx1, past_key.i/past_value.i
      Bx8x2048x128 f16 (the KV length 2048 is static, not a `?`) -> Bx1x128256.
So `--batch N` is all the zoo needs; `--dim` and `--dynamic` are for files
with other dynamic dims.

Binding rules, applied to every argument type (first match wins):
  --dim NAME:IDX=V   dim IDX of the argument named NAME (its mlsysim.input or
                     mlsysim.param name, or argK) is V;
  --batch N          dim 0 of every argument tagged mlsysim.input is N;
  --dynamic N        any other `?` is N.
A `?` left unbound is an error.

Usage:
  specialize.py MODEL.mlir --batch N -o OUT.mlir
  specialize.py MODEL.mlir --batch 1 --dim past_key.0:2=1024 -o OUT.mlir
  specialize.py MODEL.mlir --dynamic 4 -o OUT.mlir
  specialize.py MODEL.mlir --batch 1 --report   # only print the summary

It prints one summary line to stderr: the linalg ops left with a `?` in a type
(0 for every zoo model at any batch). Outputs belong under build-bench/iree/
(git-ignored); bench/iree/dispatches.py and bench_models.py call this module.
Standard library only, plus /usr/lib/llvm-22/bin/mlir-opt ($MLIR_OPT).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

MLIR_OPT = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
PIPELINE = ["--inline", "--canonicalize", "--cse", "--symbol-dce"]


def split_top(text, sep=","):
    """Splits `text` at `sep` outside (), <>, [], {} and string literals."""
    parts, depth, cur, i, quote = [], 0, [], 0, False
    while i < len(text):
        c = text[i]
        if quote:
            cur.append(c)
            if c == "\\":
                cur.append(text[i + 1])
                i += 1
            elif c == '"':
                quote = False
        elif c == '"':
            quote = True
            cur.append(c)
        elif c in "(<[{":
            depth += 1
            cur.append(c)
        elif c in ")>]}":
            # `->` in function types is not a bracket.
            if not (c == ">" and i > 0 and text[i - 1] == "-"):
                depth -= 1
            cur.append(c)
        elif c == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def matching(text, start, open_c="(", close_c=")"):
    """Index of the bracket closing the one at text[start]."""
    depth, quote = 0, False
    for i in range(start, len(text)):
        c = text[i]
        if quote:
            if c == '"' and text[i - 1] != "\\":
                quote = False
        elif c == '"':
            quote = True
        elif c == open_c:
            depth += 1
        elif c == close_c:
            depth -= 1
            if depth == 0:
                return i
    raise ValueError("unbalanced %r at %d" % (open_c, start))


class Signature:
    """The public function of a module: its name, arguments and results."""

    def __init__(self, text, name=None):
        pat = r"func\.func @(%s)\(" % (re.escape(name) if name else r"[\w$.]+")
        for m in re.finditer(pat, text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            if "private" in text[line_start:m.start()]:
                continue
            break
        else:
            raise SystemExit("specialize.py: no public func.func found")
        self.name = m.group(1)
        self.name_span = (m.start(1), m.end(1))
        open_paren = m.end() - 1
        close_paren = matching(text, open_paren)
        self.args = []   # (ssa, type, attrs or "")
        for a in split_top(text[open_paren + 1:close_paren]):
            a = re.sub(r"\s*loc\(.*\)$", "", a, flags=re.S)
            am = re.match(r"(%[\w$.]+)\s*:\s*(.*)$", a, re.S)
            ty, attrs = am.group(2).strip(), ""
            brace = ty.find("{")
            if brace >= 0 and ty.startswith(("tensor<", "memref<", "i", "f", "index")):
                # the type ends before its attribute dictionary
                depth = 0
                for j, c in enumerate(ty):
                    if c == "<":
                        depth += 1
                    elif c == ">":
                        depth -= 1
                    elif c == "{" and depth == 0:
                        ty, attrs = ty[:j].strip(), ty[j:].strip()
                        break
            self.args.append((am.group(1), ty, attrs))
        rest = text[close_paren + 1:]
        rm = re.match(r"\s*->\s*", rest)
        self.results = []
        if rm:
            r = rest[rm.end():]
            if r.startswith("("):
                end = matching(r, 0)
                self.results = split_top(r[1:end])
            else:
                self.results = [re.match(r"([^\s{]+(?:<[^{]*?>)?)", r).group(1)]
        # results may carry attributes: keep the type only
        self.results = [re.sub(r"\s*\{.*\}$", "", t) for t in self.results]

    def arg_name(self, i):
        _, _, attrs = self.args[i]
        m = re.search(r'mlsysim\.(?:input|param)\s*=\s*"([^"]*)"', attrs)
        return m.group(1) if m else "arg%d" % i

    def is_input(self, i):
        return "mlsysim.input" in self.args[i][2]


def tensor_dims(ty):
    m = re.match(r"tensor<(.*)>$", ty)
    if not m:
        return None, None
    parts = m.group(1).split("x")
    dims, elt = [], []
    for k, p in enumerate(parts):
        if p == "?" or p.isdigit():
            dims.append(p)
        else:
            elt = "x".join(parts[k:])
            break
    return dims, elt


def make_tensor(dims, elt):
    return "tensor<%s>" % "x".join(list(map(str, dims)) + [elt])


def bind(sig, batch=None, dims=None, dynamic=None):
    """Static argument types; raises SystemExit on an unbound `?`."""
    dims = dims or {}
    out = []
    for i, (_, ty, _) in enumerate(sig.args):
        shape, elt = tensor_dims(ty)
        if shape is None or "?" not in shape:
            out.append(ty)
            continue
        new = []
        for k, d in enumerate(shape):
            if d != "?":
                new.append(d)
            elif (sig.arg_name(i), k) in dims:
                new.append(dims[(sig.arg_name(i), k)])
            elif ("arg%d" % i, k) in dims:
                new.append(dims[("arg%d" % i, k)])
            elif batch is not None and k == 0 and sig.is_input(i):
                new.append(batch)
            elif dynamic is not None:
                new.append(dynamic)
            else:
                raise SystemExit("specialize.py: dim %d of %s (%s) is dynamic and unbound; "
                                 "use --dim %s:%d=V or --dynamic V"
                                 % (k, sig.arg_name(i), ty, sig.arg_name(i), k))
        out.append(make_tensor(new, elt))
    return out


def wrapper(sig, static_args, result_types, dyn_name):
    lines = []
    params = ", ".join("%%a%d: %s%s" % (i, t, (" " + a[2]) if a[2] else "")
                       for i, (t, a) in enumerate(zip(static_args, sig.args)))
    res = ", ".join(result_types)
    if len(result_types) != 1:
        res = "(%s)" % res
    lines.append("  func.func @%s(%s) -> %s {" % (sig.name, params, res))
    call_args = []
    for i, (st, (_, dt, _)) in enumerate(zip(static_args, sig.args)):
        if st != dt:
            lines.append("    %%c%d = tensor.cast %%a%d : %s to %s" % (i, i, st, dt))
            call_args.append("%%c%d" % i)
        else:
            call_args.append("%%a%d" % i)
    rets = ", ".join("%%r#%d" % k for k in range(len(sig.results)))
    if len(sig.results) == 1:
        rets = "%r"
    dres = ", ".join(sig.results)
    lines.append("    %s = func.call @%s(%s) : (%s) -> %s" % (
        "%r" if len(sig.results) == 1 else "%%r:%d" % len(sig.results), dyn_name,
        ", ".join(call_args), ", ".join(t for _, t, _ in sig.args),
        dres if len(sig.results) == 1 else "(%s)" % dres))
    outs = []
    singles = [rets] if len(sig.results) == 1 else rets.split(", ")
    for k, (v, dt, st) in enumerate(zip(singles, sig.results, result_types)):
        if dt != st:
            lines.append("    %%s%d = tensor.cast %s : %s to %s" % (k, v, dt, st))
            outs.append("%%s%d" % k)
        else:
            outs.append(v)
    lines.append("    return %s : %s" % (", ".join(outs), ", ".join(result_types)))
    lines.append("  }")
    return "\n".join(lines) + "\n"


def build(text, sig, static_args, result_types):
    dyn_name = sig.name + "_dynamic"
    if re.search(r"@%s\b" % re.escape(dyn_name), text):
        raise SystemExit("specialize.py: @%s already exists" % dyn_name)
    s, e = sig.name_span
    line_start = text.rfind("\n", 0, s) + 1
    head = text[line_start:s].replace("func.func @", "func.func private @")
    body = text[:line_start] + head + dyn_name + text[e:]
    # insert the wrapper before the module's closing brace
    end = body.rstrip().rfind("}")
    return body[:end] + wrapper(sig, static_args, result_types, dyn_name) + body[end:]


def run_opt(text, debuginfo=False, label="<specialize>"):
    """Runs PIPELINE on `text`. With `debuginfo`, locations are printed and the
    temporary file's name in them becomes `label`."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    extra = ["--mlir-print-debuginfo"] if debuginfo else []
    try:
        p = subprocess.run([MLIR_OPT, path, *PIPELINE, *extra], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if p.returncode != 0:
        raise SystemExit("specialize.py: mlir-opt failed:\n" + p.stderr[-4000:])
    return p.stdout.replace('"%s"' % path, '"%s"' % label) if debuginfo else p.stdout


def inferred_results(text, sig):
    """Static types of the values the public function returns through a cast."""
    start = re.search(r"func\.func @%s\(" % re.escape(sig.name), text).start()
    ret = re.compile(r"^\s*return (.*?) : (.*)$", re.M)
    m = ret.search(text, start)
    values = [v.strip() for v in m.group(1).split(",")]
    out = []
    for v, dt in zip(values, sig.results):
        cm = re.search(r"^\s*%s = tensor\.cast \S+ : (tensor<[^>]*>) to " % re.escape(v),
                       text[start:m.start()], re.M)
        st = cm.group(1) if cm else dt
        out.append(st if "?" not in st else dt)
    return out


LINALG_OP = re.compile(r"^\s*(?:%[\w:#,\s%]+=\s*)?(linalg\.[\w.]+)")


def dynamic_linalg_ops(text):
    """Linalg ops (not their region's yield/index) with a `?` in a type."""
    n = 0
    for line in text.splitlines():
        m = LINALG_OP.match(line)
        if m and m.group(1) not in ("linalg.yield", "linalg.index") and "?" in line:
            n += 1
    return n


CAST = re.compile(r"^\s*(%[\w$.-]+) = tensor\.cast (%[\w$.#-]+) : (tensor<[^>]*>) to "
                  r"(tensor<[^>]*>)(?: loc\(.*\))?\s*$", re.M)
CONCAT = re.compile(r"^(\s*)(%[\w$.-]+) = tensor\.concat dim\((\d+)\) (.*?) : \((.*)\) -> "
                    r"(tensor<[^>]*>)( loc\(.*\))?\s*$", re.M)
RESHAPE = re.compile(r"^(\s*)(%[\w$.-]+) = tensor\.reshape (%[\w$.#-]+)\((%[\w$.#-]+)\) : "
                     r"\((tensor<[^>]*>), (tensor<[^>]*>)\) -> (tensor<[^>]*>)( loc\(.*\))?\s*$", re.M)
DENSE = re.compile(r"^\s*(%[\w$.-]+) = arith\.constant dense<\[?([-\d, ]+)\]?> : "
                   r"tensor<\d+xi(?:64|32)>(?: loc\(.*\))?\s*$", re.M)


def refine_shapes(text):
    """Makes `tensor.concat` and `tensor.reshape` static where canonicalize does
    not (LLVM 22): neither folds a `tensor.cast` of an operand from a static
    type, and reshape does not read a constant shape operand. Each such op is
    rewritten on the static values, then cast back to its old type, so the next
    canonicalize folds that cast into the consumers. Returns (text, changed)."""
    casts = {m.group(1): (m.group(2), m.group(3)) for m in CAST.finditer(text)}
    consts = {m.group(1): [int(v) for v in m.group(2).split(",")] for m in DENSE.finditer(text)}
    changed = [0]

    def source(v, ty):
        if v in casts and "?" in ty and "?" not in casts[v][1]:
            return casts[v]
        return v, ty

    def concat(m):
        ind, res, dim, ops, tys, rty, loc = m.groups()
        loc = loc or ""
        dim = int(dim)
        ops = [o.strip() for o in ops.split(",")]
        srcs = [source(o, t) for o, t in zip(ops, split_top(tys))]
        shapes = [tensor_dims(t)[0] for _, t in srcs]
        if any("?" in s for s in shapes) or "?" not in rty:
            return m.group(0)
        rshape, elt = tensor_dims(rty)
        new = list(shapes[0])
        new[dim] = str(sum(int(s[dim]) for s in shapes))
        sty = make_tensor(new, elt)
        changed[0] += 1
        return ("%s%s__s = tensor.concat dim(%d) %s : (%s) -> %s%s\n%s%s = tensor.cast %s__s : %s to %s"
                % (ind, res, dim, ", ".join(v for v, _ in srcs), ", ".join(t for _, t in srcs),
                   sty, loc, ind, res, res, sty, rty))

    def reshape(m):
        ind, res, src, shp, sty_in, shty, rty, loc = m.groups()
        loc = loc or ""
        if "?" not in rty or shp not in consts or any(v < 0 for v in consts[shp]):
            return m.group(0)
        v, t = source(src, sty_in)
        new = make_tensor(consts[shp], tensor_dims(rty)[1])
        changed[0] += 1
        return ("%s%s__s = tensor.reshape %s(%s) : (%s, %s) -> %s%s\n%s%s = tensor.cast %s__s : %s to %s"
                % (ind, res, v, shp, t, shty, new, loc, ind, res, res, new, rty))

    text = CONCAT.sub(concat, text)
    text = RESHAPE.sub(reshape, text)
    return text, changed[0]


def specialize(text, batch=None, dims=None, dynamic=None, name=None, debuginfo=False,
               label="model.mlir"):
    """Returns (specialised text, number of linalg ops left dynamic).

    With `debuginfo`, every op keeps the location of the op it came from in
    the input, as `loc("<label>":LINE:COL)` with the input's own line numbers
    (inlining wraps them in callsite(... at <the wrapper's call>), whose line
    is past the input's last line); ops this script creates are located in
    "<specialize>"."""
    sig = Signature(text, name)
    static_args = bind(sig, batch, dims, dynamic)
    results = sig.results
    for _ in range(2):
        out = run_opt(build(text, sig, static_args, results), debuginfo, label)
        for _ in range(8):
            out, changed = refine_shapes(out)
            if not changed:
                break
            out = run_opt(out, debuginfo)
        new = inferred_results(out, sig)
        if new == results:
            break
        results = new
    return out, dynamic_linalg_ops(out)


def parse_dims(specs):
    dims = {}
    for s in specs or []:
        m = re.match(r"(.+):(\d+)=(\d+)$", s)
        if not m:
            raise SystemExit("specialize.py: --dim wants NAME:IDX=VALUE, got %r" % s)
        dims[(m.group(1), int(m.group(2)))] = m.group(3)
    return dims


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.split("\n")[1:]))
    ap.add_argument("model")
    ap.add_argument("--batch", type=int, help="dim 0 of every mlsysim.input argument")
    ap.add_argument("--dim", action="append", metavar="NAME:IDX=V",
                    help="dim IDX of the argument NAME (mlsysim name or argK)")
    ap.add_argument("--dynamic", type=int, help="every other `?`")
    ap.add_argument("--func", help="the public function (default: the first public one)")
    ap.add_argument("-o", "--output", help="output file (default stdout)")
    ap.add_argument("--report", action="store_true", help="print only the summary")
    ap.add_argument("--debuginfo", action="store_true",
                    help="print locations: each op keeps MODEL.mlir:LINE:COL of its origin")
    a = ap.parse_args()
    with open(a.model) as f:
        text = f.read()
    out, left = specialize(text, None if a.batch is None else str(a.batch), parse_dims(a.dim),
                           None if a.dynamic is None else str(a.dynamic), a.func,
                           a.debuginfo, a.model)
    print("%s: %d linalg ops with a dynamic dim left" % (a.model, left), file=sys.stderr)
    if a.report:
        return
    if a.output:
        os.makedirs(os.path.dirname(os.path.abspath(a.output)), exist_ok=True)
        with open(a.output, "w") as f:
            f.write(out)
    else:
        sys.stdout.write(out)


if __name__ == "__main__":
    main()
