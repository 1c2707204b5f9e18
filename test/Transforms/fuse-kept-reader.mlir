// A fused producer's result that an op between producer and consumer also
// reads (a tensor.expand_shape, as frontends place them): the reader moves
// below the fused kernel, which yields the kept value; the output verifies
// (it used to read the value before its definition, so the LLaMA-2-7B program
// of a public frontend could not be fused). A reader with side effects stays
// and reads the producer's own result.
// RUN: mlsysim-opt %s --split-input-file --allow-unregistered-dialect --mlsysim-fuse -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.mlir
// RUN: mlsysim-opt %t.mlir --allow-unregistered-dialect --split-input-file -o /dev/null

// REMARK: remark: fused group G0 (elementwise-chain, 2 ops, 1 fusions)
// CHECK-LABEL: func.func @reshape_between
// CHECK: %[[F:.*]]:2 = linalg.generic
// CHECK: arith.addf
// CHECK-NEXT: arith.mulf
// CHECK: %[[E:.*]] = tensor.expand_shape %[[F]]#0
// CHECK-NEXT: return %[[F]]#1, %[[E]]
func.func @reshape_between(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<4x16x64xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %0 = linalg.add ins(%x, %y : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [4, 16, 64] : tensor<64x64xf32> into tensor<4x16x64xf32>
  %2 = linalg.mul ins(%0, %y : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %2, %1 : tensor<64x64xf32>, tensor<4x16x64xf32>
}

// -----

// CHECK-LABEL: func.func @effect_between
// CHECK: %[[P:.*]] = linalg.generic
// CHECK: "test.sink"(%[[P]])
// CHECK: linalg.generic
func.func @effect_between(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %0 = linalg.add ins(%x, %y : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  "test.sink"(%0) : (tensor<64x64xf32>) -> ()
  %2 = linalg.mul ins(%0, %y : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %2 : tensor<64x64xf32>
}
