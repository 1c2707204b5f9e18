// Two functions, run one after another: the timeline lays the second's
// slices after the first's (test/zoo/trace.test).
func.func @first(%x: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %e = tensor.empty() : tensor<1048576xf32>
  %0 = linalg.add ins(%x, %x : tensor<1048576xf32>, tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) -> tensor<1048576xf32>
  %1 = linalg.mul ins(%0, %0 : tensor<1048576xf32>, tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) -> tensor<1048576xf32>
  return %1 : tensor<1048576xf32>
}
func.func @second(%a: tensor<512x512xf32>, %c: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<512x512xf32>, tensor<512x512xf32>) outs(%c : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}
