// An out-of-tree dialect prices its own op from its own dialect plugin
// (test/lib/CostTestPlugin), with no change to mlsysim: the plugin attaches
// CostOpInterface to costtest.blas_gemm. Its other op stays unmodeled.
// RUN: mlsysim-opt %s --load-dialect-plugin=%mlsysim_lib/libMLSysimTestPlugin.so --mlsysim-report="format=csv output=-" -o /dev/null --verify-diagnostics | %fields --csv | FileCheck %s
// Stock mlir-opt with both plugins.
// RUN: mlir-opt %s --load-dialect-plugin=%mlsysim_lib/libMLSysimPlugin.so --load-dialect-plugin=%mlsysim_lib/libMLSysimTestPlugin.so --load-pass-plugin=%mlsysim_lib/libMLSysimPlugin.so --pass-pipeline="builtin.module(mlsysim-report{format=csv output=-})" -o /dev/null 2>/dev/null | %fields --csv | FileCheck %s

// blas_gemm 128x64 x 64x32 (bf16): 2*128*32*64 = 524288 FLOPs;
// read = 128*64*2 + 64*32*2 = 16384 + 4096 = 20480; write = 128*32*2 = 8192
// CHECK: op #0 costtest.blas_gemm: {{.*}} bytes_read=20480; bytes_written=8192;{{.*}} dtype=bf16;{{.*}} flops=524288;{{.*}} modeled=true;{{.*}} peak_type=bf16;{{.*}} unit=matrix;
// CHECK: op #1 costtest.opaque: {{.*}} flops=null;{{.*}} modeled=false;{{.*}} reason=no cost model for 'costtest.opaque';
func.func @f(%a: tensor<128x64xbf16>, %b: tensor<64x32xbf16>) -> tensor<128x32xbf16> {
  %0 = costtest.blas_gemm %a, %b : tensor<128x64xbf16>, tensor<64x32xbf16> -> tensor<128x32xbf16>
  // expected-warning @below {{no cost model for 'costtest.opaque'; listed as unmodeled}}
  %1 = costtest.opaque %0 : tensor<128x32xbf16> -> tensor<128x32xbf16>
  return %1 : tensor<128x32xbf16>
}
