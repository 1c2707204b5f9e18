// Malformed IR gets MLIR's diagnostic with file:line:col and a failing exit,
// never a crash.
// RUN: not mlsysim-opt %s --mlsysim-report -o /dev/null 2>&1 | FileCheck %s

// CHECK: malformed.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error:
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
