// Kernels a device's library makes that are not tiles of the ops as
// written (FusionOptions::libraryKernels): merged sibling contractions and
// fused attention.
//
// Merged siblings (FusionPlanner's mergeSiblings; XLA's DotMerger, TensorRT's
// horizontal layer fusion): @qkv's three projections read one input, X
// (256x64 f16), with the same rows and reduction: one kernel of kind
// siblings. Each projection alone: 2*256*64*64 = 2097152 FLOPs / 50e12 =
// 41.94304 ns; X 32768 B + its weight 8192 B read, 32768 B written (the fill
// made in place): 73728 B / 0.5e12 = 147.456 ns; + 1 us launch: 1.147456 us,
// three: 3.442368 us. Merged: X read once, 32768 + 3 * 8192 = 57344 B read,
// 98304 B written, 311.296 ns over the compute 125.82912 ns; + 1 us:
// 1.311296 us. @chain's second matmul reads the first's result: not
// siblings, 2 kernels of 1.147456 us. @loop's second matmul reads X inside a
// loop's body: a kernel runs in one block, so 2 kernels, each 106496 B
// (the first writes the fill the loop also reads, 40960 + 65536; the second
// reads X, its weight and the loop's value, 73728, and writes 32768) /
// 0.5e12 = 212.992 ns + 1 us: 2.425984 us.
//
// Fused attention in the compiled plan (FusionPlanner's fuseAttention):
// on a device whose library tiles contractions, a contraction reading the
// softmax of another contraction's result runs with it as one kernel, the
// scores and the probabilities kept on chip (FlashAttention, Dao et al.
// 2022; TensorRT's and cuDNN's fused multi-head attention), when nothing
// else reads them and the head dimension is at most 256.
//
// Toy GPU (test/Hardware/Inputs/toy-gpu.yaml): matrix f16 100e12, vector
// f32 10e12 FLOP/s, special functions 1e12/s, 1e12 B/s, efficiencies 0.5,
// 64x64 tiles on 4 cores, compiled launch 1 us. 512 queries and keys:
//   Q.K^T: 2*512*512*64 = 33554432 FLOPs / (100e12 * 0.5) = 0.67108864 us
//   softmax and its cast: 4 FLOPs per score, 1048576 / (10e12 * 0.5)
//     = 0.2097152 us, and an exp per score, 262144 / (1e12 * 0.5)
//     = 0.524288 us: 0.7340032 us
//   P.V: 0.67108864 us
// @fused: one kernel of kind attention: Q, K, V read and the output written,
// 4 * 512*64*2 = 262144 B / (1e12 * 0.5) = 0.524288 us, under the compute
// 0.67108864 * 2 + 0.7340032 = 2.07618048 us; + 1 us launch = 3.07618048 us.
// @kept also returns the probabilities: they must be written, so nothing is
// fused across the softmax: 3 kernels (the scores 3.359296 us, the softmax
// and its cast 4.145728 us, P.V 2.31072 us, as test/Reporting/diagnosis.mlir
// derives them): 9.815744 us.
// @wide has a head dimension of 512: past FlashAttention's 256, 3 kernels.
// Eager execution runs every op as written in all three (6 kernels).
// @inverted_residual (MobileNetV2's block: a 1x1 convolution, a clamp, a
// depthwise 3x3, a clamp, a 1x1 convolution) is no attention, though a
// window reduction sits between two contractions: attention's products are
// matmuls. It runs as 3 kernels (it ran as one "attention" kernel before).
// On the toy GPU the convolutions run on the f16 vector unit (20e12, the
// convolution class at efficiency 0.25, the rest at 0.5):
//   conv 1x1 + clamp: 2*32*64*16 = 65536 / 20e12 / 0.25 = 13.1072 ns, the
//     clamp 2*2048 / 20e12 / 0.5 = 0.4096 ns; x 2048 + w1 1024 B read,
//     4096 B written (the fill made in place): 7168 / 0.5e12 = 14.336 ns;
//     + 1 us = 1.014336 us
//   depthwise + clamp: 2*32*36*9 = 20736 / 20e12 / 0.5 = 2.0736 ns, the
//     clamp 2*1152 / 20e12 / 0.5 = 0.2304 ns; 4096 + 576 B read, 2304
//     written: 6976 / 0.5e12 = 13.952 ns; + 1 us = 1.013952 us
//   conv 1x1: 2*16*36*32 = 36864 / 20e12 / 0.25 = 7.3728 ns; 2304 + 1024 B
//     read, 1152 written: 4480 / 0.5e12 = 8.96 ns; + 1 us = 1.00896 us
//   3.037248 us in all.

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml format=json output=-" -o /dev/null | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml format=json output=-" -o /dev/null | %fields --section kernels | FileCheck %s --check-prefix=KERNELS

