#!/usr/bin/env python3
"""Print one Llama-3.1-8B decoder layer (prefill) as linalg-on-tensors MLIR with
Megatron tensor-parallel `shard.shard` annotations, for MLIR 22's own passes:

    python3 zoo/models/shard_llama.py --tp 8 --seq 2048 > layer.mlir
    mlir-opt layer.mlir --pass-pipeline='builtin.module(func.func(
        sharding-propagation,shard-partition,canonicalize,cse))'

The program is unsharded (global shapes); only the function arguments and the
layer result carry `shard.shard` annotations on `shard.grid @tp(shape = N)`:

  * column-parallel (output features split over @tp): q_proj, k_proj, v_proj,
    gate_proj, up_proj;
  * row-parallel (input features split over @tp): o_proj, down_proj;
  * replicated: hidden_states, the mask, the RoPE rotation, both RMSNorm
    weights, and the layer result.

`sharding-propagation` derives every other sharding and `shard-partition`
rewrites the function to per-device shapes (32/N query heads, 8/N KV heads,
14336/N MLP features) with one `shard.all_reduce` after o_proj and one after
down_proj (their reductions run over the split dimension, so each device holds
a partial sum). N must divide 8 (1, 2, 4, 8).

Conventions (as in the exported zoo files): weights are function arguments
tagged `{mlsysim.param = "<state_dict name>"}`, then runtime inputs tagged
`{mlsysim.input = "<name>"}`; one `func.func @forward`; f16 everywhere (the
RMSNorm sum of squares and the softmax denominator accumulate in f32, as
PyTorch's RMSNorm/softmax do); static shapes; batch 1, so activations are
2-D [S, 4096] (token x hidden).

How the layer is formulated, and why (MLIR 22 limits, checked with mlir-opt 22.1):

  * No tensor.expand_shape / tensor.collapse_shape: neither implements the
    ShardingInterface in MLIR 22 ("'tensor.expand_shape' op sharding
    interface is not implemented"), so the [S, 4096] -> [S, 32, 128] head
    split cannot be written as a reshape. Instead the projection weights are
    declared in a head-split *view* of their state_dict tensor (same
    row-major bytes, more dims):
        q_proj.weight [4096, 4096]  as [8, 4, 2, 64, 4096]  (kv head, query
                                       head in group, rotary half, i, in)
        k_proj.weight [1024, 4096]  as [8, 2, 64, 4096]
        v_proj.weight [1024, 4096]  as [8, 128, 4096]
        o_proj.weight [4096, 4096]  as [4096, 8, 4, 128]   (out, kv, g, d)
    and each projection is a linalg.generic contraction that writes the
    head-major result directly (Q: [8, 4, S, 2, 64], K: [8, S, 2, 64],
    V: [8, S, 128]). Splitting dim 0 of these weights is exactly the
    Megatron column split of the output features (and, for o_proj, the row
    split of its input features).
  * No linalg.transpose / repeat_kv copy: K^T and the GQA broadcast of the
    8 KV heads to 32 query heads are folded into the indexing maps of the
    score and P*V contractions (K is read at (kv, t, ...) for every query
    head g of group kv). Nothing is materialised, as after fusion.
  * RoPE is exact but reformulated: rotate_half needs element d and d+64
    (an affine map with a constant, e.g. (..., 0, i) / (..., 1, i), or
    1 - c), and MLIR 22's linalg sharding rejects such maps ("'linalg.generic'
    op fail to get sharding option"). So the head dim is kept as [2, 64]
    (halves) and RoPE is a tiny contraction over the half index c' with a
    per-position 2x2 rotation input `rope_rotation` [S, 64, 2, 2] =
    [[cos, -sin], [sin, cos]] (HF's cos/sin of position_ids; cos[s, i] ==
    cos[s, i + 64] in Llama, so 64 angles per position suffice):
        q_rot[.., c, i] = sum_c' q[.., c', i] * R[s, i, c, c'].
    This is 2 multiply-adds per element, like q*cos + rotate_half(q)*sin
    (a cost model sees it as a contraction with K = 2). Llama-3.1's rope
    scaling only changes the angles, i.e. the input values.
  * The causal mask is an additive input `attention_mask` [S, S] (0 / -inf),
    broadcast over heads, added after the 1/sqrt(128) scale.
  * Softmax is written as linalg.generic ops (max, exp-sum, divide);
    linalg.softmax has no sharding interface.
  * Contractions accumulate into f16 (the zoo's torch-mlir export
    accumulates into f32 and truncates; with f16 the all_reduce after o_proj
    and down_proj moves f16 partial sums, as Megatron does).
"""

