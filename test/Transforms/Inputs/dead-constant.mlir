// An add beside a constant nothing reads, which canonicalization removes
// (test/Transforms/report-baseline.mlir).
func.func @f(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %unused = arith.constant dense<1.0> : tensor<1024xf32>
  %e = tensor.empty() : tensor<1024xf32>
  %0 = linalg.add ins(%x, %x : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
