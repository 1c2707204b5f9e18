#!/usr/bin/env python3
"""Print one data-parallel SGD training step of a 2-layer MLP as
linalg-on-tensors MLIR with `shard.shard` annotations, for MLIR 22's own passes:

    python3 zoo/models/shard_dp.py --dp 8 > step.mlir
    mlir-opt step.mlir --pass-pipeline='builtin.module(func.func(
        sharding-propagation,shard-partition,canonicalize,cse))'

Model (f32, nn.Linear layout: weight [out, in], y = x W^T + b):
    h_pre = x @ fc1.weight^T + fc1.bias      x: [B, 1024], fc1.weight: [4096, 1024]
    h     = relu(h_pre)
    y     = h @ fc2.weight^T + fc2.bias      fc2.weight: [1024, 4096]
Loss gradient: dL/dy = y - target (0.5 * sum of squared errors).
Backward: dW2 = dy^T h, db2 = sum_b dy, dh = dy W2, dh_pre = dh * (h_pre > 0),
          dW1 = dh_pre^T x, db1 = sum_b dh_pre.
SGD: p <- p - lr * dp; the function returns the four updated parameters.

Sharding on shard.grid @dp(shape = N): x and target are split on the batch
dimension; the parameters are replicated; the updated parameters are annotated
replicated. The weight/bias gradients reduce over the split batch dimension, so
sharding-propagation makes them partial sums and shard-partition inserts one
`shard.all_reduce` per gradient (4) before the replicated SGD update.
N must divide the batch (default 64).

The operands of the four gradient reductions (dy, h, dh_pre; x is already
annotated) are additionally annotated `annotate_for_users` as batch-split.
Without that, MLIR 22's sharding-propagation (default traversal) resolves the
conflict between the batch-split activations and the replicated update the
other way for three of the four gradients: it all-gathers the activations
(shard.all_gather of dy 8x1024 -> 64x1024, h and dh_pre 8x4096 -> 64x4096
at N = 8) and computes dW2, db2, db1 redundantly on every device; only dW1
got a partial sum + all_reduce. That is valid but is not data parallelism.
"""

import argparse
import sys

D_IN = 1024
D_HID = 4096
D_OUT = 1024
LR = 0.01


def ty(shape, elt="f32"):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + elt + ">"


def amap(nd, res):
    return f"affine_map<({', '.join(f'd{i}' for i in range(nd))}) -> ({', '.join(res)})>"


class Emitter:
    def __init__(self):
        self.lines = []
        self.n = 0

    def tmp(self, hint):
        self.n += 1
        return f"%{hint}_{self.n}"

    def emit(self, s):
        self.lines.append("    " + s)

    def zeros(self, shape):
        e, c, z = self.tmp("e"), self.tmp("c"), self.tmp("z")
        self.emit(f"{e} = tensor.empty() : {ty(shape)}")
        self.emit(f"{c} = arith.constant 0.0 : f32")
        self.emit(f"{z} = linalg.fill ins({c} : f32) outs({e} : {ty(shape)}) -> {ty(shape)}")
        return z

    def empty(self, shape):
        e = self.tmp("e")
        self.emit(f"{e} = tensor.empty() : {ty(shape)}")
        return e

    def matmul(self, hint, a, ash, amap_, b, bsh, bmap_, oshape):
        """A linalg.matmul over loops (m, n, k) with explicit maps for A and B."""
        init = self.zeros(oshape)
        maps = [amap(3, amap_), amap(3, bmap_), amap(3, ["d0", "d1"])]
        r = self.tmp(hint)
        self.emit(f"{r} = linalg.matmul indexing_maps = [{', '.join(maps)}] ins({a}, {b} : {ty(ash)}, {ty(bsh)}) "
                  f"outs({init} : {ty(oshape)}) -> {ty(oshape)}")
        return r

    def generic(self, hint, nd, ins, init, oshape, omap, iters, body):
        maps = [amap(nd, m) for (_, _, m) in ins] + [amap(nd, omap)]
        r = self.tmp(hint)
        it = ", ".join(f'"{x}"' for x in iters)
        self.emit(f"{r} = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [{it}]}} "
                  f"ins({', '.join(v for (v, _, _) in ins)} : {', '.join(ty(s) for (_, s, _) in ins)}) "
                  f"outs({init} : {ty(oshape)}) {{")
        self.emit("^bb0(" + ", ".join([f"%a{i}: f32" for i in range(len(ins))] + ["%acc: f32"]) + "):")
        for b in body:
            self.emit("  " + b)
        self.emit("  linalg.yield %r : f32")
        self.emit(f"}} -> {ty(oshape)}")
        return r

    def shard(self, value, shape, sharding, for_users=False):
        v = self.tmp("sh")
        self.emit(f"{v} = shard.shard {value} to {sharding}{' annotate_for_users' if for_users else ''} : {ty(shape)}")
        return v


