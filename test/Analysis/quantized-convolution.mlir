// int8 on one rule: a quantized convolution (its body subtracts zero points,
// so upstream's convolution inference rejects it) runs on the matrix unit's
// i8 peak as its implicit GEMM, like quantized_matmul, not on the vector
// unit's i32 peak. A depthwise one stays on the vector unit, as its float
// form does (no input channels to reduce over).
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=h100" -o /dev/null | %fields | FileCheck %s

// conv_2d_nchw_fchw_q, 1x64x56x56 image, 64x64x3x3 filter, 54x54 output:
// implicit GEMM M = 1*54*54 = 2916, N = 64, K = 64*3*3 = 576; 107495424
// iterations of 4 int ops (two zero points subtracted, a multiply, an add):
// 429981696. In 64x64 tiles:
// ceil(2916/64) * ceil(64/64) = 46 tiles.
// CHECK: op #0 linalg.conv_2d_nchw_fchw_q:{{.*}} class=convolution;{{.*}} dtype=i8;{{.*}} int_ops=429981696;{{.*}} peak_ops_per_s=1978900000000000; peak_type=i8;{{.*}} tile.m=64; tile.n=64;{{.*}} tile.tiles=46;{{.*}} unit=matrix;
// quantized_matmul 128x256 by 256x128: 4194304 iterations x 4 = 16777216
// int ops, at the same peak.
// CHECK: op #1 linalg.quantized_matmul:{{.*}} dtype=i8;{{.*}} int_ops=16777216;{{.*}} peak_type=i8;{{.*}} unit=matrix;
// Depthwise, 1x56x56x64 image and 3x3x64 filter: the vector unit.
// CHECK: op #2 linalg.depthwise_conv_2d_nhwc_hwc_q:{{.*}} unit=vector;
func.func @q(%a: tensor<1x64x56x56xi8>, %w: tensor<64x64x3x3xi8>, %o: tensor<1x64x54x54xi32>, %x: tensor<128x256xi8>, %y: tensor<256x128xi8>, %z: tensor<128x128xi32>, %d: tensor<1x56x56x64xi8>, %dw: tensor<3x3x64xi8>, %do: tensor<1x54x54x64xi32>) -> (tensor<1x64x54x54xi32>, tensor<128x128xi32>, tensor<1x54x54x64xi32>) {
  %c0 = arith.constant 0 : i32
  %r = linalg.conv_2d_nchw_fchw_q ins(%a, %w, %c0, %c0 : tensor<1x64x56x56xi8>, tensor<64x64x3x3xi8>, i32, i32) outs(%o : tensor<1x64x54x54xi32>) -> tensor<1x64x54x54xi32>
  %m = linalg.quantized_matmul ins(%x, %y, %c0, %c0 : tensor<128x256xi8>, tensor<256x128xi8>, i32, i32) outs(%z : tensor<128x128xi32>) -> tensor<128x128xi32>
  %dd = linalg.depthwise_conv_2d_nhwc_hwc_q ins(%d, %dw, %c0, %c0 : tensor<1x56x56x64xi8>, tensor<3x3x64xi8>, i32, i32) outs(%do : tensor<1x54x54x64xi32>) -> tensor<1x54x54x64xi32>
  return %r, %m, %dd : tensor<1x64x54x54xi32>, tensor<128x128xi32>, tensor<1x54x54x64xi32>
}
