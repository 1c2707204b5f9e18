// Where the report goes: a full disk is a located error and a failing exit
// (it used to end in "LLVM ERROR"), and with --split-input-file each chunk's
// report follows the previous one in the output file (they used to overwrite
// each other, leaving only the last chunk's).
// RUN: not mlsysim-opt %s --mlsysim-report="output=/dev/full" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not mlsysim-opt %s --mlsysim-report="format=json output=/dev/full" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: error: cannot write the report to '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR

// RUN: rm -f %t.json
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=a100 format=json output=%t.json" -o /dev/null
// RUN: %fields < %t.json | FileCheck %s --check-prefix=SPLIT
// A second run of the tool starts the file anew.
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=a100 format=json output=%t.json" -o /dev/null
// RUN: %fields < %t.json | FileCheck %s --check-prefix=SPLIT
// SPLIT: report: hardware=nvidia-a100-sxm4-80gb;
// SPLIT-NEXT: op #0 linalg.add:{{.*}} func=first;
// SPLIT-NEXT: report: hardware=nvidia-a100-sxm4-80gb;
// SPLIT-NEXT: op #0 linalg.mul:{{.*}} func=second;
// SPLIT-NOT: report:

func.func @first(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @second(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.mul ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
