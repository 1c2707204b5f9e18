// A loop nest marked one kernel (mlsysim.kernel) already tiled its contraction: each
// trip computes one tile. The compiler that lowers it may run those tiles as they are,
// one work-group each, or retile each trip as a library would; Tiling.cpp prices both
// and takes the faster. mlsysim-fuse makes such nests, and a trip of one output element
// (a matmul fused with its transposed operands) padded to the library's smallest tile
// priced ViT-B/16's fused output at 96.8 ms on an H100 (the input: 1.4 ms).
//
// Toy tiled GPU (test/Hardware/Inputs/toy-tiled.yaml): 4 cores, matrix f16 4e12 FLOP/s
// (1e12 a core), vector f16 1e12, 1e12 B/s, efficiencies 0.5, tiles 64x64 and 32x32
// (split 1 or 2), a reduction step of 32 B (16 f16). realism=waves,tiles,alignment,launch
// leaves out the levels, the small-transfer latency and the exposed latency.
//
// @dots: 8 x 8 outputs of K = 64 as 64 trips of one 1 x 1 dot product: 8192 FLOPs;
// A and B read once (1024 B each), the result written (128 B): 2176 B / 0.5e12 =
// 4.352 ns.
//   its own tiles: 64 tiles of 1 x 1 in 16 waves of 2 x 64 / 1e12 = 0.128 ns:
//     2.048 ns / 0.5 = 4.096 ns, under the traffic: 4.352 ns + 1 us = 1.004352 us;
//   as before, each trip padded to a 32x32 tile: 16 waves of 2 x 32 x 32 x 64 / 1e12 =
//     131.072 ns, 4.194 us, so the vector unit was cheaper: 8192 / (1e12 x 0.5) =
//     16.384 ns + 1 us = 1.016384 us.

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-tiled.yaml realism=waves,tiles,alignment,launch format=json output=-" -o /dev/null | %fields --section ops | FileCheck %s

// CHECK: op #{{[0-9]+}} scf.for: {{.*}} bytes_read=2048; bytes_written=128;{{.*}} flops=8192;{{.*}} latency_s=1.004352e-06;{{.*}} t_compute_s=4.096e-09; t_memory_s=4.352e-09;{{.*}} tile.m=1; tile.n=1; tile.split_k=1;{{.*}} tile.tiles=64;{{.*}} tile.waves=16;{{.*}} unit=matrix;
func.func @dots(%a: tensor<8x64xf16>, %b: tensor<64x8xf16>) -> tensor<8x8xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f16
  %init = tensor.empty() : tensor<8x8xf16>
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> tensor<8x8xf16> {
    %row = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc2 = %acc) -> tensor<8x8xf16> {
      %as = tensor.extract_slice %a[%i, 0] [1, 64] [1, 1] : tensor<8x64xf16> to tensor<1x64xf16>
      %bs = tensor.extract_slice %b[0, %j] [64, 1] [1, 1] : tensor<64x8xf16> to tensor<64x1xf16>
      %e = tensor.empty() : tensor<1x1xf16>
      %f = linalg.fill ins(%z : f16) outs(%e : tensor<1x1xf16>) -> tensor<1x1xf16>
      %m = linalg.matmul ins(%as, %bs : tensor<1x64xf16>, tensor<64x1xf16>) outs(%f : tensor<1x1xf16>) -> tensor<1x1xf16>
      %u = tensor.insert_slice %m into %acc2[%i, %j] [1, 1] [1, 1] : tensor<1x1xf16> into tensor<8x8xf16>
      scf.yield %u : tensor<8x8xf16>
    }
    scf.yield %row : tensor<8x8xf16>
  } {mlsysim.kernel}
  return %r : tensor<8x8xf16>
}