import argparse
import sys

HIDDEN = 4096
HEADS = 32
KV_HEADS = 8
GROUP = HEADS // KV_HEADS  # query heads per KV head
HEAD_DIM = 128
HALF = HEAD_DIM // 2
FFN = 14336
EPS = 1e-5
LAYER = 0


def ty(shape, elt="f16"):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + elt + ">"


def amap(ndims, results):
    dims = ", ".join(f"d{i}" for i in range(ndims))
    return f"affine_map<({dims}) -> ({', '.join(results)})>"


def fl(x):
    """An MLIR float literal that round-trips exactly."""
    return repr(float(x)).replace("inf", "0x7C00")


class Emitter:
    def __init__(self):
        self.lines = []
        self.n = 0

    def tmp(self, hint):
        self.n += 1
        return f"%{hint}_{self.n}"

    def emit(self, line):
        self.lines.append("    " + line)

    def empty(self, shape, elt="f16"):
        v = self.tmp("e")
        self.emit(f"{v} = tensor.empty() : {ty(shape, elt)}")
        return v

    def zeros(self, shape, elt="f16", value="0.0"):
        e = self.empty(shape, elt)
        c = self.tmp("c")
        self.emit(f"{c} = arith.constant {value} : {elt}")
        v = self.tmp("z")
        self.emit(f"{v} = linalg.fill ins({c} : {elt}) outs({e} : {ty(shape, elt)}) -> {ty(shape, elt)}")
        return v

    def generic(self, hint, loops, ins, out, body, out_elt="f16", iters=None):
        """ins: list of (value, shape, elt, map-results); out: (init, shape, map-results).
        loops: loop count; iters: list of 'parallel'/'reduction'.
        body: lines using %a0.. for inputs and %acc for the output block arg;
        the last line must define %r (the yielded value)."""
        nd = loops
        maps = [amap(nd, m) for (_, _, _, m) in ins] + [amap(nd, out[2])]
        it = ", ".join(f'"{x}"' for x in iters)
        in_vals = ", ".join(v for (v, _, _, _) in ins)
        in_tys = ", ".join(ty(s, e) for (_, s, e, _) in ins)
        oty = ty(out[1], out_elt)
        v = self.tmp(hint)
        self.emit(f"{v} = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
                  f"iterator_types = [{it}]}} ins({in_vals} : {in_tys}) outs({out[0]} : {oty}) {{")
        args = ", ".join([f"%a{i}: {e}" for i, (_, _, e, _) in enumerate(ins)] + [f"%acc: {out_elt}"])
        self.emit(f"^bb0({args}):")
        for b in body:
            self.emit("  " + b)
        self.emit(f"  linalg.yield %r : {out_elt}")
        self.emit(f"}} -> {oty}")
        return v

    def shard(self, value, shape, sharding, for_users=False):
        v = self.tmp("sh")
        suffix = " annotate_for_users" if for_users else ""
        self.emit(f"{v} = shard.shard {value} to {sharding}{suffix} : {ty(shape)}")
        return v


MAC = ["%m = arith.mulf %a0, %a1 : f16", "%r = arith.addf %acc, %m : f16"]