// mlsysim-fuse plans without these (each is a new kernel, not tiles of the
// old ones): it performs the groups it can (the fills into
// their contractions) and its output is re-planned with it.
// RUN: mlsysim-opt %s --mlsysim-fuse="hardware=%S/../Hardware/Inputs/toy-gpu.yaml" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=FUSE
// RUN: mlir-opt %t.mlir -o /dev/null
// FUSE-NOT: {{\((attention|siblings)\)}}
// FUSE: remark: fused group G3 (fill-into-consumer, 2 ops, tiled)
// FUSE-NOT: {{\((attention|siblings)\)}}

// CHECK:      "name": "fused"
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 1,
// CHECK-NEXT:     "latency_s": 3.07618048e-06
// CHECK-NEXT:   },
// CHECK-NEXT:   "eager": {
// CHECK-NEXT:     "kernels": 6,
// CHECK:      "name": "kept"
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 3,
// CHECK-NEXT:     "latency_s": 9.815744e-06
// CHECK:      "name": "wide"
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 3,

// CHECK:      "name": "qkv"
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 1,
// CHECK-NEXT:     "latency_s": 1.311296e-06
// CHECK:      "name": "chain"
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 2,
// CHECK-NEXT:     "latency_s": 2.29491{{[0-9]*}}e-06
// CHECK:      "name": "loop"
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 2,
// CHECK-NEXT:     "latency_s": 2.42598{{[0-9]*}}e-06
// CHECK:      "name": "inverted_residual"
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 3,
// CHECK-NEXT:     "latency_s": 3.037248e-06

// KERNELS: kernel #0: {{.*}} bytes_read=196608; bytes_written=65536;{{.*}} func=fused;{{.*}} kind=attention; latency_s=3.07618048e-06;{{.*}} t_compute_s=2.07618048e-06; t_memory_s=5.24288e-07; t_overhead_s=1e-06;
// KERNELS-NOT: kind=attention
// KERNELS: kernel #{{[0-9]+}}: {{.*}} bytes_read=57344; bytes_written=98304;{{.*}} func=qkv;{{.*}} kind=siblings; latency_s=1.311296e-06;{{.*}} t_compute_s=1.2582912e-07; t_memory_s=3.11296e-07;
// KERNELS-NOT: kind=attention
// KERNELS: kernel #{{[0-9]+}}: {{.*}} bytes_read=3072; bytes_written=4096; class=convolution;{{.*}} func=inverted_residual;{{.*}} kind=epilogue; latency_s=1.014336e-06;{{.*}} t_compute_s=1.35168e-08; t_memory_s=1.4336e-08;
// KERNELS-NEXT: kernel #{{[0-9]+}}: {{.*}} bytes_read=4672; bytes_written=2304; class=depthwise-convolution;{{.*}} func=inverted_residual;{{.*}} latency_s=1.01395{{[0-9]*}}e-06;{{.*}} t_compute_s=2.304e-09; t_memory_s=1.3952e-08;
// KERNELS-NEXT: kernel #{{[0-9]+}}: {{.*}} bytes_read=3328; bytes_written=1152; class=convolution;{{.*}} func=inverted_residual;{{.*}} latency_s=1.00896e-06;{{.*}} t_compute_s=7.3728e-09; t_memory_s=8.96e-09;
#q = affine_map<(i, j, k) -> (i, k)>
#kt = affine_map<(i, j, k) -> (j, k)>
#o = affine_map<(i, j, k) -> (i, j)>
#id = affine_map<(i, j) -> (i, j)>

