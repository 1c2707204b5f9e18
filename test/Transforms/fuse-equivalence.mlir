// mlsysim-fuse keeps what a program computes. Each function below is a kernel the
// compiled plan forms and mlsysim-fuse performs by tiling (torch-mlir's ways of
// writing softmax and layernorm, with the reduced dimension kept; a head split
// through tensor.reshape; pads read by a convolution and a max pool; an intermediate
// read again after its kernel). %same-results runs every function before and after on
// the same inputs with upstream MLIR alone (bufferized, lowered to loops, mlir-runner)
// and compares each result: the tiles keep each reduction's order, so the results are
// identical. The report on the output then prices each group as the one kernel planned.

// The fusion pass prices with `realism=launch`: the flat roofline plus each
// kernel's launch (no tiles, waves, levels or latencies), so the remarks'
// times stay those of the groups' traffic and launches; the tiling of these
// tiny contractions is tested in test/Analysis/tiling*.mlir.
// RUN: mlsysim-opt %s --mlsysim-fuse="hardware=h100 realism=launch" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=FUSE
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: %same-results %s %t.mlir | FileCheck %s --check-prefix=SAME
// RUN: mlsysim-opt %t.mlir --mlsysim-report="hardware=h100 format=json output=-" -o /dev/null | %fields --section kernels | FileCheck %s --check-prefix=AFTER

// FUSE-DAG: remark: fused group G{{[0-9]+}} (reduction, 7 ops, tiled by rows): predicted 7.74 µs -> 1.11 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (reduction, 7 ops, tiled by rows): predicted 7.72 µs -> 1.11 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (epilogue, 4 ops, tiled): predicted 4.42 µs -> 1.11 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (epilogue, 4 ops, tiled): predicted 4.44 µs -> 1.11 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (reduction, 3 ops, tiled by rows): predicted 3.31 µs -> 1.10 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (epilogue, 4 ops, tiled): predicted 4.43 µs -> 1.12 µs
// FUSE-NOT: not performed
// FUSE-NOT: in part

// SAME: ok attention_heads#0 diff=0
// SAME-NEXT: ok layernorm_keepdim#0 diff=0
// SAME-NEXT: ok pad_conv_bn_relu#0 diff=0
// SAME-NEXT: ok pad_maxpool#0 diff=0
// SAME-NEXT: ok residual_read_after#0 diff=0
// SAME-NEXT: ok residual_read_after#1 diff=0
// SAME-NEXT: ok softmax_keepdim#0 diff=0

// One kernel per group, its traffic by hand:
//   softmax: x read once, y written once: 2*4*16*32*4 = 16384 B each;
//   layernorm: x (2*16*64*4 = 8192 B) and gamma, beta (256 B each): 8704 B read;
//   heads: x (16*64*4 = 4096), w (64*64*4 = 16384) and the bias (256): 20736 B
//     read, 4096 B written;
//   pad + conv + scale/shift/ReLU: x (8*16*16*4 = 8192), w (16*8*3*3*4 = 4608),
//     scale and shift (64 each): 12928 B read, 16*16*16*4 = 16384 B written;
//   pad + max pool: x read (8192 B), 8*8*8*4 = 2048 B written;
//   the residual kernel: x, w, r (8192 + 16384 + 8192) read, the tanh and the
//     yielded sum written (2 * 8192 B); the next matmul reads the sum and w.
// AFTER: bytes_read=16384; bytes_written=16384;{{.*}} func=softmax_keepdim;
// AFTER-NEXT: bytes_read=8704; bytes_written=8192;{{.*}} func=layernorm_keepdim;
// AFTER-NEXT: bytes_read=20736; bytes_written=4096;{{.*}} func=attention_heads;
// AFTER-NEXT: bytes_read=12928; bytes_written=16384;{{.*}} func=pad_conv_bn_relu;
// AFTER-NEXT: bytes_read=8192; bytes_written=2048;{{.*}} func=pad_maxpool;
// AFTER-NEXT: bytes_read=32768; bytes_written=16384;{{.*}} func=residual_read_after;
// AFTER-NEXT: bytes_read=24576; bytes_written=8192;{{.*}} func=residual_read_after;
// AFTER-NOT: kernel #

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#keep4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#keep3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#vec3 = affine_map<(d0, d1, d2) -> (d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col2 = affine_map<(d0, d1) -> (d1)>
#nchw = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d1)>

