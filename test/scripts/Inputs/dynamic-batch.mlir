func.func @forward(%x: tensor<?x1024xf32>, %w: tensor<1024x1024xf32>, %o: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %0 = linalg.matmul ins(%x, %w : tensor<?x1024xf32>, tensor<1024x1024xf32>) outs(%o : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  return %0 : tensor<?x1024xf32>
}