def build(dp, batch):
    B = batch
    E = Emitter()
    params = [("w1", [D_HID, D_IN], "fc1.weight"), ("b1", [D_HID], "fc1.bias"),
              ("w2", [D_OUT, D_HID], "fc2.weight"), ("b2", [D_OUT], "fc2.bias")]
    inputs = [("x", [B, D_IN], "x"), ("target", [B, D_OUT], "target")]
    args = [f"%{n}: {ty(s)} {{mlsysim.param = \"{nm}\"}}" for (n, s, nm) in params]
    args += [f"%{n}: {ty(s)} {{mlsysim.input = \"{nm}\"}}" for (n, s, nm) in inputs]

    E.emit("%rep = shard.sharding @dp split_axes = [[]] : !shard.sharding")
    E.emit("%batch = shard.sharding @dp split_axes = [[0]] : !shard.sharding")
    v = {}
    for (n, s, _) in params:
        v[n] = E.shard(f"%{n}", s, "%rep")
    for (n, s, _) in inputs:
        v[n] = E.shard(f"%{n}", s, "%batch")

    P2 = ["parallel", "parallel"]
    ID = ["d0", "d1"]
    # forward
    h0 = E.matmul("fc1", v["x"], [B, D_IN], ["d0", "d2"], v["w1"], [D_HID, D_IN], ["d1", "d2"], [B, D_HID])
    hp = E.generic("hpre", 2, [(h0, [B, D_HID], ID), (v["b1"], [D_HID], ["d1"])], E.empty([B, D_HID]),
                   [B, D_HID], ID, P2, ["%r = arith.addf %a0, %a1 : f32"])
    h = E.generic("relu", 2, [(hp, [B, D_HID], ID)], E.empty([B, D_HID]), [B, D_HID], ID, P2,
                  ["%zero = arith.constant 0.0 : f32", "%r = arith.maximumf %a0, %zero : f32"])
    y0 = E.matmul("fc2", h, [B, D_HID], ["d0", "d2"], v["w2"], [D_OUT, D_HID], ["d1", "d2"], [B, D_OUT])
    # y = y0 + b2; dL/dy = y - target (fused: one elementwise op)
    dy = E.generic("dy", 2, [(y0, [B, D_OUT], ID), (v["b2"], [D_OUT], ["d1"]), (v["target"], [B, D_OUT], ID)],
                   E.empty([B, D_OUT]), [B, D_OUT], ID, P2,
                   ["%y = arith.addf %a0, %a1 : f32", "%r = arith.subf %y, %a2 : f32"])
    # backward, layer 2
    # dW2[n, f] = sum_b dy[b, n] * h[b, f]      loops (n, f, b)
    dy_g = E.shard(dy, [B, D_OUT], "%batch", for_users=True)
    h_g = E.shard(h, [B, D_HID], "%batch", for_users=True)
    dw2 = E.matmul("dw2", dy_g, [B, D_OUT], ["d2", "d0"], h_g, [B, D_HID], ["d2", "d1"], [D_OUT, D_HID])
    # db2[n] = sum_b dy[b, n]                    loops (n, b)
    db2 = E.generic("db2", 2, [(dy_g, [B, D_OUT], ["d1", "d0"])], E.zeros([D_OUT]), [D_OUT], ["d0"],
                    ["parallel", "reduction"], ["%r = arith.addf %acc, %a0 : f32"])
    # dh[b, f] = sum_n dy[b, n] * W2[n, f]       loops (b, f, n)
    dh = E.matmul("dh", dy, [B, D_OUT], ["d0", "d2"], v["w2"], [D_OUT, D_HID], ["d2", "d1"], [B, D_HID])
    dhp = E.generic("drelu", 2, [(dh, [B, D_HID], ID), (hp, [B, D_HID], ID)], E.empty([B, D_HID]),
                    [B, D_HID], ID, P2,
                    ["%zero = arith.constant 0.0 : f32", "%pos = arith.cmpf ogt, %a1, %zero : f32",
                     "%r = arith.select %pos, %a0, %zero : f32"])
    # backward, layer 1
    # dW1[f, k] = sum_b dh_pre[b, f] * x[b, k]   loops (f, k, b)
    dhp_g = E.shard(dhp, [B, D_HID], "%batch", for_users=True)
    dw1 = E.matmul("dw1", dhp_g, [B, D_HID], ["d2", "d0"], v["x"], [B, D_IN], ["d2", "d1"], [D_HID, D_IN])
    db1 = E.generic("db1", 2, [(dhp_g, [B, D_HID], ["d1", "d0"])], E.zeros([D_HID]), [D_HID], ["d0"],
                    ["parallel", "reduction"], ["%r = arith.addf %acc, %a0 : f32"])
    # SGD update: p - lr * g
    outs = []
    for (n, s, _), g in zip(params, [dw1, db1, dw2, db2]):
        mp = ID if len(s) == 2 else ["d0"]
        new = E.generic("sgd", len(s), [(v[n], s, mp), (g, s, mp)], E.empty(s), s, mp, ["parallel"] * len(s),
                        [f"%lr = arith.constant {LR!r} : f32", "%step = arith.mulf %a1, %lr : f32",
                         "%r = arith.subf %a0, %step : f32"])
        outs.append((E.shard(new, s, "%rep", for_users=True), s))
    E.emit("return " + ", ".join(o for (o, _) in outs) + " : " + ", ".join(ty(s) for (_, s) in outs))

    hdr = [
        f"// 2-layer MLP ({D_IN} -> {D_HID} -> {D_OUT}, ReLU, f32), one SGD training step, batch {B},",
        f"// data parallel on shard.grid @dp (N = {dp}): batch split, parameters replicated; not partitioned.",
        "// Generated by zoo/models/shard_dp.py; see its docstring.",
        f"// Arguments: {len(params)} parameters (mlsysim.param), then inputs x, target (mlsysim.input);",
        "// results: the updated fc1.weight, fc1.bias, fc2.weight, fc2.bias.",
        "module {",
        f"  shard.grid @dp(shape = {dp})",
        "  func.func @forward(" + ", ".join(args) + ") -> (" + ", ".join(ty(s) for (_, s) in outs) + ") {",
    ]
    return "\n".join(hdr + E.lines + ["  }", "}"]) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dp", type=int, default=8, help="data-parallel grid size N (divides the batch)")
    ap.add_argument("--batch", type=int, default=64, help="global batch")
    a = ap.parse_args()
    if a.dp < 1 or a.batch < 1 or a.batch % a.dp:
        sys.exit(f"--dp {a.dp} must divide --batch {a.batch}")
    sys.stdout.write(build(a.dp, a.batch))


if __name__ == "__main__":
    main()
