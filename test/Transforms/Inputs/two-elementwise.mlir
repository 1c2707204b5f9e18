// Two elementwise ops that upstream elementwise fusion merges (test/Transforms/report-baseline.mlir).
#id = affine_map<(i) -> (i)>
func.func @f(%x: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %e = tensor.empty() : tensor<1048576xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) {
  ^bb0(%i: f32, %o: f32):
    %m = arith.mulf %i, %i : f32
    linalg.yield %m : f32
  } -> tensor<1048576xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) {
  ^bb0(%i: f32, %o: f32):
    %m = arith.addf %i, %i : f32
    linalg.yield %m : f32
  } -> tensor<1048576xf32>
  return %b : tensor<1048576xf32>
}
