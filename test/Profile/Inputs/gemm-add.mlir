// C = A x B, then C + D: the IR the Nsight fixtures (Inputs/README.md)
// stand for, 1024 x 1024 x 1024 in f32.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @forward(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %d: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %c = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%c, %d : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %z = arith.addf %x, %y : f32
    linalg.yield %z : f32
  } -> tensor<1024x1024xf32>
  return %s : tensor<1024x1024xf32>
}
