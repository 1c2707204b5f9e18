#!/usr/bin/env python3
"""Checks that two MLIR files compute the same: every public function of
BEFORE is run on the same inputs as the function of the same name in AFTER
(mlsysim-fuse's output), with upstream MLIR 22 alone: both modules are merged
(AFTER's functions renamed `<name>__after`), a `main` is added that makes
deterministic inputs (a sine of the element's linear index, small for weights
and positive for BatchNorm variances; attention masks (an argument named
*mask*) ones; other i64 0 or 1, valid indices of any table; other integers
modulo 7),
calls both and prints, for each result, the largest absolute difference and the
largest magnitude; the module is bufferized, lowered to loops and to LLVM, and
run by mlir-runner.

Prints one line per result, `ok NAME#K diff=D scale=S` when D <= TOL * S (or
`DIFFERENT ...`), and exits non-zero if any result differs. Static shapes only.

  fuse_equivalence.py BEFORE.mlir AFTER.mlir [--tol 1e-5] [--llvm /usr/lib/llvm-22]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

PIPELINE = ("builtin.module(one-shot-bufferize{bufferize-function-boundaries=1 "
            "function-boundary-type-conversion=identity-layout-map},"
            "func.func(convert-linalg-to-loops),expand-strided-metadata,lower-affine,"
            "convert-scf-to-cf,convert-math-to-llvm,convert-math-to-libm,convert-to-llvm,"
            "reconcile-unrealized-casts)")

FUNC = re.compile(r"func\.func\s+(?:(public|private|nested)\s+)?@([\w$.]+)\s*\(")


def split_top(text):
    """Splits at commas outside <>, (), [], {}."""
    parts, depth, cur = [], 0, ""
    for c in text:
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        parts.append(cur.strip())
    return parts


def matching(text, start, open_c, close_c):
    depth = 0
    for i in range(start, len(text)):
        if text[i] == open_c:
            depth += 1
        elif text[i] == close_c:
            depth -= 1
            if depth == 0:
                return i
    raise ValueError("unbalanced")


def signatures(text):
    """{name: (arg types, result types)} of the public functions."""
    out = {}
    for m in FUNC.finditer(text):
        if m.group(1) == "private":
            continue
        open_paren = m.end() - 1
        close = matching(text, open_paren, "(", ")")
        args = []
        for a in split_top(text[open_paren + 1:close]):
            ty = re.sub(r"^%[\w$.]+\s*:\s*", "", a)
            ty = re.sub(r"\s*loc\(.*\)\s*$", "", ty)
            attrs = re.search(r"\{.*\}\s*$", ty)
            ty = re.sub(r"\s*\{.*\}\s*$", "", ty)
            args.append((ty.strip(), attrs.group(0) if attrs else ""))
        rest = text[close + 1:]
        results = []
        r = re.match(r"\s*->\s*", rest)
        if r:
            rest = rest[r.end():]
            if rest.startswith("("):
                end = matching(rest, 0, "(", ")")
                results = [re.sub(r"\s*\{.*\}\s*$", "", t) for t in split_top(rest[1:end])]
            else:
                results = [re.match(r"([^\s{]+(?:<[^{]*?>)?)", rest).group(1)]
        out[m.group(2)] = (args, results)
    return out


def tensor_dims(ty):
    m = re.match(r"tensor<(.*)>$", ty)
    if not m:
        raise ValueError("not a tensor: " + ty)
    parts = m.group(1).split("x")
    shape, elt = parts[:-1], parts[-1]
    if any(not d.isdigit() for d in shape):
        raise ValueError("dynamic shape: " + ty)
    return [int(d) for d in shape], elt


def identity_map(rank):
    dims = ", ".join("d%d" % i for i in range(rank))
    return "affine_map<(%s) -> (%s)>" % (dims, dims)


def input_kind(attrs):
    """How large the values of an argument are: weights (`mlsysim.param`)
    small, so that a deep network's activations stay finite; BatchNorm
    variances positive; everything else in [-0.6, 1.4]."""
    if "running_var" in attrs:
        return (1.0, 0.1)
    if "mlsysim.param" in attrs:
        return (0.0, 0.05)
    return (0.37, 1.0)


def make_input(lines, name, ty, seed, attrs=""):
    offset, amplitude = input_kind(attrs)
    shape, elt = tensor_dims(ty)
    rank = len(shape)
    lines.append("    %%%s_e = tensor.empty() : %s" % (name, ty))
    lines.append("    %%%s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} outs(%%%s_e : %s) {"
                 % (name, identity_map(rank), ", ".join(['"parallel"'] * rank), name, ty))
    lines.append("    ^bb0(%%%s_o: %s):" % (name, elt))
    lines.append("      %%%s_l0 = arith.constant 0 : index" % name)
    prev = "%%%s_l0" % name
    stride = 1
    for d in reversed(range(rank)):
        lines.append("      %%%s_i%d = linalg.index %d : index" % (name, d, d))
        lines.append("      %%%s_s%d = arith.constant %d : index" % (name, d, stride))
        lines.append("      %%%s_m%d = arith.muli %%%s_i%d, %%%s_s%d : index" % (name, d, name, d, name, d))
        lines.append("      %%%s_a%d = arith.addi %s, %%%s_m%d : index" % (name, d, prev, name, d))
        prev = "%%%s_a%d" % (name, d)
        stride *= shape[d]
    lines.append("      %%%s_li = arith.index_cast %s : index to i64" % (name, prev))
    if elt.startswith("i") and "mask" in attrs:
        # An attention mask of ones: a masked-out row would be NaN in both.
        lines.append("      %%%s_v = arith.constant 1 : %s" % (name, elt))
    elif elt.startswith("i"):
        lines.append("      %%%s_c7 = arith.constant 7 : i64" % name)
        lines.append("      %%%s_r = arith.remsi %%%s_li, %%%s_c7 : i64" % (name, name, name))
        if elt == "i1":
            lines.append("      %%%s_z = arith.constant 3 : i64" % name)
            lines.append("      %%%s_v = arith.cmpi slt, %%%s_r, %%%s_z : i64" % (name, name, name))
        elif elt == "i64":
            # 0 or 1: a valid index into every table (token types, ids).
            lines.append("      %%%s_c2 = arith.constant 2 : i64" % name)
            lines.append("      %%%s_v = arith.remsi %%%s_li, %%%s_c2 : i64" % (name, name, name))
        else:
            lines.append("      %%%s_v = arith.trunci %%%s_r : i64 to %s" % (name, name, elt))
    else:
        lines.append("      %%%s_f = arith.sitofp %%%s_li : i64 to f32" % (name, name))
        lines.append("      %%%s_k = arith.constant %r : f32" % (name, 0.37 + 0.01 * seed))
        lines.append("      %%%s_p = arith.mulf %%%s_f, %%%s_k : f32" % (name, name, name))
        lines.append("      %%%s_sin = math.sin %%%s_p : f32" % (name, name))
        lines.append("      %%%s_amp = arith.constant %r : f32" % (name, amplitude))
        lines.append("      %%%s_off = arith.constant %r : f32" % (name, offset))
        lines.append("      %%%s_sa = arith.mulf %%%s_sin, %%%s_amp : f32" % (name, name, name))
        if elt == "f32":
            lines.append("      %%%s_v = arith.addf %%%s_sa, %%%s_off : f32" % (name, name, name))
        else:
            lines.append("      %%%s_w = arith.addf %%%s_sa, %%%s_off : f32" % (name, name, name))
            lines.append("      %%%s_v = arith.truncf %%%s_w : f32 to %s" % (name, name, elt))
    lines.append("      linalg.yield %%%s_v : %s" % (name, elt))
    lines.append("    } -> %s" % ty)


def to_f32(lines, value, elt, prefix):
    if elt == "f32":
        return value
    if elt.startswith("f") or elt.startswith("bf"):
        lines.append("      %s = arith.extf %s : %s to f32" % (prefix, value, elt))
    else:
        lines.append("      %s = arith.sitofp %s : %s to f32" % (prefix, value, elt))
    return prefix


def compare(lines, tag, a, b, ty):
    shape, elt = tensor_dims(ty)
    rank = len(shape)
    red = ", ".join(['"reduction"'] * rank)
    ident = identity_map(rank)
    dims = ", ".join("d%d" % i for i in range(rank))
    scalar = "affine_map<(%s) -> ()>" % dims
    lines.append("    %%%s_z = arith.constant 0.0 : f32" % tag)
    lines.append("    %%%s_ie = tensor.empty() : tensor<f32>" % tag)
    lines.append("    %%%s_i = linalg.fill ins(%%%s_z : f32) outs(%%%s_ie : tensor<f32>) -> tensor<f32>" % (tag, tag, tag))
    lines.append("    %%%s_d:2 = linalg.generic {indexing_maps = [%s, %s, %s, %s], iterator_types = [%s]} ins(%s, %s : %s, %s) outs(%%%s_i, %%%s_i : tensor<f32>, tensor<f32>) {"
                 % (tag, ident, ident, scalar, scalar, red, a, b, ty, ty, tag, tag))
    lines.append("    ^bb0(%%%s_x: %s, %%%s_y: %s, %%%s_acc: f32, %%%s_mag: f32):" % (tag, elt, tag, elt, tag, tag))
    x = to_f32(lines, "%%%s_x" % tag, elt, "%%%s_xf" % tag)
    y = to_f32(lines, "%%%s_y" % tag, elt, "%%%s_yf" % tag)
    lines.append("      %%%s_s = arith.subf %s, %s : f32" % (tag, x, y))
    lines.append("      %%%s_abs = math.absf %%%s_s : f32" % (tag, tag))
    lines.append("      %%%s_m = arith.maximumf %%%s_acc, %%%s_abs : f32" % (tag, tag, tag))
    lines.append("      %%%s_ax = math.absf %s : f32" % (tag, x))
    lines.append("      %%%s_mm = arith.maximumf %%%s_mag, %%%s_ax : f32" % (tag, tag, tag))
    lines.append("      linalg.yield %%%s_m, %%%s_mm : f32, f32" % (tag, tag))
    lines.append("    } -> (tensor<f32>, tensor<f32>)")
    lines.append("    %%%s_dv = tensor.extract %%%s_d#0[] : tensor<f32>" % (tag, tag))
    lines.append("    %%%s_mv = tensor.extract %%%s_d#1[] : tensor<f32>" % (tag, tag))
    lines.append("    vector.print %%%s_dv : f32" % tag)
    lines.append("    vector.print %%%s_mv : f32" % tag)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--tol", type=float, default=1e-5)
    parser.add_argument("--llvm", default="/usr/lib/llvm-22")
    args = parser.parse_args()
    before = open(args.before).read()
    after = open(args.after).read()
    sigs = signatures(before)
    after_sigs = signatures(after)
    # AFTER's symbols renamed; affine map aliases made distinct.
    names = [m.group(2) for m in FUNC.finditer(after)]
    for name in sorted(names, key=len, reverse=True):
        after = re.sub(r"@%s\b" % re.escape(name), "@%s__after" % name, after)
    after = re.sub(r"#(map\w*)", r"#\1__after", after)
    before_body = before.strip()
    after_body = after.strip()
    # Both files are modules; take each one's body.
    def body(text):
        text = re.sub(r"^\s*module\s*(attributes\s*\{[^}]*\})?\s*\{", "", text, count=1, flags=re.S)
        if text.rstrip().endswith("}") and text is not None:
            pass
        return text

    def strip_module(text):
        # Aliases (#map = ...) sit before the module; keep them outside.
        lines = text.split("\n")
        aliases = [l for l in lines if re.match(r"^#\w+\s*=", l)]
        rest = "\n".join(l for l in lines if not re.match(r"^#\w+\s*=", l)).strip()
        m = re.match(r"^module\b[^{]*\{", rest)
        if m:
            rest = rest[m.end():]
            rest = rest[:rest.rstrip().rfind("}")]
        return aliases, rest

    a_aliases, a_rest = strip_module(before_body)
    b_aliases, b_rest = strip_module(after_body)
    lines = ["func.func @main() {"]
    for index, (name, (arg_types, result_types)) in enumerate(sorted(sigs.items())):
        arg_names = []
        for k, (ty, attrs) in enumerate(arg_types):
            n = "in%d_%d" % (index, k)
            make_input(lines, n, ty, k, attrs)
            arg_names.append("%" + n)
        call_types = ", ".join(ty for ty, _ in arg_types)
        res = ", ".join(result_types)
        results = len(result_types)
        ra, rb = "%%ra%d" % index, "%%rb%d" % index
        lines.append("    %s%s = func.call @%s(%s) : (%s) -> (%s)"
                     % (ra, ":%d" % results if results > 1 else "", name, ", ".join(arg_names), call_types, res))
        # AFTER may type its results less precisely (a dynamic size its
        # loops no longer let a pass fold): cast them back.
        after_results = after_sigs.get(name, (None, result_types))[1]
        lines.append("    %s%s = func.call @%s__after(%s) : (%s) -> (%s)"
                     % (rb, ":%d" % results if results > 1 else "", name, ", ".join(arg_names),
                        call_types, ", ".join(after_results)))
        for j, ty in enumerate(result_types):
            a = ra + ("#%d" % j if results > 1 else "")
            b = rb + ("#%d" % j if results > 1 else "")
            if after_results[j] != ty:
                lines.append("    %%cast%d_%d = tensor.cast %s : %s to %s" % (index, j, b, after_results[j], ty))
                b = "%%cast%d_%d" % (index, j)
            compare(lines, "c%d_%d" % (index, j), a, b, ty)
    lines.append("    return")
    lines.append("}")
    module = "\n".join(a_aliases + b_aliases + ["module {", a_rest, b_rest, "\n".join(lines), "}"])
    order = [(name, j) for name, (_, rs) in sorted(sigs.items()) for j in range(len(rs))]
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(work, "merged.mlir")
        with open(src, "w") as f:
            f.write(module)
        low = os.path.join(work, "lowered.mlir")
        p = subprocess.run([os.path.join(args.llvm, "bin", "mlir-opt"), src,
                            "--pass-pipeline=" + PIPELINE, "-o", low],
                           capture_output=True, text=True)
        if p.returncode:
            sys.exit("lowering failed:\n" + p.stderr[-4000:])
        lib = os.path.join(args.llvm, "lib")
        p = subprocess.run([os.path.join(args.llvm, "bin", "mlir-runner"), low, "-e", "main",
                            "-entry-point-result=void", "-O2",
                            "-shared-libs=%s/libmlir_runner_utils.so,%s/libmlir_c_runner_utils.so"
                            % (lib, lib)], capture_output=True, text=True, timeout=3600)
        if p.returncode:
            sys.exit("mlir-runner failed:\n" + p.stderr[-4000:])
    values = [float(v) for v in p.stdout.split()]
    if len(values) != 2 * len(order):
        sys.exit("unexpected output:\n" + p.stdout)
    bad = 0
    for (name, j), diff, scale in zip(order, values[0::2], values[1::2]):
        ok = diff <= args.tol * max(scale, 1e-30)
        bad += not ok
        print("%s %s#%d diff=%.3g scale=%.3g" % ("ok" if ok else "DIFFERENT", name, j, diff, scale))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
