// Produced by: python3 zoo/models/shard_llama.py --tp 8 --seq 2048 | /usr/lib/llvm-22/bin/mlir-opt --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition,canonicalize,cse))'
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d5)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d4, d5)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>
#map6 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d4)>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3, d4)>
#map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map12 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5, d4)>
#map13 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d4, d3, d5)>
#map14 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>
#map15 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d2, d4)>
#map16 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d4, d5)>
#map17 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d4, d5)>
#map18 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
#map19 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map20 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map21 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#map22 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d3)>
#map23 = affine_map<(d0, d1, d2, d3, d4) -> (d2, d3, d0, d4)>
#map24 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d2, d3, d4)>
#map25 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>
#map26 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map27 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map28 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  shard.grid @tp(shape = 8)
  func.func @forward(%arg0: tensor<1x4x2x64x4096xf16> {mlsysim.param = "model.layers.0.self_attn.q_proj.weight"}, %arg1: tensor<1x2x64x4096xf16> {mlsysim.param = "model.layers.0.self_attn.k_proj.weight"}, %arg2: tensor<1x128x4096xf16> {mlsysim.param = "model.layers.0.self_attn.v_proj.weight"}, %arg3: tensor<4096x1x4x128xf16> {mlsysim.param = "model.layers.0.self_attn.o_proj.weight"}, %arg4: tensor<1792x4096xf16> {mlsysim.param = "model.layers.0.mlp.gate_proj.weight"}, %arg5: tensor<1792x4096xf16> {mlsysim.param = "model.layers.0.mlp.up_proj.weight"}, %arg6: tensor<4096x1792xf16> {mlsysim.param = "model.layers.0.mlp.down_proj.weight"}, %arg7: tensor<4096xf16> {mlsysim.param = "model.layers.0.input_layernorm.weight"}, %arg8: tensor<4096xf16> {mlsysim.param = "model.layers.0.post_attention_layernorm.weight"}, %arg9: tensor<2048x4096xf16> {mlsysim.input = "hidden_states"}, %arg10: tensor<2048x2048xf16> {mlsysim.input = "attention_mask"}, %arg11: tensor<2048x64x2x2xf16> {mlsysim.input = "rope_rotation"}) -> tensor<2048x4096xf16> {
    %cst = arith.constant 1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %cst_0 = arith.constant 0xFC00 : f16
    %cst_1 = arith.constant 8.837890e-02 : f16
    %cst_2 = arith.constant 0.000000e+00 : f16
    %cst_3 = arith.constant 9.99999974E-6 : f32
    %cst_4 = arith.constant 4.096000e+03 : f32
    %cst_5 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2048xf32>
    %1 = linalg.fill ins(%cst_5 : f32) outs(%0 : tensor<2048xf32>) -> tensor<2048xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg9 : tensor<2048x4096xf16>) outs(%1 : tensor<2048xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      %46 = arith.mulf %45, %45 : f32
      %47 = arith.addf %out, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<2048xf32>
    %3 = tensor.empty() : tensor<2048x4096xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%arg9, %2, %arg7 : tensor<2048x4096xf16>, tensor<2048xf32>, tensor<4096xf16>) outs(%3 : tensor<2048x4096xf16>) {
    ^bb0(%in: f16, %in_7: f32, %in_8: f16, %out: f16):
      %45 = arith.extf %in : f16 to f32
      %46 = arith.divf %in_7, %cst_4 : f32
      %47 = arith.addf %46, %cst_3 : f32
      %48 = math.rsqrt %47 : f32
      %49 = arith.mulf %45, %48 : f32
      %50 = arith.truncf %49 : f32 to f16
      %51 = arith.mulf %in_8, %50 : f16
      linalg.yield %51 : f16
    } -> tensor<2048x4096xf16>
    %5 = tensor.empty() : tensor<1x4x2048x2x64xf16>
    %6 = linalg.fill ins(%cst_2 : f16) outs(%5 : tensor<1x4x2048x2x64xf16>) -> tensor<1x4x2048x2x64xf16>
    %7 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%4, %arg0 : tensor<2048x4096xf16>, tensor<1x4x2x64x4096xf16>) outs(%6 : tensor<1x4x2048x2x64xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.mulf %in, %in_7 : f16
      %46 = arith.addf %out, %45 : f16
      linalg.yield %46 : f16
    } -> tensor<1x4x2048x2x64xf16>
    %8 = tensor.empty() : tensor<1x2048x2x64xf16>
    %9 = linalg.fill ins(%cst_2 : f16) outs(%8 : tensor<1x2048x2x64xf16>) -> tensor<1x2048x2x64xf16>
    %10 = linalg.generic {indexing_maps = [#map6, #map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%4, %arg1 : tensor<2048x4096xf16>, tensor<1x2x64x4096xf16>) outs(%9 : tensor<1x2048x2x64xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.mulf %in, %in_7 : f16
      %46 = arith.addf %out, %45 : f16
      linalg.yield %46 : f16
    } -> tensor<1x2048x2x64xf16>
    %11 = tensor.empty() : tensor<1x2048x128xf16>
    %12 = linalg.fill ins(%cst_2 : f16) outs(%11 : tensor<1x2048x128xf16>) -> tensor<1x2048x128xf16>
    %13 = linalg.generic {indexing_maps = [#map9, #map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%4, %arg2 : tensor<2048x4096xf16>, tensor<1x128x4096xf16>) outs(%12 : tensor<1x2048x128xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.mulf %in, %in_7 : f16
      %46 = arith.addf %out, %45 : f16
      linalg.yield %46 : f16
    } -> tensor<1x2048x128xf16>
    %14 = linalg.generic {indexing_maps = [#map12, #map13, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%7, %arg11 : tensor<1x4x2048x2x64xf16>, tensor<2048x64x2x2xf16>) outs(%6 : tensor<1x4x2048x2x64xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.mulf %in, %in_7 : f16
      %46 = arith.addf %out, %45 : f16
      linalg.yield %46 : f16
    } -> tensor<1x4x2048x2x64xf16>
    %15 = linalg.generic {indexing_maps = [#map14, #map15, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%10, %arg11 : tensor<1x2048x2x64xf16>, tensor<2048x64x2x2xf16>) outs(%9 : tensor<1x2048x2x64xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.mulf %in, %in_7 : f16
      %46 = arith.addf %out, %45 : f16
      linalg.yield %46 : f16
    } -> tensor<1x2048x2x64xf16>
    %16 = tensor.empty() : tensor<1x4x2048x2048xf16>
    %17 = linalg.fill ins(%cst_2 : f16) outs(%16 : tensor<1x4x2048x2048xf16>) -> tensor<1x4x2048x2048xf16>
    %18 = linalg.generic {indexing_maps = [#map16, #map17, #map18], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%14, %15 : tensor<1x4x2048x2x64xf16>, tensor<1x2048x2x64xf16>) outs(%17 : tensor<1x4x2048x2048xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.mulf %in, %in_7 : f16
      %46 = arith.addf %out, %45 : f16
      linalg.yield %46 : f16
    } -> tensor<1x4x2048x2048xf16>
    %19 = linalg.generic {indexing_maps = [#map19, #map20, #map19], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %arg10 : tensor<1x4x2048x2048xf16>, tensor<2048x2048xf16>) outs(%16 : tensor<1x4x2048x2048xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.mulf %in, %cst_1 : f16
      %46 = arith.addf %45, %in_7 : f16
      linalg.yield %46 : f16
    } -> tensor<1x4x2048x2048xf16>
    %20 = tensor.empty() : tensor<1x4x2048xf16>
    %21 = linalg.fill ins(%cst_0 : f16) outs(%20 : tensor<1x4x2048xf16>) -> tensor<1x4x2048xf16>
    %22 = linalg.generic {indexing_maps = [#map19, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%19 : tensor<1x4x2048x2048xf16>) outs(%21 : tensor<1x4x2048xf16>) {
    ^bb0(%in: f16, %out: f16):
      %45 = arith.maximumf %out, %in : f16
      linalg.yield %45 : f16
    } -> tensor<1x4x2048xf16>
    %23 = linalg.generic {indexing_maps = [#map19, #map11, #map19], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %22 : tensor<1x4x2048x2048xf16>, tensor<1x4x2048xf16>) outs(%16 : tensor<1x4x2048x2048xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.subf %in, %in_7 : f16
      %46 = math.exp %45 : f16
      linalg.yield %46 : f16
    } -> tensor<1x4x2048x2048xf16>
    %24 = tensor.empty() : tensor<1x4x2048xf32>
    %25 = linalg.fill ins(%cst_5 : f32) outs(%24 : tensor<1x4x2048xf32>) -> tensor<1x4x2048xf32>
    %26 = linalg.generic {indexing_maps = [#map19, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%23 : tensor<1x4x2048x2048xf16>) outs(%25 : tensor<1x4x2048xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      %46 = arith.addf %out, %45 : f32
      linalg.yield %46 : f32
    } -> tensor<1x4x2048xf32>
    %27 = linalg.generic {indexing_maps = [#map19, #map11, #map19], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %26 : tensor<1x4x2048x2048xf16>, tensor<1x4x2048xf32>) outs(%16 : tensor<1x4x2048x2048xf16>) {
    ^bb0(%in: f16, %in_7: f32, %out: f16):
      %45 = arith.extf %in : f16 to f32
      %46 = arith.divf %45, %in_7 : f32
      %47 = arith.truncf %46 : f32 to f16
      linalg.yield %47 : f16
    } -> tensor<1x4x2048x2048xf16>
    %28 = tensor.empty() : tensor<1x4x2048x128xf16>
    %29 = linalg.fill ins(%cst_2 : f16) outs(%28 : tensor<1x4x2048x128xf16>) -> tensor<1x4x2048x128xf16>
    %30 = linalg.generic {indexing_maps = [#map21, #map22, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%27, %13 : tensor<1x4x2048x2048xf16>, tensor<1x2048x128xf16>) outs(%29 : tensor<1x4x2048x128xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.mulf %in, %in_7 : f16
      %46 = arith.addf %out, %45 : f16
      linalg.yield %46 : f16
    } -> tensor<1x4x2048x128xf16>
    %31 = linalg.fill ins(%cst_2 : f16) outs(%3 : tensor<2048x4096xf16>) -> tensor<2048x4096xf16>
    %proc_linear_idx = shard.process_multi_index on @tp axes = [0] : index
    %32 = arith.cmpi eq, %proc_linear_idx, %c0 : index
    %33 = scf.if %32 -> (tensor<2048x4096xf16>) {
      scf.yield %31 : tensor<2048x4096xf16>
    } else {
      scf.yield %31 : tensor<2048x4096xf16>
    }
    %34 = linalg.generic {indexing_maps = [#map23, #map24, #map25], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%30, %arg3 : tensor<1x4x2048x128xf16>, tensor<4096x1x4x128xf16>) outs(%33 : tensor<2048x4096xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.mulf %in, %in_7 : f16
      %46 = arith.addf %out, %45 : f16
      linalg.yield %46 : f16
    } -> tensor<2048x4096xf16>
    %all_reduce = shard.all_reduce %34 on @tp grid_axes = [0] : tensor<2048x4096xf16> -> tensor<2048x4096xf16>
    %35 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg9, %all_reduce : tensor<2048x4096xf16>, tensor<2048x4096xf16>) outs(%3 : tensor<2048x4096xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.addf %in, %in_7 : f16
      linalg.yield %45 : f16
    } -> tensor<2048x4096xf16>
    %36 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%35 : tensor<2048x4096xf16>) outs(%1 : tensor<2048xf32>) {
    ^bb0(%in: f16, %out: f32):
      %45 = arith.extf %in : f16 to f32
      %46 = arith.mulf %45, %45 : f32
      %47 = arith.addf %out, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<2048xf32>
    %37 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%35, %36, %arg8 : tensor<2048x4096xf16>, tensor<2048xf32>, tensor<4096xf16>) outs(%3 : tensor<2048x4096xf16>) {
    ^bb0(%in: f16, %in_7: f32, %in_8: f16, %out: f16):
      %45 = arith.extf %in : f16 to f32
      %46 = arith.divf %in_7, %cst_4 : f32
      %47 = arith.addf %46, %cst_3 : f32
      %48 = math.rsqrt %47 : f32
      %49 = arith.mulf %45, %48 : f32
      %50 = arith.truncf %49 : f32 to f16
      %51 = arith.mulf %in_8, %50 : f16
      linalg.yield %51 : f16
    } -> tensor<2048x4096xf16>
    %38 = tensor.empty() : tensor<2048x1792xf16>
    %39 = linalg.fill ins(%cst_2 : f16) outs(%38 : tensor<2048x1792xf16>) -> tensor<2048x1792xf16>
    %40 = linalg.matmul indexing_maps = [#map26, #map27, #map28] ins(%37, %arg4 : tensor<2048x4096xf16>, tensor<1792x4096xf16>) outs(%39 : tensor<2048x1792xf16>) -> tensor<2048x1792xf16>
    %41 = linalg.matmul indexing_maps = [#map26, #map27, #map28] ins(%37, %arg5 : tensor<2048x4096xf16>, tensor<1792x4096xf16>) outs(%39 : tensor<2048x1792xf16>) -> tensor<2048x1792xf16>
    %42 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%40, %41 : tensor<2048x1792xf16>, tensor<2048x1792xf16>) outs(%38 : tensor<2048x1792xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.extf %in : f16 to f32
      %46 = arith.negf %45 : f32
      %47 = math.exp %46 : f32
      %48 = arith.addf %47, %cst : f32
      %49 = arith.divf %45, %48 : f32
      %50 = arith.truncf %49 : f32 to f16
      %51 = arith.mulf %50, %in_7 : f16
      linalg.yield %51 : f16
    } -> tensor<2048x1792xf16>
    %43 = linalg.matmul indexing_maps = [#map26, #map27, #map28] ins(%42, %arg6 : tensor<2048x1792xf16>, tensor<4096x1792xf16>) outs(%33 : tensor<2048x4096xf16>) -> tensor<2048x4096xf16>
    %all_reduce_6 = shard.all_reduce %43 on @tp grid_axes = [0] : tensor<2048x4096xf16> -> tensor<2048x4096xf16>
    %44 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%35, %all_reduce_6 : tensor<2048x4096xf16>, tensor<2048x4096xf16>) outs(%3 : tensor<2048x4096xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %45 = arith.addf %in, %in_7 : f16
      linalg.yield %45 : f16
    } -> tensor<2048x4096xf16>
    return %44 : tensor<2048x4096xf16>
  }
}

