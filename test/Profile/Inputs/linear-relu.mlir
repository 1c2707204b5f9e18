// A Linear(64, 128) then a ReLU, as torch-mlir lowers them: the fill, the
// matmul and the bias add of aten::linear, then the relu.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @forward(%x: tensor<4x64xf32>, %w: tensor<64x128xf32>, %b: tensor<128xf32>) -> tensor<4x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x128xf32>) -> tensor<4x128xf32>
  %m = linalg.matmul ins(%x, %w : tensor<4x64xf32>, tensor<64x128xf32>) outs(%f : tensor<4x128xf32>) -> tensor<4x128xf32>
  %a = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<4x128xf32>, tensor<128xf32>) outs(%e : tensor<4x128xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<4x128xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x128xf32>) outs(%e : tensor<4x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %z = arith.maximumf %in, %zero : f32
    linalg.yield %z : f32
  } -> tensor<4x128xf32>
  return %r : tensor<4x128xf32>
}