func.func @fused(%q: tensor<512x64xf16>, %k: tensor<512x64xf16>, %v: tensor<512x64xf16>) -> (tensor<512x64xf16>) {
  %e = tensor.empty() : tensor<512x512xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %s = linalg.generic {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%q, %k : tensor<512x64xf16>, tensor<512x64xf16>) outs(%f : tensor<512x512xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %m = arith.mulf %a32, %b32 : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<512x512xf32>
  %e2 = tensor.empty() : tensor<512x512xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<512x512xf32>) outs(%e2 : tensor<512x512xf32>) -> tensor<512x512xf32>
  %e3 = tensor.empty() : tensor<512x512xf16>
  %ph = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<512x512xf32>) outs(%e3 : tensor<512x512xf16>) {
  ^bb0(%a: f32, %b: f16):
    %t = arith.truncf %a : f32 to f16
    linalg.yield %t : f16
  } -> tensor<512x512xf16>
  %e4 = tensor.empty() : tensor<512x64xf16>
  %z16 = arith.constant 0.0 : f16
  %f4 = linalg.fill ins(%z16 : f16) outs(%e4 : tensor<512x64xf16>) -> tensor<512x64xf16>
  %out = linalg.matmul ins(%ph, %v : tensor<512x512xf16>, tensor<512x64xf16>) outs(%f4 : tensor<512x64xf16>) -> tensor<512x64xf16>
  return %out : tensor<512x64xf16>
}

func.func @kept(%q: tensor<512x64xf16>, %k: tensor<512x64xf16>, %v: tensor<512x64xf16>) -> (tensor<512x64xf16>, tensor<512x512xf16>) {
  %e = tensor.empty() : tensor<512x512xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %s = linalg.generic {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%q, %k : tensor<512x64xf16>, tensor<512x64xf16>) outs(%f : tensor<512x512xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %m = arith.mulf %a32, %b32 : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<512x512xf32>
  %e2 = tensor.empty() : tensor<512x512xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<512x512xf32>) outs(%e2 : tensor<512x512xf32>) -> tensor<512x512xf32>
  %e3 = tensor.empty() : tensor<512x512xf16>
  %ph = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<512x512xf32>) outs(%e3 : tensor<512x512xf16>) {
  ^bb0(%a: f32, %b: f16):
    %t = arith.truncf %a : f32 to f16
    linalg.yield %t : f16
  } -> tensor<512x512xf16>
  %e4 = tensor.empty() : tensor<512x64xf16>
  %z16 = arith.constant 0.0 : f16
  %f4 = linalg.fill ins(%z16 : f16) outs(%e4 : tensor<512x64xf16>) -> tensor<512x64xf16>
  %out = linalg.matmul ins(%ph, %v : tensor<512x512xf16>, tensor<512x64xf16>) outs(%f4 : tensor<512x64xf16>) -> tensor<512x64xf16>
  return %out, %ph : tensor<512x64xf16>, tensor<512x512xf16>
}

func.func @wide(%q: tensor<512x512xf16>, %k: tensor<512x512xf16>, %v: tensor<512x512xf16>) -> (tensor<512x512xf16>) {
  %e = tensor.empty() : tensor<512x512xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %s = linalg.generic {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%q, %k : tensor<512x512xf16>, tensor<512x512xf16>) outs(%f : tensor<512x512xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %m = arith.mulf %a32, %b32 : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<512x512xf32>
  %e2 = tensor.empty() : tensor<512x512xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<512x512xf32>) outs(%e2 : tensor<512x512xf32>) -> tensor<512x512xf32>
  %e3 = tensor.empty() : tensor<512x512xf16>
  %ph = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<512x512xf32>) outs(%e3 : tensor<512x512xf16>) {
  ^bb0(%a: f32, %b: f16):
    %t = arith.truncf %a : f32 to f16
    linalg.yield %t : f16
  } -> tensor<512x512xf16>
  %e4 = tensor.empty() : tensor<512x512xf16>
  %z16 = arith.constant 0.0 : f16
  %f4 = linalg.fill ins(%z16 : f16) outs(%e4 : tensor<512x512xf16>) -> tensor<512x512xf16>
  %out = linalg.matmul ins(%ph, %v : tensor<512x512xf16>, tensor<512x512xf16>) outs(%f4 : tensor<512x512xf16>) -> tensor<512x512xf16>
  return %out : tensor<512x512xf16>
}


