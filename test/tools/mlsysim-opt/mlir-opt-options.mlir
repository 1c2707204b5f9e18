// mlsysim-opt behaves like mlir-opt: --split-input-file, -o, pipelines with
// upstream passes, --verify-diagnostics.
// RUN: mlsysim-opt %s --split-input-file -o %t.out
// RUN: FileCheck %s --check-prefix=SPLIT < %t.out
// RUN: mlsysim-opt %s --split-input-file --pass-pipeline="builtin.module(canonicalize,mlsysim-report{format=csv output=-})" -o /dev/null | FileCheck %s --check-prefix=PIPE

// SPLIT: func.func @first
// SPLIT: // -----
// SPLIT: func.func @second
// PIPE: 0,linalg.add,first,
// PIPE: 0,linalg.add,second,
func.func @first(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @second(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
