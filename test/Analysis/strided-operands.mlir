// A library contraction reads its operands through their strides
// (FusionPlanner's classifyEdge): a transposed or sliced operand is a
// transpose flag or a leading dimension to cuBLAS, and cuDNN takes a
// convolution's gradients as they lie. So on a device whose library tiles
// contractions, a transpose, copy or slice feeding a convolution's image is
// read in place, in the convolution's kernel, though the convolution reads
// it through a window. (A matmul's operands and a convolution's filter were
// read in place already: their maps read elementwise.) This is how the
// exporters' weight-gradient convolutions run in cuDNN: the activations and
// the output gradient transposed to C x N x H x W and F x N x P x Q, then a
// convolution. A broadcast is not read in place (no library reads an
// operand with a zero stride but the batch), and mlsysim-fuse, which only
// tiles and fuses the ops it is given, keeps the transpose its own kernel.
//
// Toy GPU (test/Hardware/Inputs/toy-gpu.yaml): vector f16 20e12 FLOP/s,
// convolutions at efficiency 0.25, 1e12 B/s at 0.5, 64x64 tiles on 4 cores,
// launch 1 us compiled and 4 us eager. weights=none: no argument is a weight
// (a transposed weight would be folded as weight-only work instead).
//
// @wgrad: X (4x8x16x16 f16, 16384 B) and DY (4x16x16x16 f16, 32768 B)
// transposed, then a convolution to 8x16x1x1 (256 B): 2*8*16*4*16*16 =
// 262144 FLOPs, as a vector kernel (one 64x64 tile would use 8x16 of it):
// 262144 / (20e12 * 0.25) = 52.4288 ns.
//   read in place: one kernel reads X and DY and writes the result (the
//   fill made in place), 49408 B / 0.5e12 = 98.816 ns over the compute,
//   + 1 us launch: 1.098816 us;
//   as it was, three kernels: the transposes move 32768 B (65.536 ns) and
//   65536 B (131.072 ns), each + 1 us, and the convolution 1.098816 us:
//   3.295424 us.
// Eager, the ops of one framework op (their locations name
// aten.convolution_backward.default#0) run as its library kernel: 98.816 ns
// + 4 us = 4.098816 us (as it was: three kernels).
// @bcast: the convolution's image a broadcast of a 4x16x16 tensor: two
// kernels. (A filter, or a matmul's operand, is read elementwise, so any
// layout op feeding it was read in place already.)

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml weights=none format=json output=-" -o /dev/null | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml weights=none execution=eager" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EAGER
// RUN: mlsysim-opt %s --mlsysim-fuse="hardware=%S/../Hardware/Inputs/toy-gpu.yaml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSE

// CHECK:      "name": "wgrad"
// CHECK:      "bytes_read": 49152,
// CHECK-NEXT: "bytes_written": 256,
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 1,
// CHECK-NEXT:     "latency_s": 1.098816e-06
// CHECK-NEXT:   },
// CHECK-NEXT:   "eager": {
// CHECK-NEXT:     "kernels": 1,
// CHECK-NEXT:     "latency_s": 4.098816e-06
// CHECK:      "name": "bcast"
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 2,

// EAGER: @wgrad: predicted 4.10 µs, eager (1 kernel)

// FUSE: loc("aten.convolution_backward.default#0"): fused group G0 (fill-into-consumer, 2 ops, tiled)
// FUSE-NOT: epilogue

func.func @wgrad(%x: tensor<4x8x16x16xf16>, %dy: tensor<4x16x16x16xf16>) -> tensor<8x16x1x1xf16> {
  %ex = tensor.empty() : tensor<8x4x16x16xf16>
  %xt = linalg.transpose ins(%x : tensor<4x8x16x16xf16>) outs(%ex : tensor<8x4x16x16xf16>) permutation = [1, 0, 2, 3] loc("aten.convolution_backward.default#0")
  %ed = tensor.empty() : tensor<16x4x16x16xf16>
  %dyt = linalg.transpose ins(%dy : tensor<4x16x16x16xf16>) outs(%ed : tensor<16x4x16x16xf16>) permutation = [1, 0, 2, 3] loc("aten.convolution_backward.default#0")
  %z = arith.constant 0.0 : f16
  %o = tensor.empty() : tensor<8x16x1x1xf16>
  %f = linalg.fill ins(%z : f16) outs(%o : tensor<8x16x1x1xf16>) -> tensor<8x16x1x1xf16> loc("aten.convolution_backward.default#0")
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xt, %dyt : tensor<8x4x16x16xf16>, tensor<16x4x16x16xf16>) outs(%f : tensor<8x16x1x1xf16>) -> tensor<8x16x1x1xf16> loc("aten.convolution_backward.default#0")
  return %r : tensor<8x16x1x1xf16>
}

func.func @bcast(%row: tensor<4x16x16xf16>, %w: tensor<16x4x16x16xf16>) -> tensor<8x16x1x1xf16> {
  %e = tensor.empty() : tensor<8x4x16x16xf16>
  %x = linalg.broadcast ins(%row : tensor<4x16x16xf16>) outs(%e : tensor<8x4x16x16xf16>) dimensions = [0]
  %z = arith.constant 0.0 : f16
  %o = tensor.empty() : tensor<8x16x1x1xf16>
  %f = linalg.fill ins(%z : f16) outs(%o : tensor<8x16x1x1xf16>) -> tensor<8x16x1x1xf16>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<8x4x16x16xf16>, tensor<16x4x16x16xf16>) outs(%f : tensor<8x16x1x1xf16>) -> tensor<8x16x1x1xf16>
  return %r : tensor<8x16x1x1xf16>
}
