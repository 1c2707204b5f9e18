// A training step's tags name known phases and roles, one function per
// phase: otherwise an error at the function.
// RUN: not mlsysim-opt %s --split-input-file --mlsysim-report="hardware=h100" -o /dev/null 2>&1 | FileCheck %s

// CHECK: error: 'mlsysim.phase' must be one of forward, backward, optimizer; got "warmup"
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> attributes {mlsysim.phase = "warmup"} {
  return %x : tensor<4xf32>
}

// -----

// CHECK: error: 'mlsysim.role' on argument #0 must be one of weight, input, activation, gradient, optimizer_state; got "bias"
func.func @f(%x: tensor<4xf32> {mlsysim.role = "bias"}) -> tensor<4xf32> attributes {mlsysim.phase = "forward"} {
  return %x : tensor<4xf32>
}

// -----

// CHECK: error: a second function of the training step's forward phase (the first is @f)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> attributes {mlsysim.phase = "forward"} {
  return %x : tensor<4xf32>
}
func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> attributes {mlsysim.phase = "forward"} {
  return %x : tensor<4xf32>
}
