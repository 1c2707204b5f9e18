// Stock mlir-opt (LLVM 22) runs the mlsysim passes from the plugin: the
// dialect-plugin entry attaches the cost models, the pass-plugin entry
// registers the passes. mlir-opt parses pass flags before it loads pass
// plugins, so plugin passes are named in --pass-pipeline.
// RUN: mlir-opt %s --load-dialect-plugin=%mlsysim_lib/libMLSysimPlugin.so --load-pass-plugin=%mlsysim_lib/libMLSysimPlugin.so --pass-pipeline="builtin.module(mlsysim-report{format=csv output=- hardware=a100})" -o /dev/null | %fields --csv | FileCheck %s
// RUN: mlir-opt %s --load-dialect-plugin=%mlsysim_lib/libMLSysimPlugin.so --load-pass-plugin=%mlsysim_lib/libMLSysimPlugin.so --pass-pipeline="builtin.module(mlsysim-annotate)" | FileCheck %s --check-prefix=ANNOTATE

// Same numbers as with mlsysim-opt: matmul 64x32x128 f16 -> f32:
// 524288 FLOPs, read 32768, write 8192 (test/Analysis/contractions.mlir).
// On the A100 (108 SMs) its best tiles (64x64, split-K 4: 4 tiles, 1 wave,
// k_t = 32) keep u = 64*32*128 / (1*108*64*64*32) = 1/54 of the matrix unit
// busy: u * 312e12 = 5.78e12 < the vector unit's f16 78e12, so it runs flat
// on the vector unit (docs/cost-model.md, Tiles and memory levels).
// CHECK: op #0 linalg.matmul: {{.*}} arithmetic_intensity=12.8;{{.*}} bytes_read=32768; bytes_written=8192;{{.*}} dtype=f16;{{.*}} flops=524288;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_ops_per_s=78000000000000; peak_type=f16;{{.*}} transcendentals=0;{{.*}} unit=vector;
// ANNOTATE: linalg.matmul {mlsysim.cost = #mlsysim.cost<flops = 524288,
func.func @f(%a: tensor<64x128xf16>, %b: tensor<128x32xf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x128xf16>, tensor<128x32xf16>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}
