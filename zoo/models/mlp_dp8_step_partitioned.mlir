// Produced by: python3 zoo/models/shard_dp.py --dp 8 --batch 64 | /usr/lib/llvm-22/bin/mlir-opt --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition,canonicalize,cse))'
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1, d2) -> (d2, d0)>
#map6 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map7 = affine_map<(d0, d1) -> (d1, d0)>
#map8 = affine_map<(d0, d1) -> (d0)>
#map9 = affine_map<(d0) -> (d0)>
module {
  shard.grid @dp(shape = 8)
  func.func @forward(%arg0: tensor<4096x1024xf32> {mlsysim.param = "fc1.weight"}, %arg1: tensor<4096xf32> {mlsysim.param = "fc1.bias"}, %arg2: tensor<1024x4096xf32> {mlsysim.param = "fc2.weight"}, %arg3: tensor<1024xf32> {mlsysim.param = "fc2.bias"}, %arg4: tensor<8x1024xf32> {mlsysim.input = "x"}, %arg5: tensor<8x1024xf32> {mlsysim.input = "target"}) -> (tensor<4096x1024xf32>, tensor<4096xf32>, tensor<1024x4096xf32>, tensor<1024xf32>) {
    %cst = arith.constant 0.00999999977 : f32
    %c0 = arith.constant 0 : index
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x4096xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<8x4096xf32>) -> tensor<8x4096xf32>
    %2 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg4, %arg0 : tensor<8x1024xf32>, tensor<4096x1024xf32>) outs(%1 : tensor<8x4096xf32>) -> tensor<8x4096xf32>
    %3 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%2, %arg1 : tensor<8x4096xf32>, tensor<4096xf32>) outs(%0 : tensor<8x4096xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.addf %in, %in_4 : f32
      linalg.yield %32 : f32
    } -> tensor<8x4096xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<8x4096xf32>) outs(%0 : tensor<8x4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.maximumf %in, %cst_0 : f32
      linalg.yield %32 : f32
    } -> tensor<8x4096xf32>
    %5 = tensor.empty() : tensor<8x1024xf32>
    %6 = linalg.fill ins(%cst_0 : f32) outs(%5 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
    %7 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%4, %arg2 : tensor<8x4096xf32>, tensor<1024x4096xf32>) outs(%6 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
    %8 = linalg.generic {indexing_maps = [#map3, #map4, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%7, %arg3, %arg5 : tensor<8x1024xf32>, tensor<1024xf32>, tensor<8x1024xf32>) outs(%5 : tensor<8x1024xf32>) {
    ^bb0(%in: f32, %in_4: f32, %in_5: f32, %out: f32):
      %32 = arith.addf %in, %in_4 : f32
      %33 = arith.subf %32, %in_5 : f32
      linalg.yield %33 : f32
    } -> tensor<8x1024xf32>
    %9 = tensor.empty() : tensor<1024x4096xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    %proc_linear_idx = shard.process_multi_index on @dp axes = [0] : index
    %11 = arith.cmpi eq, %proc_linear_idx, %c0 : index
    %12 = scf.if %11 -> (tensor<1024x4096xf32>) {
      scf.yield %10 : tensor<1024x4096xf32>
    } else {
      scf.yield %10 : tensor<1024x4096xf32>
    }
    %13 = linalg.matmul indexing_maps = [#map5, #map6, #map2] ins(%8, %4 : tensor<8x1024xf32>, tensor<8x4096xf32>) outs(%12 : tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    %all_reduce = shard.all_reduce %13 on @dp grid_axes = [0] : tensor<1024x4096xf32> -> tensor<1024x4096xf32>
    %14 = tensor.empty() : tensor<1024xf32>
    %15 = linalg.fill ins(%cst_0 : f32) outs(%14 : tensor<1024xf32>) -> tensor<1024xf32>
    %16 = scf.if %11 -> (tensor<1024xf32>) {
      scf.yield %15 : tensor<1024xf32>
    } else {
      scf.yield %15 : tensor<1024xf32>
    }
    %17 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "reduction"]} ins(%8 : tensor<8x1024xf32>) outs(%16 : tensor<1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.addf %out, %in : f32
      linalg.yield %32 : f32
    } -> tensor<1024xf32>
    %all_reduce_1 = shard.all_reduce %17 on @dp grid_axes = [0] : tensor<1024xf32> -> tensor<1024xf32>
    %18 = linalg.matmul ins(%8, %arg2 : tensor<8x1024xf32>, tensor<1024x4096xf32>) outs(%1 : tensor<8x4096xf32>) -> tensor<8x4096xf32>
    %19 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%18, %3 : tensor<8x4096xf32>, tensor<8x4096xf32>) outs(%0 : tensor<8x4096xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.cmpf ogt, %in_4, %cst_0 : f32
      %33 = arith.select %32, %in, %cst_0 : f32
      linalg.yield %33 : f32
    } -> tensor<8x4096xf32>
    %20 = tensor.empty() : tensor<4096x1024xf32>
    %21 = linalg.fill ins(%cst_0 : f32) outs(%20 : tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
    %22 = scf.if %11 -> (tensor<4096x1024xf32>) {
      scf.yield %21 : tensor<4096x1024xf32>
    } else {
      scf.yield %21 : tensor<4096x1024xf32>
    }
    %23 = linalg.matmul indexing_maps = [#map5, #map6, #map2] ins(%19, %arg4 : tensor<8x4096xf32>, tensor<8x1024xf32>) outs(%22 : tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
    %all_reduce_2 = shard.all_reduce %23 on @dp grid_axes = [0] : tensor<4096x1024xf32> -> tensor<4096x1024xf32>
    %24 = tensor.empty() : tensor<4096xf32>
    %25 = linalg.fill ins(%cst_0 : f32) outs(%24 : tensor<4096xf32>) -> tensor<4096xf32>
    %26 = scf.if %11 -> (tensor<4096xf32>) {
      scf.yield %25 : tensor<4096xf32>
    } else {
      scf.yield %25 : tensor<4096xf32>
    }
    %27 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "reduction"]} ins(%19 : tensor<8x4096xf32>) outs(%26 : tensor<4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.addf %out, %in : f32
      linalg.yield %32 : f32
    } -> tensor<4096xf32>
    %all_reduce_3 = shard.all_reduce %27 on @dp grid_axes = [0] : tensor<4096xf32> -> tensor<4096xf32>
    %28 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg0, %all_reduce_2 : tensor<4096x1024xf32>, tensor<4096x1024xf32>) outs(%20 : tensor<4096x1024xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.mulf %in_4, %cst : f32
      %33 = arith.subf %in, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<4096x1024xf32>
    %29 = linalg.generic {indexing_maps = [#map9, #map9, #map9], iterator_types = ["parallel"]} ins(%arg1, %all_reduce_3 : tensor<4096xf32>, tensor<4096xf32>) outs(%24 : tensor<4096xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.mulf %in_4, %cst : f32
      %33 = arith.subf %in, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<4096xf32>
    %30 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg2, %all_reduce : tensor<1024x4096xf32>, tensor<1024x4096xf32>) outs(%9 : tensor<1024x4096xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.mulf %in_4, %cst : f32
      %33 = arith.subf %in, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<1024x4096xf32>
    %31 = linalg.generic {indexing_maps = [#map9, #map9, #map9], iterator_types = ["parallel"]} ins(%arg3, %all_reduce_1 : tensor<1024xf32>, tensor<1024xf32>) outs(%14 : tensor<1024xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.mulf %in_4, %cst : f32
      %33 = arith.subf %in, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<1024xf32>
    return %28, %29, %30, %31 : tensor<4096x1024xf32>, tensor<4096xf32>, tensor<1024x4096xf32>, tensor<1024xf32>
  }
}

