#!/usr/bin/env python3
"""Writes a linalg-on-tensors module with N structured ops (default 20,000) for
the speed benchmark: a chain mixing matmuls, linalg.generic elementwise ops with
a transcendental, named elementwise ops, reductions and fills, as frontends emit
them, with tensor.empty inits."""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
out = []
out.append("#id = affine_map<(d0, d1) -> (d0, d1)>")
out.append("#row = affine_map<(d0, d1) -> (d0)>")
out.append("func.func @chain(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>) -> tensor<64x64xf32> {")
out.append("  %zero = arith.constant 0.0 : f32")
cur = "%x"
ops = 0
i = 0
while ops < n:
    kind = i % 5
    e = f"%e{i}"
    out.append(f"  {e} = tensor.empty() : tensor<64x64xf32>")
    r = f"%r{i}"
    if kind == 0:
        f = f"%f{i}"
        out.append(f"  {f} = linalg.fill ins(%zero : f32) outs({e} : tensor<64x64xf32>) -> tensor<64x64xf32>")
        out.append(f"  {r} = linalg.matmul ins({cur}, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs({f} : tensor<64x64xf32>) -> tensor<64x64xf32>")
        ops += 2
    elif kind == 1:
        out.append(f"  {r} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\"]}} ins({cur} : tensor<64x64xf32>) outs({e} : tensor<64x64xf32>) {{")
        out.append(f"  ^bb0(%a{i}: f32, %b{i}: f32):")
        out.append(f"    %t{i} = math.tanh %a{i} : f32")
        out.append(f"    %m{i} = arith.mulf %t{i}, %a{i} : f32")
        out.append(f"    linalg.yield %m{i} : f32")
        out.append(f"  }} -> tensor<64x64xf32>")
        ops += 1
    elif kind == 2:
        out.append(f"  {r} = linalg.add ins({cur}, %w : tensor<64x64xf32>, tensor<64x64xf32>) outs({e} : tensor<64x64xf32>) -> tensor<64x64xf32>")
        ops += 1
    elif kind == 3:
        s = f"%s{i}"
        out.append(f"  {s} = tensor.empty() : tensor<64xf32>")
        red = f"%red{i}"
        out.append(f"  {red} = linalg.reduce {{ arith.addf }} ins({cur} : tensor<64x64xf32>) outs({s} : tensor<64xf32>) dimensions = [1]")
        out.append(f"  {r} = linalg.broadcast ins({red} : tensor<64xf32>) outs({e} : tensor<64x64xf32>) dimensions = [1]")
        ops += 2
    else:
        out.append(f"  {r} = linalg.transpose ins({cur} : tensor<64x64xf32>) outs({e} : tensor<64x64xf32>) permutation = [1, 0]")
        ops += 1
    cur = r
    i += 1
out.append(f"  return {cur} : tensor<64x64xf32>")
out.append("}")
print("\n".join(out))