// Attention softmax as torch-mlir writes it: the max and the sum keep the
// reduced dimension (written through (d0, d1, d2, 0)).
func.func @softmax_keepdim(%x: tensor<2x4x16x32xf32>) -> tensor<2x4x16x32xf32> {
  %ninf = arith.constant -3.4e38 : f32
  %zero = arith.constant 0.0 : f32
  %ek = tensor.empty() : tensor<2x4x16x1xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%ek : tensor<2x4x16x1xf32>) -> tensor<2x4x16x1xf32>
  %mx = linalg.generic {indexing_maps = [#id4, #keep4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x4x16x32xf32>) outs(%mi : tensor<2x4x16x1xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x4x16x1xf32>
  %e = tensor.empty() : tensor<2x4x16x32xf32>
  %sub = linalg.generic {indexing_maps = [#id4, #keep4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %mx : tensor<2x4x16x32xf32>, tensor<2x4x16x1xf32>) outs(%e : tensor<2x4x16x32xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<2x4x16x32xf32>
  %ex = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sub : tensor<2x4x16x32xf32>) outs(%e : tensor<2x4x16x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<2x4x16x32xf32>
  %si = linalg.fill ins(%zero : f32) outs(%ek : tensor<2x4x16x1xf32>) -> tensor<2x4x16x1xf32>
  %sum = linalg.generic {indexing_maps = [#id4, #keep4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%ex : tensor<2x4x16x32xf32>) outs(%si : tensor<2x4x16x1xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<2x4x16x1xf32>
  %y = linalg.generic {indexing_maps = [#id4, #keep4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%ex, %sum : tensor<2x4x16x32xf32>, tensor<2x4x16x1xf32>) outs(%e : tensor<2x4x16x32xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<2x4x16x32xf32>
  return %y : tensor<2x4x16x32xf32>
}

// LayerNorm as torch-mlir writes it: mean and variance with keepdim.
func.func @layernorm_keepdim(%x: tensor<2x16x64xf32>, %g: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 64.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %ek = tensor.empty() : tensor<2x16x1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%ek : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
  %s = linalg.generic {indexing_maps = [#id3, #keep3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x16x64xf32>) outs(%z : tensor<2x16x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x16x1xf32>
  %mean = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x16x1xf32>) outs(%ek : tensor<2x16x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.divf %a, %n : f32
    linalg.yield %r : f32
  } -> tensor<2x16x1xf32>
  %e = tensor.empty() : tensor<2x16x64xf32>
  %d = linalg.generic {indexing_maps = [#id3, #keep3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %mean : tensor<2x16x64xf32>, tensor<2x16x1xf32>) outs(%e : tensor<2x16x64xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %r = arith.subf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<2x16x64xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%ek : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
  %v = linalg.generic {indexing_maps = [#id3, #keep3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%d : tensor<2x16x64xf32>) outs(%z2 : tensor<2x16x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %r = arith.addf %sq, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x16x1xf32>
  %y = linalg.generic {indexing_maps = [#id3, #keep3, #vec3, #vec3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%d, %v, %g, %b : tensor<2x16x64xf32>, tensor<2x16x1xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<2x16x64xf32>) {
  ^bb0(%a: f32, %var: f32, %gg: f32, %bb: f32, %o: f32):
    %vn = arith.divf %var, %n : f32
    %ve = arith.addf %vn, %eps : f32
    %rs = math.rsqrt %ve : f32
    %m = arith.mulf %a, %rs : f32
    %s2 = arith.mulf %m, %gg : f32
    %t = arith.addf %s2, %bb : f32
    linalg.yield %t : f32
  } -> tensor<2x16x64xf32>
  return %y : tensor<2x16x64xf32>
}

// A projection split into heads: matmul + bias, the split through the
// tensor.reshape frontends emit, the heads transposed.
func.func @attention_heads(%x: tensor<1x16x64xf32>, %w: tensor<64x64xf32>, %bias: tensor<64xf32>) -> tensor<1x4x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x16x64xf32> into tensor<16x64xf32>
  %e = tensor.empty() : tensor<16x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %m = linalg.matmul ins(%flat, %w : tensor<16x64xf32>, tensor<64x64xf32>) outs(%f : tensor<16x64xf32>) -> tensor<16x64xf32>
  %a = linalg.generic {indexing_maps = [#id2, #col2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<16x64xf32>, tensor<64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %r = arith.addf %p, %q : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %ex = tensor.expand_shape %a [[0, 1], [2]] output_shape [1, 16, 64] : tensor<16x64xf32> into tensor<1x16x64xf32>
  %c1 = arith.constant 1 : i64
  %c16 = arith.constant 16 : i64
  %c4 = arith.constant 4 : i64
  %shape = tensor.from_elements %c1, %c16, %c4, %c16 : tensor<4xi64>
  %heads = tensor.reshape %ex(%shape) : (tensor<1x16x64xf32>, tensor<4xi64>) -> tensor<1x16x4x16xf32>
  %et = tensor.empty() : tensor<1x4x16x16xf32>
  %t = linalg.transpose ins(%heads : tensor<1x16x4x16xf32>) outs(%et : tensor<1x4x16x16xf32>) permutation = [0, 2, 1, 3]
  return %t : tensor<1x4x16x16xf32>
}

// A padded NCHW convolution with a per-channel scale and shift and a ReLU.
func.func @pad_conv_bn_relu(%x: tensor<1x8x16x16xf32>, %w: tensor<16x8x3x3xf32>, %scale: tensor<16xf32>, %shift: tensor<16xf32>) -> tensor<1x16x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x16x16xf32> to tensor<1x8x18x18xf32>
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%p, %w : tensor<1x8x18x18xf32>, tensor<16x8x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %y = linalg.generic {indexing_maps = [#nchw, #chan, #chan, #nchw], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %scale, %shift : tensor<1x16x16x16xf32>, tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<1x16x16x16xf32>) {
  ^bb0(%v: f32, %s: f32, %t: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    %a = arith.addf %m, %t : f32
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x16x16x16xf32>
  return %y : tensor<1x16x16x16xf32>
}

// A max pool reading a pad (-inf borders).
func.func @pad_maxpool(%x: tensor<1x8x16x16xf32>) -> tensor<1x8x8x8xf32> {
  %ninf = arith.constant -3.4e38 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %ninf : f32
  } : tensor<1x8x16x16xf32> to tensor<1x8x18x18xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %y = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%p, %win : tensor<1x8x18x18xf32>, tensor<3x3xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %y : tensor<1x8x8x8xf32>
}

// A residual stream: the sum feeds the kernel's tanh and, after the kernel,
// the next layer's matmul (the loops yield it).
func.func @residual_read_after(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %r: tensor<32x64xf32>) -> (tensor<32x64xf32>, tensor<32x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %m = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%m, %r : tensor<32x64xf32>, tensor<32x64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %a = arith.addf %p, %q : f32
    linalg.yield %a : f32
  } -> tensor<32x64xf32>
  %g = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<32x64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%p: f32, %o: f32):
    %t = math.tanh %p : f32
    linalg.yield %t : f32
  } -> tensor<32x64xf32>
  %e2 = tensor.empty() : tensor<32x64xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<32x64xf32>) -> tensor<32x64xf32>
  %next = linalg.matmul ins(%s, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f2 : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %g, %next : tensor<32x64xf32>, tensor<32x64xf32>
}
