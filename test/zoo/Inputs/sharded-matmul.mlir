// A row-parallel matmul (A split by columns, B by rows) on a grid of 4: each
// device multiplies its 1024x256 by 256x1024 slices and the partial sums
// are all-reduced (test/zoo/scaling.test).
shard.grid @g(shape = 4)
func.func @mm(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>) -> tensor<1024x1024xf16> {
  %as = shard.sharding @g split_axes = [[], [0]] : !shard.sharding
  %a1 = shard.shard %a to %as : tensor<1024x1024xf16>
  %bs = shard.sharding @g split_axes = [[0], []] : !shard.sharding
  %b1 = shard.shard %b to %bs : tensor<1024x1024xf16>
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<1024x1024xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<1024x1024xf16>) -> tensor<1024x1024xf16>
  %c = linalg.matmul ins(%a1, %b1 : tensor<1024x1024xf16>, tensor<1024x1024xf16>) outs(%f : tensor<1024x1024xf16>) -> tensor<1024x1024xf16>
  %rs = shard.sharding @g split_axes = [[], []] : !shard.sharding
  %c1 = shard.shard %c to %rs : tensor<1024x1024xf16>
  return %c1 : tensor<1024x1024xf16>
}
