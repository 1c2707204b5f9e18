// Three ops, one per bound, for the report views (see views.mlir for the
// numbers): a compute-bound matmul (28.2 us on H100), a memory-bound add
// (21.7 us) and an overhead-bound add (5 us).
func.func @f(%a: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>, %x: tensor<4194304xf32>, %y: tensor<16xf32>)
    -> (tensor<2048x2048xf32>, tensor<4194304xf32>, tensor<16xf32>) {
  %0 = linalg.matmul ins(%a, %a : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %e = tensor.empty() : tensor<4194304xf32>
  %1 = linalg.add ins(%x, %x : tensor<4194304xf32>, tensor<4194304xf32>) outs(%e : tensor<4194304xf32>) -> tensor<4194304xf32>
  %2 = linalg.add ins(%y, %y : tensor<16xf32>, tensor<16xf32>) outs(%y : tensor<16xf32>) -> tensor<16xf32>
  return %0, %1, %2 : tensor<2048x2048xf32>, tensor<4194304xf32>, tensor<16xf32>
}
