// Each fusion kind the planner knows, one function each, on the H100 (where
// a launch costs more than these small ops' traffic, so every legal group
// pays). The ops of a group are listed by report id (program order).

// RUN: mlsysim-opt %s --mlsysim-report="hardware=h100 fusion=1" -o /dev/null 2>&1 | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-fuse=hardware=h100 -o %t.mlir 2>&1 | FileCheck %s --check-prefix=FUSE
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: mlsysim-opt %t.mlir --mlsysim-report="hardware=h100 fusion=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// arith.constant is not an op of interest: #0 tensor.empty, #1 fill,
// #2 matmul. Every group saves one launch (5 µs) and the intermediate's
// write and re-read: 256x256 f32 = 262 KB twice = 524 KB.
func.func @fill_matmul(%a: tensor<256x256xf16>, %b: tensor<256x256xf16>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<256x256xf16>, tensor<256x256xf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %m : tensor<256x256xf32>
}
// CHECK-DAG: fill-into-contraction  524 KB  1  0 {{.*}} #1 linalg.fill, #2 linalg.matmul{{$}}

// #3 matmul, #4 tensor.empty, #5 bias add (generic, broadcast row vector).
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
// CHECK-DAG: epilogue  524 KB  1  0 {{.*}} #3 linalg.matmul, #5 linalg.generic{{$}}

// #6 tensor.pad, #7 conv.
func.func @pad_conv(%x: tensor<1x56x56x64xf16>, %w: tensor<3x3x64x64xf16>, %init: tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<1x56x56x64xf16> to tensor<1x58x58x64xf16>
  %c = linalg.conv_2d_nhwc_hwcf ins(%p, %w : tensor<1x58x58x64xf16>, tensor<3x3x64x64xf16>) outs(%init : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  return %c : tensor<1x56x56x64xf32>
}
// CHECK-DAG: pad-into-convolution {{.*}} #6 tensor.pad, #7 linalg.conv_2d_nhwc_hwcf{{$}}

// Softmax over rows: #8 empty, #9 fill, #10 max-reduce, #11 empty,
// #12 exp(x - max), #13 fill, #14 sum-reduce, #15 divide. The fills that
// initialize the reductions stay apart (no rule fuses a fill into a
// reduction).
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
// CHECK-DAG: reduction-neighbour {{.*}} #10 linalg.generic, #12 linalg.generic, #14 linalg.generic, #15 linalg.generic{{$}}

// #16 empty, #17 transpose, #18 add.
func.func @transpose_add(%x: tensor<512x256xf32>, %y: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %e = tensor.empty() : tensor<256x512xf32>
  %t = linalg.transpose ins(%x : tensor<512x256xf32>) outs(%e : tensor<256x512xf32>) permutation = [1, 0]
  %s = linalg.add ins(%t, %y : tensor<256x512xf32>, tensor<256x512xf32>) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
  return %s : tensor<256x512xf32>
}
// CHECK-DAG: layout-into-consumer  1.05 MB  1  0 {{.*}} #17 linalg.transpose, #18 linalg.add{{$}}

// Through a reshape a frontend put between two elementwise ops: #19 empty,
// #20 add, #21 collapse_shape, #22 empty, #23 exp.
func.func @through_reshape(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> tensor<4096xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %s = linalg.add ins(%x, %y : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %f = tensor.collapse_shape %s [[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
  %e1 = tensor.empty() : tensor<4096xf32>
  %r = linalg.exp ins(%f : tensor<4096xf32>) outs(%e1 : tensor<4096xf32>) -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}
// CHECK-DAG: elementwise-chain {{.*}} #20 linalg.add, #21 tensor.collapse_shape, #23 linalg.exp{{$}}

// mlsysim-fuse performs what upstream linalg fuses on tensors and says why
// it leaves the rest.
// FUSE-DAG: remark: fused group G{{[0-9]+}} (fill-into-contraction, 2 ops, tiled): predicted 10.3 µs -> 5.17 µs
// FUSE-DAG: remark: fused group G{{[0-9]+}} (epilogue, 2 ops, tiled): predicted 10.8 µs -> 5.67 µs
// FUSE-DAG: remark: fusion group G{{[0-9]+}} (pad-into-convolution) not performed: fusing tensor.pad into its consumer needs its tiles padded
// FUSE-DAG: remark: fusion group G{{[0-9]+}} (reduction-neighbour) not performed: a reduction fused into its consumer needs a tiled reduction
// FUSE-DAG: remark: fused group G{{[0-9]+}} (layout-into-consumer, 2 ops, 1 fusions)
// FUSE-DAG: remark: fusion group G{{[0-9]+}} (elementwise-chain) not performed: fusing across tensor.collapse_shape needs the reshape propagated out of the way first

// The report on the output realizes the predictions of the performed groups.
// AFTER: @fill_matmul: 5.17 µs as is
// AFTER: @epilogue: 5.67 µs as is
// AFTER: @transpose_add: 5.52 µs as is

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
