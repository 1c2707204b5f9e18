// A ResNet bottleneck's last stage as torch-mlir emits it: a 1x1
// convolution, inference BatchNorm (x - mean) * rsqrt(var + eps) * gamma +
// beta with every per-channel operand a weight (arguments tagged
// mlsysim.param), the residual add and ReLU. A fusing compiler runs it as
// ONE kernel: rsqrt(var + eps) depends on weights alone and is folded
// (computed once, not per run), the fill of the accumulator is made in place,
// and the affine chain, the add and the ReLU are the convolution's epilogue,
// reading each per-channel vector once through its broadcast.
//
// Toy GPU (test/Hardware/Inputs/toy-gpu.yaml): f16 matrix 100e12, f16 vector
// 20e12 FLOP/s, 1e12 B/s, efficiency 0.5 (convolutions 0.25), 4 cores of
// 64x64 tiles, launches 4 us eager, 2 us graph, 1 us compiled.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml format=json output=-" -o /dev/null | %fields --section kernels | FileCheck %s --check-prefix=KERNEL
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml format=json output=-" -o /dev/null | %fields --section totals | FileCheck %s --check-prefix=TOTALS
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml format=json output=-" -o /dev/null | %fields | FileCheck %s --check-prefix=OPS
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml execution=eager format=json output=-" -o /dev/null | %fields | FileCheck %s --check-prefix=EAGER

// The kernel: ops #1 fill (cloned), #2 conv, #9-#14 the six elementwise ops.
// Traffic: x 1*8*8*8*2 = 1024 B, weight 16*8*2 = 256 B, mean, rsqrt(var+eps)
// (folded: read as stored), gamma, beta 16*2 = 32 B each, residual
// 16*8*8*2 = 2048 B: 3456 B read; the ReLU output 2048 B written. Nothing in
// between is written or read back, and the accumulator is never read.
// t_memory = (3456 + 2048) / 1e12 / 0.5 = 1.1008e-08 s.
// Compute: the conv is M = 8*8 = 64, N = 16, K = 8: 2*64*16*8 = 16384 FLOPs.
// Its best tiling is ceil(64/64) * ceil(16/64) = 1 tile (the toy's one 64x64
// tile, no split-K, no instruction depth) in 1 wave on 4 cores: the cores
// would run 1 * 4 * 64*64*8 = 131072 multiply-adds for the conv's 64*16*8 =
// 8192 (utilization 8192/131072 = 0.0625: 1 of 4 cores, 16 of the tile's 64
// columns). The tiles keep 0.0625 * 100e12 = 6.25e12 FLOP/s of the matrix
// unit busy, less than the f16 vector unit's 20e12: the conv runs as a vector
// kernel instead, flat, with no tile (utilization 1), at the convolution
// efficiency 0.25: 16384 / 20e12 / 0.25 = 3.2768e-09 s; the six elementwise
// ops 6 * 1024 = 6144 FLOPs on the f16 vector unit: 6144 / 20e12 / 0.5 =
// 6.144e-10 s; in all 3.8912e-09 s. No tile: no levels, no exposed latency
// (and the toy names no latencies). latency = 1e-6 (one compiled launch) +
// max(3.8912e-09, 1.1008e-08) = 1.011008e-06 s: overhead-bound.
// KERNEL: kernel #0: {{.*}} bound=overhead;{{.*}} bytes_read=3456; bytes_written=2048; class=convolution; flops=22528;{{.*}} kind=epilogue; latency_s=1.011008{{[0-9]*}}e-06; matrix_utilization=1;{{.*}} ops=[1,2,9,10,11,12,13,14]; t_compute_s=3.8912e-09; t_memory_s=1.1008e-08; t_overhead_s=1e-06;
// KERNEL-NOT: kernel #1

// Eager: every op is a kernel, the folded one too: fill, conv, rsqrt, sub,
// mul, mul, add, residual add, ReLU = 9 launches. Each op's slower term:
// fill 2048 B = 4.096e-9; conv reads x, weight and its accumulator (3328 B)
// and writes 2048 B = 1.0752e-8 (above its compute, the vector kernel's
// 3.2768e-9, as above); rsqrt 64 B = 1.28e-10; sub, mul, mul, add
// each 2080 + 2048 B = 8.256e-9; residual add 4096 + 2048 B = 1.2288e-8;
// ReLU 4096 B = 8.192e-9: in all 6.848e-8 s.
// eager = 6.848e-8 + 9 * 4e-6 = 3.606848e-05 s; graph = 6.848e-8 + 9 * 2e-6
// = 1.806848e-05 s; compiled = 1 kernel, 1.011008e-06 s.
// TOTALS: totals: {{.*}} folded_count=1;{{.*}} latency_by_execution.compiled.kernels=1; latency_by_execution.compiled.latency_s=1.011008{{[0-9]*}}e-06; latency_by_execution.eager.kernels=9; latency_by_execution.eager.latency_s=3.606848e-05; latency_by_execution.graph.kernels=9; latency_by_execution.graph.latency_s=1.806848e-05; latency_s=1.011008{{[0-9]*}}e-06;

