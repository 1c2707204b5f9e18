#!/usr/bin/env python3
"""Writes a module of N small functions (default 5,000), as compilers produce
once they outline dispatches or kernels: each function a matmul with its
fill, a bias add and a ReLU (4 linalg ops), for the speed benchmark's second
shape (scripts/bench/instructions.sh --functions)."""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
out = ["#id = affine_map<(d0, d1) -> (d0, d1)>",
       "#row = affine_map<(d0, d1) -> (d1)>"]
for i in range(n):
    out.append(f"func.func @dispatch_{i}(%x: tensor<64x128xf32>, %w: tensor<128x64xf32>, %b: tensor<64xf32>) -> tensor<64x64xf32> {{")
    out.append("  %zero = arith.constant 0.0 : f32")
    out.append("  %e = tensor.empty() : tensor<64x64xf32>")
    out.append("  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>")
    out.append("  %m = linalg.matmul ins(%x, %w : tensor<64x128xf32>, tensor<128x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>")
    out.append("  %a = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = [\"parallel\", \"parallel\"]} ins(%m, %b : tensor<64x64xf32>, tensor<64xf32>) outs(%e : tensor<64x64xf32>) {")
    out.append("  ^bb0(%p: f32, %q: f32, %o: f32):")
    out.append("    %s = arith.addf %p, %q : f32")
    out.append("    linalg.yield %s : f32")
    out.append("  } -> tensor<64x64xf32>")
    out.append("  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\"]} ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {")
    out.append("  ^bb0(%p: f32, %o: f32):")
    out.append("    %z = arith.maximumf %p, %zero : f32")
    out.append("    linalg.yield %z : f32")
    out.append("  } -> tensor<64x64xf32>")
    out.append("  return %r : tensor<64x64xf32>")
    out.append("}")
print("\n".join(out))
