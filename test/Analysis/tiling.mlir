// A contraction priced as the device's library runs it (Tiling.h): the tile
// and split-K that finish first, their waves over the cores, and the traffic
// at every level. Toy devices with round numbers (Inputs/toy-tiled*.yaml):
// 4 cores at 1e12 FLOP/s each (f16 matrix), efficiencies 0.5, so a level's
// achievable rate is half its bandwidth: shared memory 2e12 B/s, L2 5e10 B/s,
// device memory 5e11 B/s; a 1 us launch.

// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-tiled.yaml" -o /dev/null | %fields --levels | FileCheck %s

// A square GEMM, M = N = K = 128, f16.
// Candidates: 64x64 tiles make 4 tiles, one wave: compute
// 2*64*64*128 / 1e12 / 0.5 = 2.097152 us; L2 reads each tile's panels,
// 4 * (64 + 64) * 128 * 2 B = 131072 B, and the output, 128*128*2 = 32768 B:
// 163840 B / 5e10 = 3.2768 us. Split 2 ways, the L2 also carries the f32
// partials (2 * 2 * 16384 * 4 = 131072 B more): 8.52 us. 32x32 tiles make
// 16 tiles, 4 waves, and read twice the panels: 294912 B = 5.89824 us.
// The library's choice: 64x64, split 1, L2-bound: 3.2768 + 1 us launch.
// Shared memory: each warp (2x2 half-tiles) reads its rows and columns,
// twice the panels, 262144 B; a wave of 4 tiles at 2e12 = 0.131072 us.
// Device memory: the unique bytes (A, B, C read, C written), 131072 B at
// 5e11 = 0.262144 us. Lower bounds 2*M*N*K / sqrt(S) * 2 B at each level's
// capacity S in elements: registers 16384 -> 65536 B; shared memory
// 65536 -> 32768 B; L2 1048576 -> 8192 B.
// CHECK-LABEL: report: hardware=toy-tiled;
// CHECK: op #0 linalg.matmul:{{.*}} bound=memory; bound_level=l2;{{.*}} latency_s=4.2768e-06;{{.*}} t_compute_s=2.097152e-06;{{.*}} t_memory_s=3.2768e-06;{{.*}} tile.alignment_share=1; tile.m=64; tile.n=64; tile.split_k=1; tile.tile_share=1; tile.tiles=4; tile.utilization=1; tile.wave_share=1; tile.waves=1;
// CHECK-NEXT: levels[0]: bandwidth=4000000000000; bytes=262144; level=l1; lower_bound_bytes=65536; t_s=1.31072e-07;
// CHECK-NEXT: levels[1]: bandwidth=100000000000; bytes=163840; level=l2; lower_bound_bytes=32768; t_s=3.2768e-06;
// CHECK-NEXT: levels[2]: bandwidth=1000000000000; bytes=131072; level=dram; lower_bound_bytes=8192; t_s=2.62144e-07;
// The terms: no quantization; the levels add 3.2768 - 0.262144 us above
// device memory's time; the launch 1 us.
// CHECK-NEXT: realism[0]: added_s=null; factor=1; term=waves;
// CHECK-NEXT: realism[1]: added_s=null; factor=1; term=tiles;
// CHECK-NEXT: realism[2]: added_s=null; factor=1; term=alignment;
// CHECK-NEXT: realism[3]: added_s=3.014656e-06; factor=null; term=levels;
// CHECK-NEXT: realism[4]: added_s=1e-06; factor=null; term=launch;
func.func @square(%a: tensor<128x128xf16>, %b: tensor<128x128xf16>, %c: tensor<128x128xf16>) -> tensor<128x128xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<128x128xf16>, tensor<128x128xf16>) outs(%c : tensor<128x128xf16>) -> tensor<128x128xf16>
  return %0 : tensor<128x128xf16>
}

// -----

