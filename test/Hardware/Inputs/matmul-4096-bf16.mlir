// A bf16 matmul 4096^3, large enough to be compute-bound on a datacenter
// GPU (test/Hardware/custom-device.mlir).
func.func @mm(%a: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
  %0 = linalg.matmul ins(%a, %a : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%a : tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
  return %0 : tensor<4096x4096xbf16>
}
