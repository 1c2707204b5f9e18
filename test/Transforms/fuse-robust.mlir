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

// -----

// An embedding gather (tensor.extract in its body), a row reduction whose
// result is collapsed (1x4x1 -> 1x4) and an elementwise op reading both: the
// pattern that made upstream's reshape propagation rewrite without end. Its
// rewriting is now bounded (a group whose propagation does not settle is
// left, with a remark); this one settles, and the gather fuses into the add.
func.func @gather_collapsed_reduction(%emb: tensor<10x4xf32>, %ids: tensor<1x4xi64>, %x: tensor<1x4x8xf32>) -> tensor<1x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<1x4xi64>) outs(%e : tensor<1x4xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %emb[%row, %col] : tensor<10x4xf32>
    linalg.yield %v : f32
  } -> tensor<1x4xf32>
  %e3 = tensor.empty() : tensor<1x4x1xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<1x4x8xf32>) outs(%f3 : tensor<1x4x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1x4x1xf32>
  %c = tensor.collapse_shape %r [[0], [1, 2]] : tensor<1x4x1xf32> into tensor<1x4xf32>
  // expected-remark @below {{fused group G0 (reduction, 4 ops, 1 fusions)}}
  %y = linalg.add ins(%g, %c : tensor<1x4xf32>, tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
  return %y : tensor<1x4xf32>
}

// -----

// The same with a dynamic batch and an exp after the add: the propagation
// sizes the add's destination by a tensor.dim of the gather's result, which
// fusing the add into the exp kept. That size was sunk below the fused op
// that reads it (invalid IR: "operand #3 does not dominate this use"); it is
// now read off the producer's destination.
func.func @dynamic_kept_size(%emb: tensor<10x4xf32>, %ids: tensor<?x4xi64>, %x: tensor<?x4x8xf32>) -> tensor<?x4xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %b = tensor.dim %ids, %c0 : tensor<?x4xi64>
  %e = tensor.empty(%b) : tensor<?x4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<?x4xi64>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 0 : index
    %v = tensor.extract %emb[%row, %col] : tensor<10x4xf32>
    linalg.yield %v : f32
  } -> tensor<?x4xf32>
  %e3 = tensor.empty(%b) : tensor<?x4x1xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<?x4x1xf32>) -> tensor<?x4x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<?x4x8xf32>) outs(%f3 : tensor<?x4x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?x4x1xf32>
  %c = tensor.collapse_shape %r [[0], [1, 2]] : tensor<?x4x1xf32> into tensor<?x4xf32>
  %y = linalg.add ins(%g, %c : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  // expected-remark @below {{fused group G0 (reduction, 5 ops, 2 fusions)}}
  %z = linalg.exp ins(%y : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %z : tensor<?x4xf32>
}