// A skinny GEMM, M = 16, N = 128, K = 1024 (a small batch through a layer).
// 64x64: 2 tiles of 2*64*64*1024 = 8.39 MFLOP, 16.777216 us of compute.
// 64x64 split 2: 4 tiles, 8.388608 us, but L2 carries 561152 B = 11.22 us.
// 32x32: 4 tiles (1 x 4), one wave, 2*32*32*1024 / 1e12 / 0.5 = 4.194304 us;
// L2: 4 * 64 * 1024 * 2 = 524288 B of panels + 16*128*2 = 4096 B of output
// = 528384 B at 5e10 = 10.56768 us. 32x32 split 2: 8 tiles, 2 waves, and
// the partials: 11.22 us. The choice: 32x32, L2-bound, 10.56768 + 1 us.
// Half of each tile's rows are padding (16 of 32), and the 4 tiles fill
// the 4 cores: utilization 0.5.
// CHECK-LABEL: report: hardware=toy-tiled;
// CHECK: op #0 linalg.matmul:{{.*}} bound=memory; bound_level=l2;{{.*}} latency_s=1.15676{{[0-9]*}}e-05;{{.*}} t_compute_s=4.194304e-06;{{.*}} tile.m=32; tile.n=32; tile.split_k=1; tile.tile_share=0.5; tile.tiles=4; tile.utilization=0.5; tile.wave_share=1; tile.waves=1;
// CHECK-NEXT: levels[0]: {{.*}} bytes=1048576; level=l1;
// CHECK-NEXT: levels[1]: {{.*}} bytes=528384; level=l2;{{.*}} t_s=1.056768e-05;
// CHECK: realism[1]: added_s=null; factor=2; term=tiles;
func.func @skinny(%a: tensor<16x1024xf16>, %b: tensor<1024x128xf16>, %c: tensor<16x128xf16>) -> tensor<16x128xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x1024xf16>, tensor<1024x128xf16>) outs(%c : tensor<16x128xf16>) -> tensor<16x128xf16>
  return %0 : tensor<16x128xf16>
}

// -----

// A convolution as an implicit GEMM: 1x10x10x16 input, 3x3x16x32 filter,
// 1x8x8x32 output: M = 1*8*8 = 64, N = 32, K = 16*3*3 = 144.
// 64x64: 1 tile, 2*64*64*144 / 1e12 / 0.5 = 2.359296 us. 64x64 split 2:
// 1.179648 us of compute, L2 36864 + 4096 + 32768 B of partials = 1.47 us.
// 32x32: 2 tiles, one wave, 0.589824 us of compute; L2: 2 * 64 * 144 * 2 =
// 36864 B of panels + 4096 B of output = 40960 B = 0.8192 us. 32x32 split
// 2: 1.47 us on the L2. The choice: 32x32, L2-bound, 0.8192 + 1 us; 2 tiles
// on 4 cores: utilization 0.5. The launch takes longest: overhead-bound,
// with the L2 the slowest level.
// Shared memory: 73728 B, one tile's 36864 B per core at 1e12 / 2 B/s =
// 0.073728 us. Device memory: input 3200 + filter 9216 + output 4096 read
// + 4096 written = 20608 B at 5e11 = 0.041216 us. Lower bounds: 2*M*N*K =
// 589824 element steps: 589824 / 128 * 2 = 9216 B (registers),
// / 256 * 2 = 4608 B (shared memory), / 1024 * 2 = 1152 B (L2).
// CHECK-LABEL: report: hardware=toy-tiled;
// CHECK: op #0 linalg.conv_2d_nhwc_hwcf:{{.*}} bound=overhead; bound_level=l2;{{.*}} latency_s=1.819{{[0-9]*}}e-06;{{.*}} tile.m=32; tile.n=32; tile.split_k=1; tile.tile_share=1; tile.tiles=2; tile.utilization=0.5; tile.wave_share=0.5; tile.waves=1;
// CHECK-NEXT: levels[0]: bandwidth=4000000000000; bytes=73728; level=l1; lower_bound_bytes=9216; t_s=7.3728e-08;
// CHECK-NEXT: levels[1]: bandwidth=100000000000; bytes=40960; level=l2; lower_bound_bytes=4608; t_s=8.192e-07;
// CHECK-NEXT: levels[2]: bandwidth=1000000000000; bytes=20608; level=dram; lower_bound_bytes=1152; t_s=4.1216e-08;
func.func @conv(%x: tensor<1x10x10x16xf16>, %w: tensor<3x3x16x32xf16>, %o: tensor<1x8x8x32xf16>) -> tensor<1x8x8x32xf16> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%x, %w : tensor<1x10x10x16xf16>, tensor<3x3x16x32xf16>) outs(%o : tensor<1x8x8x32xf16>) -> tensor<1x8x8x32xf16>
  return %0 : tensor<1x8x8x32xf16>
}
