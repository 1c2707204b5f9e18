// mlsysim-fuse on inputs that broke it: each ends in IR that verifies, with a
// remark per group saying what was done or why it was left, never in a crash
// or a hang (the timeout: a run takes well under a second).
// RUN: timeout 60 mlsysim-opt %s --split-input-file --mlsysim-fuse="hardware=h100 dynamic-dim=2" --verify-diagnostics -o %t.mlir
// RUN: mlir-opt %t.mlir --split-input-file -o /dev/null

// A matmul whose reduction is empty (K = 0) and its fill: the report prices
// it (it moves only the 4x8 result), but upstream's tiling crashed on the
// zero-sized loop (a SIGSEGV in linalg::computeTileSizes). Left, and said so.
func.func @empty_reduction(%a: tensor<4x0xf32>, %b: tensor<0x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-remark @below {{fusion group G0 (fill-into-consumer) not performed: 'linalg.matmul' has a loop of zero iterations (a dimension of size 0), which upstream's tiling cannot tile}}
  %0 = linalg.matmul ins(%a, %b : tensor<4x0xf32>, tensor<0x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A row reduction over empty rows (4 x 0), tiled by rows: the same crash.
func.func @empty_rows(%a: tensor<4x0xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %x = linalg.exp ins(%a : tensor<4x0xf32>) outs(%a : tensor<4x0xf32>) -> tensor<4x0xf32>
  %r = linalg.reduce ins(%x : tensor<4x0xf32>) outs(%c : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  // expected-remark @below {{fusion group G0 (reduction) not performed: 'linalg.reduce' has a loop of zero iterations (a dimension of size 0), which upstream's tiling cannot tile}}
  %y = linalg.exp ins(%r : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
