// Peak live bytes: arguments plus the intermediates alive at the worst point.
// Views and destination-style results share the buffer they read or write.
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=-" -o /dev/null 2>&1 | FileCheck %s
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml" -o /dev/null --verify-diagnostics 2>/dev/null

// Arguments: W 1024*1024*4 = 4194304, x 8*1024*4 = 32768 -> 4227072.
// #0 empty (32768, live until the generic reads the matmul's result at #4);
// #1 fill and #2 matmul write into it; #3 empty (32768, returned through
// the collapse view); at #3 and #4 both are live: 65536. Peak 4292608.
// No tags: W is inferred a weight (the matmul's stationary operand, 1024
// rows of its own against x's 8), 1024*1024 = 1048576 parameters.
// CHECK-LABEL: "functions": [
// CHECK: "memory": {
// CHECK-NEXT: "argument_bytes": 4227072,
// CHECK-NEXT: "capacity_bytes": 80000000000,
// CHECK-NEXT: "fits": true,
// CHECK-NEXT: "parameters": 1048576,
// CHECK-NEXT: "peak_bytes": 4292608,
// CHECK-NEXT: "peak_intermediate_bytes": 65536,
// CHECK-NEXT: "peak_op": 3,
func.func @mlp(%w: tensor<1024x1024xf32>, %x: tensor<8x1024xf32>) -> tensor<8192xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<8x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<8x1024xf32>) -> tensor<8x1024xf32>
  %e1 = tensor.empty() : tensor<8x1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
       ins(%mm : tensor<8x1024xf32>) outs(%e1 : tensor<8x1024xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<8x1024xf32>
  %c = tensor.collapse_shape %r [[0, 1]] : tensor<8x1024xf32> into tensor<8192xf32>
  return %c : tensor<8192xf32>
}

// -----

// 3e9 f32 = 12 GB of arguments on the toy NPU's 8 GB: does not fit.
// expected-warning @below {{does not fit: @huge needs 12 GB at its peak (arguments and live intermediates); Toy NPU has 8 GB}}
func.func @huge(%x: tensor<3000000000xf32>) -> tensor<3000000000xf32> {
  %0 = linalg.add ins(%x, %x : tensor<3000000000xf32>, tensor<3000000000xf32>) outs(%x : tensor<3000000000xf32>) -> tensor<3000000000xf32>
  return %0 : tensor<3000000000xf32>
}