func.func @qkv(%x: tensor<256x64xf16>, %wq: tensor<64x64xf16>, %wk: tensor<64x64xf16>, %wv: tensor<64x64xf16>) -> (tensor<256x64xf16>, tensor<256x64xf16>, tensor<256x64xf16>) {
  %e = tensor.empty() : tensor<256x64xf16>
  %z = arith.constant 0.0 : f16
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<256x64xf16>) -> tensor<256x64xf16>
  %q = linalg.matmul ins(%x, %wq : tensor<256x64xf16>, tensor<64x64xf16>) outs(%f : tensor<256x64xf16>) -> tensor<256x64xf16>
  %k = linalg.matmul ins(%x, %wk : tensor<256x64xf16>, tensor<64x64xf16>) outs(%f : tensor<256x64xf16>) -> tensor<256x64xf16>
  %v = linalg.matmul ins(%x, %wv : tensor<256x64xf16>, tensor<64x64xf16>) outs(%f : tensor<256x64xf16>) -> tensor<256x64xf16>
  return %q, %k, %v : tensor<256x64xf16>, tensor<256x64xf16>, tensor<256x64xf16>
}
func.func @chain(%x: tensor<256x64xf16>, %w1: tensor<64x64xf16>, %w2: tensor<64x64xf16>) -> tensor<256x64xf16> {
  %e = tensor.empty() : tensor<256x64xf16>
  %z = arith.constant 0.0 : f16
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<256x64xf16>) -> tensor<256x64xf16>
  %y = linalg.matmul ins(%x, %w1 : tensor<256x64xf16>, tensor<64x64xf16>) outs(%f : tensor<256x64xf16>) -> tensor<256x64xf16>
  %o = linalg.matmul ins(%y, %w2 : tensor<256x64xf16>, tensor<64x64xf16>) outs(%f : tensor<256x64xf16>) -> tensor<256x64xf16>
  return %o : tensor<256x64xf16>
}
func.func @loop(%x: tensor<256x64xf16>, %wq: tensor<64x64xf16>, %wk: tensor<64x64xf16>) -> (tensor<256x64xf16>, tensor<256x64xf16>) {
  %e = tensor.empty() : tensor<256x64xf16>
  %z = arith.constant 0.0 : f16
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<256x64xf16>) -> tensor<256x64xf16>
  %q = linalg.matmul ins(%x, %wq : tensor<256x64xf16>, tensor<64x64xf16>) outs(%f : tensor<256x64xf16>) -> tensor<256x64xf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %f) -> tensor<256x64xf16> {
    %k = linalg.matmul ins(%x, %wk : tensor<256x64xf16>, tensor<64x64xf16>) outs(%acc : tensor<256x64xf16>) -> tensor<256x64xf16>
    scf.yield %k : tensor<256x64xf16>
  }
  return %q, %r : tensor<256x64xf16>, tensor<256x64xf16>
}

#id4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @inverted_residual(%x: tensor<1x16x8x8xf16>, %w1: tensor<32x16x1x1xf16>, %dw: tensor<32x3x3xf16>, %w2: tensor<16x32x1x1xf16>) -> tensor<1x16x6x6xf16> {
  %zero = arith.constant 0.0 : f16
  %six = arith.constant 6.0 : f16
  %e1 = tensor.empty() : tensor<1x32x8x8xf16>
  %f1 = linalg.fill ins(%zero : f16) outs(%e1 : tensor<1x32x8x8xf16>) -> tensor<1x32x8x8xf16>
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<1x16x8x8xf16>, tensor<32x16x1x1xf16>) outs(%f1 : tensor<1x32x8x8xf16>) -> tensor<1x32x8x8xf16>
  %r1 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1 : tensor<1x32x8x8xf16>) outs(%e1 : tensor<1x32x8x8xf16>) {
  ^bb0(%in: f16, %out: f16):
    %a = arith.maximumf %in, %zero : f16
    %b = arith.minimumf %a, %six : f16
    linalg.yield %b : f16
  } -> tensor<1x32x8x8xf16>
  %e2 = tensor.empty() : tensor<1x32x6x6xf16>
  %f2 = linalg.fill ins(%zero : f16) outs(%e2 : tensor<1x32x6x6xf16>) -> tensor<1x32x6x6xf16>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%r1, %dw : tensor<1x32x8x8xf16>, tensor<32x3x3xf16>) outs(%f2 : tensor<1x32x6x6xf16>) -> tensor<1x32x6x6xf16>
  %r2 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%d : tensor<1x32x6x6xf16>) outs(%e2 : tensor<1x32x6x6xf16>) {
  ^bb0(%in: f16, %out: f16):
    %a = arith.maximumf %in, %zero : f16
    %b = arith.minimumf %a, %six : f16
    linalg.yield %b : f16
  } -> tensor<1x32x6x6xf16>
  %e3 = tensor.empty() : tensor<1x16x6x6xf16>
  %f3 = linalg.fill ins(%zero : f16) outs(%e3 : tensor<1x16x6x6xf16>) -> tensor<1x16x6x6xf16>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%r2, %w2 : tensor<1x32x6x6xf16>, tensor<16x32x1x1xf16>) outs(%f3 : tensor<1x16x6x6xf16>) -> tensor<1x16x6x6xf16>
  return %c2 : tensor<1x16x6x6xf16>
}