// Each op names its kernel; rsqrt(var + eps) is folded and runs in none.
// OPS: op #1 linalg.fill:{{.*}} kernel=0;
// OPS: op #2 linalg.conv_2d_nchw_fchw:{{.*}} class=convolution;{{.*}} folded=false;{{.*}} kernel=0;
// OPS: op #4 linalg.generic:{{.*}} folded=true;{{.*}} kernel=null;
// OPS: op #14 linalg.generic:{{.*}} kernel=0;
// Eager execution folds nothing.
// EAGER: op #4 linalg.generic:{{.*}} folded=false;

#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#vec = affine_map<(d0) -> (d0)>
func.func @block(%x: tensor<1x8x8x8xf16> {mlsysim.input = "x"},
                 %w: tensor<16x8x1x1xf16> {mlsysim.param = "conv.weight"},
                 %gamma: tensor<16xf16> {mlsysim.param = "bn.weight"},
                 %beta: tensor<16xf16> {mlsysim.param = "bn.bias"},
                 %mean: tensor<16xf16> {mlsysim.param = "bn.running_mean"},
                 %var: tensor<16xf16> {mlsysim.param = "bn.running_var"},
                 %res: tensor<1x16x8x8xf16> {mlsysim.input = "residual"}) -> tensor<1x16x8x8xf16> {
  %zero = arith.constant 0.0 : f16
  %eps = arith.constant 1.0e-5 : f16
  %e = tensor.empty() : tensor<1x16x8x8xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
       ins(%x, %w : tensor<1x8x8x8xf16>, tensor<16x8x1x1xf16>) outs(%f : tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16>
  %e16 = tensor.empty() : tensor<16xf16>
  %inv = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
       ins(%var : tensor<16xf16>) outs(%e16 : tensor<16xf16>) {
  ^bb0(%v: f16, %o: f16):
    %a = arith.addf %v, %eps : f16
    %r = math.rsqrt %a : f16
    linalg.yield %r : f16
  } -> tensor<16xf16>
  %me = tensor.expand_shape %mean [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
  %ie = tensor.expand_shape %inv [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
  %ge = tensor.expand_shape %gamma [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
  %be = tensor.expand_shape %beta [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf16> into tensor<16x1x1xf16>
  %sub = linalg.generic {indexing_maps = [#map4, #chan, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%c, %me : tensor<1x16x8x8xf16>, tensor<16x1x1xf16>) outs(%e : tensor<1x16x8x8xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %r = arith.subf %a, %b : f16
    linalg.yield %r : f16
  } -> tensor<1x16x8x8xf16>
  %mul = linalg.generic {indexing_maps = [#map4, #chan, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%sub, %ie : tensor<1x16x8x8xf16>, tensor<16x1x1xf16>) outs(%e : tensor<1x16x8x8xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %r = arith.mulf %a, %b : f16
    linalg.yield %r : f16
  } -> tensor<1x16x8x8xf16>
  %scaled = linalg.generic {indexing_maps = [#map4, #chan, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%mul, %ge : tensor<1x16x8x8xf16>, tensor<16x1x1xf16>) outs(%e : tensor<1x16x8x8xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %r = arith.mulf %a, %b : f16
    linalg.yield %r : f16
  } -> tensor<1x16x8x8xf16>
  %shift = linalg.generic {indexing_maps = [#map4, #chan, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%scaled, %be : tensor<1x16x8x8xf16>, tensor<16x1x1xf16>) outs(%e : tensor<1x16x8x8xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %r = arith.addf %a, %b : f16
    linalg.yield %r : f16
  } -> tensor<1x16x8x8xf16>
  %sum = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%shift, %res : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>) outs(%e : tensor<1x16x8x8xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %r = arith.addf %a, %b : f16
    linalg.yield %r : f16
  } -> tensor<1x16x8x8xf16>
  %relu = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%sum : tensor<1x16x8x8xf16>) outs(%e : tensor<1x16x8x8xf16>) {
  ^bb0(%a: f16, %o: f16):
    %r = arith.maximumf %a, %zero : f16
    linalg.yield %r : f16
  } -> tensor<1x16x8x8xf16>
  return %relu : tensor<1x16x8x8xf16>
}
