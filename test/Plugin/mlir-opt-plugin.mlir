// Stock mlir-opt (LLVM 22) runs the mlsysim passes from the plugin: the
// dialect-plugin entry attaches the cost models, the pass-plugin entry
// registers the passes. mlir-opt parses pass flags before it loads pass
// plugins, so plugin passes are named in --pass-pipeline.
// RUN: mlir-opt %s --load-dialect-plugin=%mlsysim_lib/libMLSysimPlugin.so --load-pass-plugin=%mlsysim_lib/libMLSysimPlugin.so --pass-pipeline="builtin.module(mlsysim-report{format=csv output=- hardware=a100})" -o /dev/null | FileCheck %s
// RUN: mlir-opt %s --load-dialect-plugin=%mlsysim_lib/libMLSysimPlugin.so --load-pass-plugin=%mlsysim_lib/libMLSysimPlugin.so --pass-pipeline="builtin.module(mlsysim-annotate)" | FileCheck %s --check-prefix=ANNOTATE

// Same numbers as with mlsysim-opt: matmul 64x32x128 f16 -> f32:
// 524288 FLOPs, read 32768, write 8192 (test/Analysis/contractions.mlir).
// CHECK: 0,linalg.matmul,f,{{[^,]*}},true,false,,1,false,524288,0,0,32768,8192,12.8,matrix,f16,f16,312000000000000,
// ANNOTATE: linalg.matmul {mlsysim.cost = #mlsysim.cost<flops = 524288,
func.func @f(%a: tensor<64x128xf16>, %b: tensor<128x32xf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x128xf16>, tensor<128x32xf16>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}
