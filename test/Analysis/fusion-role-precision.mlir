// A fused group's traffic sizes each value at its own role's precision
// (precision=weights:int4): a weight and an activation of one tensor type are
// read at 4 and 32 bits. The planner once sized values by type, so the first
// value of a type priced every other one (here the weight, read first, made
// the activation 2,048 B too).
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=h100 precision=weights:int4" -o /dev/null | FileCheck %s

// One elementwise chain (add, then exp), one kernel: it reads the weight
// %w, 64 x 64 x 4 bits = 2,048 B, and the activation %x, 64 x 64 x 4 B =
// 16,384 B: 18,432 B; it writes the exp's result, 16,384 B (the add's stays
// in the kernel).
// CHECK-LABEL: "kernels": [
// CHECK: "bytes_read": 18432,
// CHECK-NEXT: "bytes_written": 16384,
// CHECK: "ops": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 2
func.func @f(%x: tensor<64x64xf32>, %w: tensor<64x64xf32> {mlsysim.param}) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %0 = linalg.add ins(%w, %x : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = linalg.exp ins(%0 : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %1 : tensor<64x64xf32>
}
