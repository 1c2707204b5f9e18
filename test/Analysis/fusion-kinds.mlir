// Each fusion rule of the compiled plan, one function each, on the H100.
// The ops of a kernel are listed by report id (program order); a kernel's
// traffic is what it reads from outside and writes for outside users.
// (docs/fusion.md states the rules.)

// RUN: mlsysim-opt %s --mlsysim-report="hardware=h100 format=json output=-" -o /dev/null | %fields --section kernels | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-fuse=hardware=h100 -o %t.mlir 2>&1 | FileCheck %s --check-prefix=FUSE
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: mlsysim-opt %t.mlir --mlsysim-report="hardware=h100 format=json output=-" -o /dev/null | %fields --section kernels | FileCheck %s --check-prefix=AFTER
// RUN: %same-results %s %t.mlir | FileCheck %s --check-prefix=SAME

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// arith.constant is not an op of interest: #0 tensor.empty, #1 fill,
// #2 matmul. The fill is made in place (cloned): A and B 256*256*2 B each
// read, the f32 result 256*256*4 B written; the accumulator is never read.
func.func @fill_matmul(%a: tensor<256x256xf16>, %b: tensor<256x256xf16>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<256x256xf16>, tensor<256x256xf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %m : tensor<256x256xf32>
}

// #3 matmul, #4 tensor.empty, #5 bias add + ReLU (generic, broadcast row
// vector): A, B and the accumulator %c 3 * 262144 B and the bias 1024 B read,
// the output 262144 B written; the matmul's result never leaves the kernel.
func.func @epilogue(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>, %bias: tensor<256xf32>) -> tensor<256x256xf32> {
  %m = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  %e = tensor.empty() : tensor<256x256xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<256x256xf32>, tensor<256xf32>) outs(%e : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %z = arith.constant 0.0 : f32
    %relu = arith.maximumf %s, %z : f32
    linalg.yield %relu : f32
  } -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// #6 tensor.pad, #7 conv: the pad is read in place: x 1*56*56*64*2 =
// 401408 B, the weight 3*3*64*64*2 = 73728 B and the accumulator
// 1*56*56*64*4 = 802816 B read, 802816 B written.
func.func @pad_conv(%x: tensor<1x56x56x64xf16>, %w: tensor<3x3x64x64xf16>, %init: tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<1x56x56x64xf16> to tensor<1x58x58x64xf16>
  %c = linalg.conv_2d_nhwc_hwcf ins(%p, %w : tensor<1x58x58x64xf16>, tensor<3x3x64x64xf16>) outs(%init : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  return %c : tensor<1x56x56x64xf32>
}

// Softmax over rows: #8 empty, #9 fill, #10 max-reduce, #11 empty,
// #12 exp(x - max), #13 fill, #14 sum-reduce, #15 divide: one kernel over the
// 128 rows (a row of 1024 f32 fits in a core's scratchpad), reading x once
// (128*1024*4 = 524288 B) and writing the result once.
func.func @softmax(%x: tensor<128x1024xf32>) -> tensor<128x1024xf32> {
  %ninf = arith.constant -3.0e38 : f32
  %zero = arith.constant 0.0 : f32
  %er = tensor.empty() : tensor<128xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<128xf32>) -> tensor<128xf32>
  %mx = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<128x1024xf32>) outs(%mi : tensor<128xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<128xf32>
  %e = tensor.empty() : tensor<128x1024xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mx : tensor<128x1024xf32>, tensor<128xf32>) outs(%e : tensor<128x1024xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<128x1024xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<128xf32>) -> tensor<128xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<128x1024xf32>) outs(%si : tensor<128xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<128xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<128x1024xf32>, tensor<128xf32>) outs(%e : tensor<128x1024xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<128x1024xf32>
  return %y : tensor<128x1024xf32>
}