def build(tp, seq):
    S = seq
    E = Emitter()
    P = f"model.layers.{LAYER}"
    params = [
        ("wq", [KV_HEADS, GROUP, 2, HALF, HIDDEN], f"{P}.self_attn.q_proj.weight", "col"),
        ("wk", [KV_HEADS, 2, HALF, HIDDEN], f"{P}.self_attn.k_proj.weight", "col"),
        ("wv", [KV_HEADS, HEAD_DIM, HIDDEN], f"{P}.self_attn.v_proj.weight", "col"),
        ("wo", [HIDDEN, KV_HEADS, GROUP, HEAD_DIM], f"{P}.self_attn.o_proj.weight", "row"),
        ("wg", [FFN, HIDDEN], f"{P}.mlp.gate_proj.weight", "col"),
        ("wu", [FFN, HIDDEN], f"{P}.mlp.up_proj.weight", "col"),
        ("wd", [HIDDEN, FFN], f"{P}.mlp.down_proj.weight", "row"),
        ("ln1", [HIDDEN], f"{P}.input_layernorm.weight", "rep"),
        ("ln2", [HIDDEN], f"{P}.post_attention_layernorm.weight", "rep"),
    ]
    inputs = [
        ("x", [S, HIDDEN], "hidden_states"),
        ("mask", [S, S], "attention_mask"),
        ("rot", [S, HALF, 2, 2], "rope_rotation"),
    ]
    args = [f"%{n}: {ty(s)} {{mlsysim.param = \"{name}\"}}" for (n, s, name, _) in params]
    args += [f"%{n}: {ty(s)} {{mlsysim.input = \"{name}\"}}" for (n, s, name) in inputs]

    # Shardings: replicated, split dim 0 (column-parallel; head-split views put
    # the output features first), split dim 1 (row-parallel).
    E.emit("%rep = shard.sharding @tp split_axes = [[]] : !shard.sharding")
    E.emit("%split0 = shard.sharding @tp split_axes = [[0]] : !shard.sharding")
    E.emit("%split1 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding")
    kind = {"col": "%split0", "row": "%split1", "rep": "%rep"}
    v = {}
    for (n, s, _, k) in params:
        v[n] = E.shard(f"%{n}", s, kind[k])
    for (n, s, _) in inputs:
        v[n] = E.shard(f"%{n}", s, "%rep")

    def rmsnorm(x, w):
        ss = E.generic("ss", 2, [(x, [S, HIDDEN], "f16", ["d0", "d1"])],
                       (E.zeros([S], "f32"), [S], ["d0"]),
                       ["%f = arith.extf %a0 : f16 to f32", "%m = arith.mulf %f, %f : f32",
                        "%r = arith.addf %acc, %m : f32"],
                       out_elt="f32", iters=["parallel", "reduction"])
        return E.generic("norm", 2, [(x, [S, HIDDEN], "f16", ["d0", "d1"]),
                                     (ss, [S], "f32", ["d0"]),
                                     (w, [HIDDEN], "f16", ["d1"])],
                         (E.empty([S, HIDDEN]), [S, HIDDEN], ["d0", "d1"]),
                         ["%f = arith.extf %a0 : f16 to f32",
                          f"%n = arith.constant {fl(HIDDEN)} : f32",
                          "%mean = arith.divf %a1, %n : f32",
                          f"%eps = arith.constant {EPS:e} : f32",
                          "%var = arith.addf %mean, %eps : f32",
                          "%inv = math.rsqrt %var : f32",
                          "%y = arith.mulf %f, %inv : f32",
                          "%h = arith.truncf %y : f32 to f16",
                          "%r = arith.mulf %a2, %h : f16"],
                         iters=["parallel", "parallel"])

    P6 = ["parallel"] * 6
    # ---- attention block
    h = rmsnorm(v["x"], v["ln1"])
    # q[kv, g, s, c, i] = sum_k h[s, k] * Wq[kv, g, c, i, k]    loops (kv, g, s, c, i, k)
    qs = [KV_HEADS, GROUP, S, 2, HALF]
    q = E.generic("q", 6, [(h, [S, HIDDEN], "f16", ["d2", "d5"]),
                           (v["wq"], [KV_HEADS, GROUP, 2, HALF, HIDDEN], "f16", ["d0", "d1", "d3", "d4", "d5"])],
                  (E.zeros(qs), qs, ["d0", "d1", "d2", "d3", "d4"]), MAC, iters=P6[:5] + ["reduction"])
    # k[kv, t, c, i] = sum_k h[t, k] * Wk[kv, c, i, k]    loops (kv, t, c, i, k)
    ks = [KV_HEADS, S, 2, HALF]
    k = E.generic("k", 5, [(h, [S, HIDDEN], "f16", ["d1", "d4"]),
                           (v["wk"], [KV_HEADS, 2, HALF, HIDDEN], "f16", ["d0", "d2", "d3", "d4"])],
                  (E.zeros(ks), ks, ["d0", "d1", "d2", "d3"]), MAC, iters=P6[:4] + ["reduction"])
    # vv[kv, t, d] = sum_k h[t, k] * Wv[kv, d, k]    loops (kv, t, d, k)
    vs = [KV_HEADS, S, HEAD_DIM]
    vv = E.generic("v", 4, [(h, [S, HIDDEN], "f16", ["d1", "d3"]),
                            (v["wv"], [KV_HEADS, HEAD_DIM, HIDDEN], "f16", ["d0", "d2", "d3"])],
                   (E.zeros(vs), vs, ["d0", "d1", "d2"]), MAC, iters=P6[:3] + ["reduction"])
    # RoPE: q_rot[kv, g, s, c, i] = sum_c' q[kv, g, s, c', i] * R[s, i, c, c']
    #       loops (kv, g, s, c, i, c')
    rs = [S, HALF, 2, 2]
    qr = E.generic("qrope", 6, [(q, qs, "f16", ["d0", "d1", "d2", "d5", "d4"]),
                                (v["rot"], rs, "f16", ["d2", "d4", "d3", "d5"])],
                   (E.zeros(qs), qs, ["d0", "d1", "d2", "d3", "d4"]), MAC, iters=P6[:5] + ["reduction"])
    #       k_rot[kv, t, c, i] = sum_c' k[kv, t, c', i] * R[t, i, c, c']   loops (kv, t, c, i, c')
    kr = E.generic("krope", 5, [(k, ks, "f16", ["d0", "d1", "d4", "d3"]),
                                (v["rot"], rs, "f16", ["d1", "d3", "d2", "d4"])],
                   (E.zeros(ks), ks, ["d0", "d1", "d2", "d3"]), MAC, iters=P6[:4] + ["reduction"])
    # scores[kv, g, s, t] = sum_{c,i} q_rot[kv, g, s, c, i] * k_rot[kv, t, c, i]
    #       loops (kv, g, s, t, c, i); K^T and the GQA broadcast are in the maps.
    ss_ = [KV_HEADS, GROUP, S, S]
    sc = E.generic("qk", 6, [(qr, qs, "f16", ["d0", "d1", "d2", "d4", "d5"]),
                             (kr, ks, "f16", ["d0", "d3", "d4", "d5"])],
                   (E.zeros(ss_), ss_, ["d0", "d1", "d2", "d3"]), MAC,
                   iters=P6[:4] + ["reduction", "reduction"])
    # logits = scores / sqrt(128) + mask[s, t]
    P4 = ["parallel"] * 4
    lg = E.generic("logits", 4, [(sc, ss_, "f16", ["d0", "d1", "d2", "d3"]),
                                 (v["mask"], [S, S], "f16", ["d2", "d3"])],
                   (E.empty(ss_), ss_, ["d0", "d1", "d2", "d3"]),
                   [f"%scale = arith.constant {fl(HEAD_DIM ** -0.5)} : f16",
                    "%y = arith.mulf %a0, %scale : f16", "%r = arith.addf %y, %a1 : f16"], iters=P4)
    # softmax over t
    rowsh = [KV_HEADS, GROUP, S]
    mx = E.generic("max", 4, [(lg, ss_, "f16", ["d0", "d1", "d2", "d3"])],
                   (E.zeros(rowsh, "f16", "0xFC00"), rowsh, ["d0", "d1", "d2"]),
                   ["%r = arith.maximumf %acc, %a0 : f16"], iters=P4[:3] + ["reduction"])
    ex = E.generic("exp", 4, [(lg, ss_, "f16", ["d0", "d1", "d2", "d3"]),
                              (mx, rowsh, "f16", ["d0", "d1", "d2"])],
                   (E.empty(ss_), ss_, ["d0", "d1", "d2", "d3"]),
                   ["%d = arith.subf %a0, %a1 : f16", "%r = math.exp %d : f16"], iters=P4)
    sm = E.generic("sum", 4, [(ex, ss_, "f16", ["d0", "d1", "d2", "d3"])],
                   (E.zeros(rowsh, "f32"), rowsh, ["d0", "d1", "d2"]),
                   ["%f = arith.extf %a0 : f16 to f32", "%r = arith.addf %acc, %f : f32"],
                   out_elt="f32", iters=P4[:3] + ["reduction"])
    pr = E.generic("probs", 4, [(ex, ss_, "f16", ["d0", "d1", "d2", "d3"]),
                                (sm, rowsh, "f32", ["d0", "d1", "d2"])],
                   (E.empty(ss_), ss_, ["d0", "d1", "d2", "d3"]),
                   ["%f = arith.extf %a0 : f16 to f32", "%y = arith.divf %f, %a1 : f32",
                    "%r = arith.truncf %y : f32 to f16"], iters=P4)
    # attn[kv, g, s, d] = sum_t p[kv, g, s, t] * v[kv, t, d]    loops (kv, g, s, d, t)
    as_ = [KV_HEADS, GROUP, S, HEAD_DIM]
    at = E.generic("pv", 5, [(pr, ss_, "f16", ["d0", "d1", "d2", "d4"]),
                             (vv, vs, "f16", ["d0", "d4", "d3"])],
                   (E.zeros(as_), as_, ["d0", "d1", "d2", "d3"]), MAC, iters=P6[:4] + ["reduction"])
    # o[s, n] = sum_{kv,g,d} attn[kv, g, s, d] * Wo[n, kv, g, d]    loops (s, n, kv, g, d)
    o = E.generic("oproj", 5, [(at, as_, "f16", ["d2", "d3", "d0", "d4"]),
                               (v["wo"], [HIDDEN, KV_HEADS, GROUP, HEAD_DIM], "f16", ["d1", "d2", "d3", "d4"])],
                  (E.zeros([S, HIDDEN]), [S, HIDDEN], ["d0", "d1"]), MAC,
                  iters=["parallel", "parallel", "reduction", "reduction", "reduction"])
    ADD = ["%r = arith.addf %a0, %a1 : f16"]
    P2 = ["parallel", "parallel"]
    x1 = E.generic("res", 2, [(v["x"], [S, HIDDEN], "f16", ["d0", "d1"]),
                              (o, [S, HIDDEN], "f16", ["d0", "d1"])],
                   (E.empty([S, HIDDEN]), [S, HIDDEN], ["d0", "d1"]), ADD, iters=P2)
    # ---- MLP block (nn.Linear: x @ W^T, the transpose folded into the maps)
    h2 = rmsnorm(x1, v["ln2"])
    MT = ["affine_map<(d0, d1, d2) -> (d0, d2)>", "affine_map<(d0, d1, d2) -> (d1, d2)>",
          "affine_map<(d0, d1, d2) -> (d0, d1)>"]

    def linear(hint, xin, w, n_out, n_in):
        init = E.zeros([S, n_out])
        r = E.tmp(hint)
        E.emit(f"{r} = linalg.matmul indexing_maps = [{', '.join(MT)}] ins({xin}, {w} : "
               f"{ty([S, n_in])}, {ty([n_out, n_in])}) outs({init} : {ty([S, n_out])}) -> {ty([S, n_out])}")
        return r

    g = linear("gate", h2, v["wg"], FFN, HIDDEN)
    u = linear("up", h2, v["wu"], FFN, HIDDEN)
    act = E.generic("swiglu", 2, [(g, [S, FFN], "f16", ["d0", "d1"]), (u, [S, FFN], "f16", ["d0", "d1"])],
                    (E.empty([S, FFN]), [S, FFN], ["d0", "d1"]),
                    ["%f = arith.extf %a0 : f16 to f32", "%neg = arith.negf %f : f32",
                     "%e = math.exp %neg : f32", "%one = arith.constant 1.0 : f32",
                     "%den = arith.addf %one, %e : f32", "%silu = arith.divf %f, %den : f32",
                     "%s = arith.truncf %silu : f32 to f16", "%r = arith.mulf %s, %a1 : f16"], iters=P2)
    dn = linear("down", act, v["wd"], HIDDEN, FFN)
    out = E.generic("res", 2, [(x1, [S, HIDDEN], "f16", ["d0", "d1"]), (dn, [S, HIDDEN], "f16", ["d0", "d1"])],
                    (E.empty([S, HIDDEN]), [S, HIDDEN], ["d0", "d1"]), ADD, iters=P2)
    res = E.shard(out, [S, HIDDEN], "%rep", for_users=True)
    E.emit(f"return {res} : {ty([S, HIDDEN])}")

    hdr = [
        f"// One Llama-3.1-8B decoder layer (layer {LAYER}), prefill, batch 1, S = {S}, f16,",
        f"// Megatron tensor parallelism annotated on shard.grid @tp (N = {tp}); not partitioned.",
        "// Generated by zoo/models/shard_llama.py; see its docstring for the formulation",
        "// (head-split weight views instead of reshapes, RoPE as a 2x2 rotation contraction).",
        f"// Arguments: {len(params)} weights (mlsysim.param), then inputs "
        + ", ".join(n for (_, _, n) in inputs) + " (mlsysim.input).",
        "module {",
        f"  shard.grid @tp(shape = {tp})",
        "  func.func @forward(" + ", ".join(args) + f") -> {ty([S, HIDDEN])} {{",
    ]
    return "\n".join(hdr + E.lines + ["  }", "}"]) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tp", type=int, default=8, help="tensor-parallel grid size N (divides 8)")
    ap.add_argument("--seq", type=int, default=2048, help="prefill tokens S")
    a = ap.parse_args()
    if a.tp < 1 or KV_HEADS % a.tp:
        sys.exit(f"--tp {a.tp}: must divide the {KV_HEADS} KV heads (1, 2, 4, 8)")
    if a.seq < 1:
        sys.exit("--seq must be positive")
    sys.stdout.write(build(a.tp, a.seq))


if __name__ == "__main__":
    main()
