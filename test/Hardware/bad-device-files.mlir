// A bad device file is rejected with file:line:col naming the field.
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-negative-rate.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-missing-bandwidth.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-element-type.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-source.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=SOURCE
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-efficiency.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=EFF
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-bare-number.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// A crash libFuzzer found (a root alias node) is now a located error.
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/fuzz-unknown-alias.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUZZ

// NEG: bad-negative-rate.yaml:13:18: error: peaks.vector.f32: value must be positive
// MISSING: bad-missing-bandwidth.yaml:16:3: error: missing required key 'bandwidth_bytes_per_s'
// TYPE: bad-element-type.yaml:11:5: error: peaks.matrix: unknown element type 'bf17'
// SOURCE: bad-source.yaml:13:33: error: peaks.vector.f32: source 'datasheet' names no entry of 'sources'
// EFF: bad-efficiency.yaml:20:20: error: efficiency.compute: an efficiency is a fraction in (0, 1]
// BARE: bad-bare-number.yaml:16:19: error: not a mapping
// FUZZ: fuzz-unknown-alias.yaml:1:4: error: unknown node kind
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