// #16 empty, #17 transpose, #18 add: the transpose is read in place: x and
// y 2 * 524288 B read, 524288 B written.
func.func @transpose_add(%x: tensor<512x256xf32>, %y: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %e = tensor.empty() : tensor<256x512xf32>
  %t = linalg.transpose ins(%x : tensor<512x256xf32>) outs(%e : tensor<256x512xf32>) permutation = [1, 0]
  %s = linalg.add ins(%t, %y : tensor<256x512xf32>, tensor<256x512xf32>) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
  return %s : tensor<256x512xf32>
}

// Through a reshape a frontend put between two elementwise ops: #19 empty,
// #20 add, #21 collapse_shape (free, no kernel), #22 empty, #23 exp: x and y
// 2 * 16384 B read, 16384 B written.
func.func @through_reshape(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> tensor<4096xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %s = linalg.add ins(%x, %y : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %f = tensor.collapse_shape %s [[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
  %e1 = tensor.empty() : tensor<4096xf32>
  %r = linalg.exp ins(%f : tensor<4096xf32>) outs(%e1 : tensor<4096xf32>) -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

#ln_row = affine_map<(d0, d1) -> (d0)>
#ln_col = affine_map<(d0, d1) -> (d1)>
#ln_vec = affine_map<(d0) -> (d0)>
// LayerNorm as frontends decompose it: #24 empty, #25 fill, #26 sum, #27
// empty, #28 mean = sum / 768, #29 empty, #30 d = x - mean, #31 d * d, #32
// fill, #33 sum of squares, #34 rsqrt(var + eps), #35 d * rstd * g + b. Two
// reductions over the same 64 rows (a 768-element f32 row fits on chip): one
// kernel reading x (64*768*4 = 196608 B), g and b (3072 B each) once and
// writing the result (196608 B). The mean and rstd (64 values) are
// recomputed where the broadcast reads them.
func.func @layernorm(%x: tensor<64x768xf32>, %g: tensor<768xf32>, %b: tensor<768xf32>) -> tensor<64x768xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 768.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %er = tensor.empty() : tensor<64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%er : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {indexing_maps = [#id, #ln_row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x768xf32>) outs(%z : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %em = tensor.empty() : tensor<64xf32>
  %mean = linalg.generic {indexing_maps = [#ln_vec, #ln_vec], iterator_types = ["parallel"]}
      ins(%s : tensor<64xf32>) outs(%em : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.divf %a, %n : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %e = tensor.empty() : tensor<64x768xf32>
  %d = linalg.generic {indexing_maps = [#id, #ln_row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mean : tensor<64x768xf32>, tensor<64xf32>) outs(%e : tensor<64x768xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %r = arith.subf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<64x768xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d : tensor<64x768xf32>) outs(%e : tensor<64x768xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<64x768xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%er : tensor<64xf32>) -> tensor<64xf32>
  %vs = linalg.generic {indexing_maps = [#id, #ln_row], iterator_types = ["parallel", "reduction"]}
      ins(%sq : tensor<64x768xf32>) outs(%z2 : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %rstd = linalg.generic {indexing_maps = [#ln_vec, #ln_vec], iterator_types = ["parallel"]}
      ins(%vs : tensor<64xf32>) outs(%em : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.divf %a, %n : f32
    %ve = arith.addf %v, %eps : f32
    %r = math.rsqrt %ve : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %y = linalg.generic {indexing_maps = [#id, #ln_row, #ln_col, #ln_col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d, %rstd, %g, %b : tensor<64x768xf32>, tensor<64xf32>, tensor<768xf32>, tensor<768xf32>) outs(%e : tensor<64x768xf32>) {
  ^bb0(%a: f32, %r: f32, %gg: f32, %bb: f32, %o: f32):
    %m = arith.mulf %a, %r : f32
    %s2 = arith.mulf %m, %gg : f32
    %t = arith.addf %s2, %bb : f32
    linalg.yield %t : f32
  } -> tensor<64x768xf32>
  return %y : tensor<64x768xf32>
}

// A matmul accumulating in f32, its result cast back to f16 and a residual
// added (#36 empty, #37 fill, #38 matmul, #39 empty, #40 truncf, #41 add):
// one kernel reading A, B (65536 B each) and the residual (32768 B), writing
// 128*128*2 = 32768 B.
func.func @matmul_cast_residual(%a: tensor<128x256xf16>, %b: tensor<256x128xf16>, %r: tensor<128x128xf16>) -> tensor<128x128xf16> {
  %zero = arith.constant 0.0 : f32
  %e32 = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e32 : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x256xf16>, tensor<256x128xf16>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  %e16 = tensor.empty() : tensor<128x128xf16>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<128x128xf32>) outs(%e16 : tensor<128x128xf16>) {
  ^bb0(%v: f32, %o: f16):
    %t = arith.truncf %v : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x128xf16>
  %s = linalg.add ins(%c, %r : tensor<128x128xf16>, tensor<128x128xf16>) outs(%e16 : tensor<128x128xf16>) -> tensor<128x128xf16>
  return %s : tensor<128x128xf16>
}

// Never fused: two matrix ops (#43 and #44 after #42 empty, each its own
// kernel), and a reduction after a matrix op (#46 matmul, then #47-#48 the
// row max: a matrix op's epilogue takes no reduction).
func.func @negative_two_matmuls(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>, %c: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %e = tensor.empty() : tensor<64x64xf16>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf16>) -> tensor<64x64xf16>
  %n = linalg.matmul ins(%m, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf16>) -> tensor<64x64xf16>
  return %n : tensor<64x64xf16>
}
func.func @negative_matmul_reduction(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  %mx = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%m : tensor<64x64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.maximumf %x, %acc : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  return %mx : tensor<64xf32>
}

// Kernels, by function (bytes as computed above):
// CHECK: kernel #0: {{.*}} bytes_read=262144; bytes_written=262144; class=matmul;{{.*}} func=fill_matmul;{{.*}} kind=fill-into-consumer;{{.*}} ops=[1,2];
// CHECK-NEXT: kernel #1: {{.*}} bytes_read=787456; bytes_written=262144; class=matmul;{{.*}} func=epilogue;{{.*}} kind=epilogue;{{.*}} ops=[3,5];
// CHECK-NEXT: kernel #2: {{.*}} bytes_read=1277952; bytes_written=802816; class=convolution;{{.*}} func=pad_conv;{{.*}} kind=pad-into-consumer;{{.*}} ops=[6,7];
// CHECK-NEXT: kernel #3: {{.*}} bytes_read=524288; bytes_written=524288; class=reduction;{{.*}} func=softmax;{{.*}} kind=reduction;{{.*}} ops=[9,10,12,13,14,15];
// CHECK-NEXT: kernel #4: {{.*}} bytes_read=1048576; bytes_written=524288; class=elementwise;{{.*}} func=transpose_add;{{.*}} kind=layout-into-consumer;{{.*}} ops=[17,18];
// CHECK-NEXT: kernel #5: {{.*}} bytes_read=32768; bytes_written=16384; class=elementwise;{{.*}} func=through_reshape;{{.*}} kind=elementwise-chain;{{.*}} ops=[20,23];
// CHECK-NEXT: kernel #6: {{.*}} bytes_read=202752; bytes_written=196608; class=reduction;{{.*}} func=layernorm;{{.*}} kind=reduction;{{.*}} ops=[25,26,28,30,31,32,33,34,35];
// CHECK-NEXT: kernel #7: {{.*}} bytes_read=163840; bytes_written=32768; class=matmul;{{.*}} func=matmul_cast_residual;{{.*}} kind=epilogue;{{.*}} ops=[37,38,40,41];
// CHECK-NEXT: kernel #8: {{.*}} func=negative_two_matmuls;{{.*}} kind=null;{{.*}} ops=[43];
// CHECK-NEXT: kernel #9: {{.*}} func=negative_two_matmuls;{{.*}} kind=null;{{.*}} ops=[44];
// CHECK-NEXT: kernel #10: {{.*}} func=negative_matmul_reduction;{{.*}} kind=null;{{.*}} ops=[46];
// CHECK-NEXT: kernel #11: {{.*}} func=negative_matmul_reduction;{{.*}} kind=null;{{.*}} ops=[47];
// CHECK-NOT: kernel #

// mlsysim-fuse performs every group here with upstream linalg on tensors.
// The pad is tiled with the convolution's input tiles; the softmax and the
// layernorm are tiled by rows (the reduced loop whole in each tile), their
// reductions and elementwise ops pulled into the row loop.
// H100 (zoo file): 3.35e12 B/s at 0.9 (3.015e12), a device memory latency of
// 3.535e-7 s per kernel (small-transfer), a 1.1 us compiled launch; a tiled
// contraction, or one the library runs as a vector kernel, adds the library
// kernel's latency 9700 cycles / 1.98 GHz = 4.898989898989899e-06 s exposed
// per run (Tiling.h), a split-K s also (s - 1) * 2 L2 latencies (2 * 1.47e-7
// each) exposed and its f32 partials (2 * s * M*N * 4 B) at device memory
// (the file gives no L2 bandwidth). E.g. the layout group: transpose
// 1048576 B / 3.015e12 + 3.535e-7 + 1.1e-6 = 1.80129e-6 and add 1572864 B:
// 5.2168e-7 + 3.535e-7 + 1.1e-6 = 1.97518e-6, 3.78 us; fused, the add's
// 1572864 B alone: 1.98 us. The reshape chain: add 49152 B (1.6302e-8) and
// exp 32768 B (1.0868e-8), each + 3.535e-7 + 1.1e-6: 2.93 us; fused 49152 B:
// 1.47 us.
// The fill + 256^3 f16 matmul: the fill's 262144 B: 8.6945e-8 + 3.535e-7 +
// 1.1e-6 = 1.54045e-6. The matmul's best tiles are 64x64, no split: 16
// tiles in 1 wave, utilization 16 / 132 = 0.1212, which keeps 0.1212 *
// 989.4e12 = 119.9e12 FLOP/s of the matrix unit busy, under the f16 vector
// unit's 133.8e12: it runs as a vector kernel, flat, no tile, but it pays
// the kernel latency 4.898990e-6: 2*256^3 / 133.8e12 / 0.8 = 3.13476e-7 s,
// under its memory (A, B, the accumulator and the result) 786432 B /
// 3.015e12 + 3.535e-7 = 6.14340e-7, + 4.898990e-6 + 1.1e-6 = 6.613330e-6;
// 8.153776e-6 in all, 8.15 us. Fused: 524288 B / 3.015e12 + 3.535e-7 =
// 5.27393e-7 + 4.898990e-6 + 1.1e-6 = 6.526383e-6 s, 6.53 us, as the report
// of the fused output prices it (AFTER).
// The f32 256^3 matmul + bias + ReLU: the H100 rates no f32 matrix format,
// so the matmul is tiled on the f32 vector unit (66.9e12; no instruction
// depth): its best candidate is 64x64 split 4, 16 * 4 = 64 tiles in 1 wave,
// each part's reduction k_t = 256 / 4 = 64, utilization 256^3 /
// (132 * 64*64*64) = 64/132 = 0.484848; t_compute = 2*256^3 / 66.9e12 /
// 0.484848 / 0.8 = 1.293087e-6 s. The candidates are compared by
// max(compute, levels) + exposed, the kernel latency the same for all: split
// 4 gives 1.293087e-6 + 3 * 2 * 1.47e-7 = 2.175087e-6; split 5 (80 tiles,
// k_t 52) max(1.050633e-6, its device memory (2621440 + 1048576) B /
// 3.015e12 = 1.217252e-6) + 8 * 1.47e-7 = 2.393252e-6; split 3 (48 tiles,
// k_t 86) 1.737586e-6 + 4 * 1.47e-7 = 2.325586e-6; no split (16 tiles)
// 5.17e-6. Shared memory: 2 * (64+64) * 64 * 4 B per tile x 132
// / (3.345e13 * 0.9) + 1.01e-8 = 2.9745e-7. Device memory: the partials
// 2 * 4 * 65536 * 4 = 2097152 B / 3.015e12 = 6.95573e-7 on top of the
// kernel's 1048576 B / 3.015e12 + 3.535e-7 = 7.01286e-7: 1.396859e-6,
// memory-bound; + the exposed 4.898990e-6 (kernel latency 9700 cycles /
// 1.98 GHz) + 3 * 2 * 1.47e-7 = 5.780990e-6 + 1.1e-6 = 8.277849e-6. The
// bias + ReLU 525312 B: 1.74233e-7 + 3.535e-7 + 1.1e-6 = 1.627733e-6;
// 9.905582e-6 in all, 9.91 us. Fused (1049600 B): 6.95573e-7 + 3.48126e-7 +
// 3.535e-7 = 1.397199e-6 (over the compute, 1.293087e-6 + the bias's
// 2 * 65536 / 66.9e12 / 0.8) + 5.780990e-6 + 1.1e-6 = 8.278189e-6 s,
// 8.28 us.
// The matmul + cast + residual: the fill 65536 B: 2.17363e-8 + 3.535e-7 +
// 1.1e-6 = 1.475236e-6; the 128x128x256 f16 matmul's best tiles (64x64, no
// split: 4 tiles, utilization 4/132 = 0.0303, 30.0e12 FLOP/s of the matrix
// unit; shared memory's 5.848e-7 against split 2's 2.975e-7 + 2 * 1.47e-7 =
// 5.915e-7 and split 3's 2.256e-7 + 4 * 1.47e-7) lose to the vector unit:
// 2*128*128*256 / 133.8e12 / 0.8 = 7.8369e-8 s, under 262144 B / 3.015e12 +
// 3.535e-7 = 4.40447e-7; + the kernel latency 4.898990e-6 + 1.1e-6 =
// 6.439436e-6; the truncf and the add 98304 B each: 3.26050e-8 + 3.535e-7 +
// 1.1e-6 = 1.486105e-6; 1.088688e-5 in all, 10.9 us. Fused: 196608 B /
// 3.015e12 + 3.535e-7 = 4.18710e-7 + 4.898990e-6 + 1.1e-6 = 6.417700e-6 s,
// 6.42 us.
// The pad + conv: the pad reads 401408 B and writes 58*58*64*2 = 430592 B:
// 2.75954e-7 + 3.535e-7 + 1.1e-6 = 1.729454e-6. The conv is the matrix
// problem M = 56*56 = 3136, N = 64, K = 3*3*64 = 576: its best tiles are
// 64x64, no split: 49 tiles in 1 wave, k_t = 576 (36 wgmma steps of 16),
// utilization 3136 / (132 * 64) = 0.371212 (367.3e12 FLOP/s, over the
// vector unit's: it stays on the matrix unit); t_compute = 2*64*64*576 /
// (989.4e12/132) / 0.8 = 7.86909e-7 s; shared memory 2 * (64+64) * 576 * 2 B
// per tile x 132 / (3.345e13 * 0.9) + 1.01e-8 = 1.303187e-6 s, over device
// memory's 2109952 B / 3.015e12 + 3.535e-7 = 1.053318e-6: bound by shared
// memory; + the kernel latency 4.898990e-6 + 1.1e-6 = 7.302177e-6;
// 9.031630e-6 in all, 9.03 us. Fused: device memory 2080768 B (1.043639e-6)
// stays under shared memory's: 7.302177e-6 s, 7.30 us.
// FUSE-DAG: remark: fused group G{{[0-9]+}} (fill-into-consumer, 2 ops, tiled): predicted 8.15 µs -> 6.53 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (epilogue, 2 ops, tiled): predicted 9.91 µs -> 8.28 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (epilogue, 4 ops, tiled): predicted 10.9 µs -> 6.42 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (layout-into-consumer, 2 ops, 1 fusions): predicted 3.78 µs -> 1.98 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (pad-into-consumer, 2 ops, tiled): predicted 9.03 µs -> 7.30 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (reduction, 6 ops, tiled by rows): predicted 9.77 µs -> 1.80 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (reduction, 9 ops, tiled by rows): predicted 13.6 µs -> 1.59 µs
// FUSE-NOT: not performed
// Across the collapse_shape: upstream's reshape-by-expansion patterns run
// the exp on the 64x64 shape first, then the add and the exp fuse.
// FUSE-DAG: remark: fused group G{{[0-9]+}} (elementwise-chain, 2 ops, 1 fusions): predicted 2.93 µs -> 1.47 µs

// The report on the output realizes the predictions of the performed groups:
// each is one kernel of the predicted latency.
// AFTER: kernel #0: {{.*}} func=fill_matmul;{{.*}} latency_s=6.5263830996532{{[0-9]*}}e-06;
// AFTER-NEXT: kernel #1: {{.*}} func=epilogue;{{.*}} latency_s=8.278188738127{{[0-9]*}}e-06;
// The pad and the convolution: one kernel reading x, w and the accumulator
// (1277952 B, as planned), writing 802816 B: its 49 tiled convolutions of
// 8x8 pixels are priced as one matrix problem (M = 49 * 64 = 3136), the same
// plan as above: shared memory's 1.303187e-6 s over device memory's
// (1277952 + 802816) B / 3.015e12 + 3.535e-7 = 1.043639e-6 s and the
// compute's 7.86909e-7, + the kernel latency 9700 cycles / 1.98 GHz =
// 4.898989898989899e-06 + 1.1e-6 = 7.302177e-6 s.
// AFTER: bytes_read=1277952; bytes_written=802816; class=convolution;{{.*}} func=pad_conv;{{.*}} latency_s=7.3021768945055{{[0-9]*}}e-06;
// The softmax, one kernel as planned: x read once, the result written once
// (1048576 B / 3.015e12 + 3.535e-7 + 1.1e-6 = 1.80129e-6 s).
// AFTER: bytes_read=524288; bytes_written=524288;{{.*}} func=softmax;{{.*}} latency_s=1.801286401326{{[0-9]*}}e-06;
// AFTER: func=transpose_add;{{.*}} latency_s=1.97517960199{{[0-9]*}}e-06;
// AFTER: func=through_reshape;{{.*}} latency_s=1.46980248756{{[0-9]*}}e-06;
// The layernorm, one kernel as planned (x, gamma and beta read once:
// 196608 + 2 * 3072 = 202752 B; + 196608 B written: 399360 / 3.015e12 +
// 3.535e-7 + 1.1e-6 = 1.58596e-6 s).
// AFTER: bytes_read=202752; bytes_written=196608;{{.*}} func=layernorm;{{.*}} latency_s=1.58595771144{{[0-9]*}}e-06;
// AFTER: func=matmul_cast_residual;{{.*}} latency_s=6.41769984923{{[0-9]*}}e-06;

// IR-LABEL: func.func @fill_matmul
// IR: scf.for
// IR: linalg.fill
// IR: linalg.matmul
// IR: {mlsysim.kernel}
// IR-LABEL: func.func @epilogue
// IR: scf.for
// IR: linalg.matmul
// IR: linalg.generic
// IR: {mlsysim.kernel}
// IR-LABEL: func.func @transpose_add
// IR: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<512x256xf32>, tensor<256x512xf32>)
// IR-NEXT: ^bb0
// IR-NEXT: arith.addf
// IR-NEXT: linalg.yield
// IR-NOT: linalg.transpose
// IR-LABEL: func.func @through_reshape
// IR: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<64x64xf32>, tensor<64x64xf32>)
// IR: arith.addf
// IR-NEXT: math.exp
// IR-NEXT: linalg.yield
// IR-NEXT: } -> tensor<64x64xf32>
// IR-NEXT: tensor.collapse_shape
// IR-NEXT: return
// IR-LABEL: func.func @matmul_cast_residual
// IR: scf.for
// IR: linalg.matmul
// IR: {mlsysim.kernel}

// Every function computes the same before and after mlsysim-fuse (run by
// mlir-runner on the same inputs; the tiles keep each reduction's order, so
// the results are identical).
// SAME-COUNT-10: ok {{.*}} diff=0 scale=
// SAME-NOT: DIFFERENT
