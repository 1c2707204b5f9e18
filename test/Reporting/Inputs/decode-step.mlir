// A toy decode step (the one of test/Analysis/serving.mlir): token ids
// index an embedding (mlsysim.param), the step appends one position to its
// KV cache and returns logits over the embedding's 100 rows.
#id = affine_map<(b, t, d) -> (b, t, d)>
func.func @step(%emb: tensor<100x16xf16> {mlsysim.param = "embed"},
                %ids: tensor<?x1xi64> {mlsysim.input = "input_ids"},
                %cache: tensor<?x8x16xf16> {mlsysim.input = "past"}) -> tensor<?x1x100xf16> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %ids, %c0 : tensor<?x1xi64>
  %e = tensor.empty(%b) : tensor<?x1x16xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(b, t, d) -> (b, t)>, #id], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%ids : tensor<?x1xi64>) outs(%e : tensor<?x1x16xf16>) {
  ^bb0(%id: i64, %out: f16):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 2 : index
    %v = tensor.extract %emb[%row, %col] : tensor<100x16xf16>
    linalg.yield %v : f16
  } -> tensor<?x1x16xf16>
  %kv = tensor.concat dim(1) %cache, %h : (tensor<?x8x16xf16>, tensor<?x1x16xf16>) -> tensor<?x9x16xf16>
  %zero = arith.constant 0.0 : f16
  %se = tensor.empty(%b) : tensor<?x1x9xf16>
  %s0 = linalg.fill ins(%zero : f16) outs(%se : tensor<?x1x9xf16>) -> tensor<?x1x9xf16>
  %s = linalg.generic {indexing_maps = [affine_map<(b, t, p, d) -> (b, t, d)>, affine_map<(b, t, p, d) -> (b, p, d)>, affine_map<(b, t, p, d) -> (b, t, p)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
       ins(%h, %kv : tensor<?x1x16xf16>, tensor<?x9x16xf16>) outs(%s0 : tensor<?x1x9xf16>) {
  ^bb0(%x: f16, %y: f16, %acc: f16):
    %m = arith.mulf %x, %y : f16
    %a = arith.addf %acc, %m : f16
    linalg.yield %a : f16
  } -> tensor<?x1x9xf16>
  %oe = tensor.empty(%b) : tensor<?x1x16xf16>
  %o0 = linalg.fill ins(%zero : f16) outs(%oe : tensor<?x1x16xf16>) -> tensor<?x1x16xf16>
  %o = linalg.generic {indexing_maps = [affine_map<(b, t, d, p) -> (b, t, p)>, affine_map<(b, t, d, p) -> (b, p, d)>, affine_map<(b, t, d, p) -> (b, t, d)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
       ins(%s, %kv : tensor<?x1x9xf16>, tensor<?x9x16xf16>) outs(%o0 : tensor<?x1x16xf16>) {
  ^bb0(%x: f16, %y: f16, %acc: f16):
    %m = arith.mulf %x, %y : f16
    %a = arith.addf %acc, %m : f16
    linalg.yield %a : f16
  } -> tensor<?x1x16xf16>
  %le = tensor.empty(%b) : tensor<?x1x100xf16>
  %l0 = linalg.fill ins(%zero : f16) outs(%le : tensor<?x1x100xf16>) -> tensor<?x1x100xf16>
  %logits = linalg.generic {indexing_maps = [affine_map<(b, t, v, d) -> (b, t, d)>, affine_map<(b, t, v, d) -> (v, d)>, affine_map<(b, t, v, d) -> (b, t, v)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
       ins(%o, %emb : tensor<?x1x16xf16>, tensor<100x16xf16>) outs(%l0 : tensor<?x1x100xf16>) {
  ^bb0(%x: f16, %w: f16, %acc: f16):
    %m = arith.mulf %x, %w : f16
    %a = arith.addf %acc, %m : f16
    linalg.yield %a : f16
  } -> tensor<?x1x100xf16>
  return %logits : tensor<?x1x100xf16>
}
