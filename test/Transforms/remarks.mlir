// mlsysim-remarks: a remark at each op's location saying what bounds it.
// RUN: mlsysim-opt %s --mlsysim-remarks="execution=eager hardware=h100 coverage=1" -o /dev/null --verify-diagnostics
// By default the longest ops that make up 90% of the time: the matmul and
// the big add (54% + 37% = 91.0%), not the small add; one line each, the op
// never printed.
// RUN: mlsysim-opt %s --mlsysim-remarks="execution=eager hardware=h100" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: remark: compute-bound: 341 FLOP/B
// DEFAULT-NOT: see current operation
// DEFAULT: remark: memory-bound: 0.1 FLOP/B
// DEFAULT-NOT: remark:
// DEFAULT-NOT: see current operation
// RUN: not mlsysim-opt %s --mlsysim-remarks="coverage=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADCOV
// BADCOV: error: coverage is a fraction of a function's time in (0, 1], got 0
// RUN: mlsysim-opt %s --mlsysim-remarks="execution=eager hardware=h100 min-share=0.5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHARE
// RUN: not mlsysim-opt %s --mlsysim-remarks="execution=eager min-share=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// Under compiled execution (the default) a remark per kernel of the plan,
// its share of the function's compiled latency (1.10 us launches: the
// matmul 22.383 + 4.899 + 1.10 = 28.382 us, the big add 18.147 us, the
// small add 1.454 us; of 47.983 us: 59.2%, 37.8%, 3.0%).
// RUN: mlsysim-opt %s --mlsysim-remarks="hardware=h100 coverage=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=COMPILED
// COMPILED: remarks.mlir:[[@LINE+28]]:8: remark: kernel K0 (linalg.matmul): compute-bound: 341 FLOP/B, above the f16 matrix ridge of 295 FLOP/B; 28.4 µs (59% of @f)
// COMPILED: remarks.mlir:[[@LINE+31]]:8: remark: kernel K1 (linalg.add): memory-bound: 0.1 FLOP/B, below the f32 vector ridge of 20 FLOP/B; 18.1 µs (38% of @f)
// COMPILED: remarks.mlir:[[@LINE+32]]:8: remark: kernel K2 (linalg.add): overhead-bound: the 1.10 µs launch exceeds compute 0.00 ns and memory 354 ns; 1.45 µs (3% of @f)
// COMPILED-NOT: remark:
// A fused kernel: one remark at its heaviest op, a note at each other op.
// RUN: mlsysim-opt %S/Inputs/two-elementwise.mlir --mlsysim-remarks="hardware=h100" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSED
// FUSED: two-elementwise.mlir:5:8: remark: kernel K0 (linalg.generic + 1 op, elementwise-chain): memory-bound: 0.2 FLOP/B, below the f32 vector ridge of 20 FLOP/B; 4.24 µs (100% of @f)
// FUSED: two-elementwise.mlir:10:8: note: fused into kernel K0 with the linalg.generic at {{.*}}two-elementwise.mlir:5:8
// FUSED-NOT: remark:

// Eager launches of 5 us. The matmul (2048^3, f16 in, f32 out) in the H100's
// best tile: 256x128 tiles, 8 x 16 = 128 tiles in one wave on 132 SMs, no
// split-K (2048 is a multiple of the 16-element instruction depth); one
// tile 2*256*128*2048 FLOPs at 989.4e12/132 FLOP/s = 17.906 us, / 0.8 =
// 22.383 us, over its shared-memory (13.8 us) and HBM traffic (50331648 B /
// 3.015e12 + 0.3535 us = 17.05 us); + the kernel latency 9700 cycles /
// 1.98 GHz = 4.898989898989899e-06 (no split-K, so no split latencies;
// every split-1 tile pays the same, and splits only pay more, so the
// 256x128 tile still wins) + 5 us = 32.282 us. The big add: 50331648 B /
// 3.015e12 B/s + 0.3535 us HBM latency + 5 us = 22.047 us; the small add:
// 192 B, 0.06 ns + 0.3535 us (354 ns of memory) + 5 us = 5.354 us. @f:
// 59.683 us: the matmul 54% (54.1%), the big add 37% (36.9%), the small
// add 9% (8.97%). AI: 17179869184 / 50331648 = 341 FLOP/B above the f16
// ridge 989.4e12 / 3.35e12 = 295; 4194304 / 50331648 = 0.1 below the f32
// vector ridge 66.9e12 / 3.35e12 = 20.
func.func @f(%a: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>, %x: tensor<4194304xf32>, %y: tensor<16xf32>)
    -> (tensor<2048x2048xf32>, tensor<4194304xf32>, tensor<16xf32>) {
  // expected-remark @below {{compute-bound: 341 FLOP/B, above the f16 matrix ridge of 295 FLOP/B; 32.3 µs (54% of @f)}}
  %0 = linalg.matmul ins(%a, %a : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  // No remark for a free op.
  %e = tensor.empty() : tensor<4194304xf32>
  // expected-remark @below {{memory-bound: 0.1 FLOP/B, below the f32 vector ridge of 20 FLOP/B; 22.0 µs (37% of @f)}}
  %1 = linalg.add ins(%x, %x : tensor<4194304xf32>, tensor<4194304xf32>) outs(%e : tensor<4194304xf32>) -> tensor<4194304xf32>
  // expected-remark @below {{overhead-bound: the 5 µs launch exceeds compute 0.00 ns and memory 354 ns; 5.35 µs (9% of @f)}}
  %2 = linalg.add ins(%y, %y : tensor<16xf32>, tensor<16xf32>) outs(%y : tensor<16xf32>) -> tensor<16xf32>
  return %0, %1, %2 : tensor<2048x2048xf32>, tensor<4194304xf32>, tensor<16xf32>
}

// With min-share=0.5 only the matmul (54.1%) is marked.
// SHARE: remark: compute-bound
// SHARE-NOT: remark:
// BAD: error: min-share is a fraction of a function's time between 0 and 1, got 2
