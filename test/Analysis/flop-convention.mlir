// flop-convention=mac reports a multiply-accumulate as 1 FLOP (other
// arithmetic stays 1 FLOP each); the predicted times never depend on the
// convention.
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=-" -o /dev/null | FileCheck %s --check-prefix=FMA2
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=- flop-convention=mac" -o /dev/null | FileCheck %s --check-prefix=MAC
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- flop-convention=mac" -o /dev/null | FileCheck %s --check-prefix=JSON

// matmul 64x32x128: 262144 MACs = 524288 FLOPs (fma2) or 262144 (mac);
// AI 524288/40960 = 12.8 or 262144/40960 = 6.4; same latency
// 5.0135854063018245e-06 s on H100 either way.
// add on 16 f32: 16 FLOPs in both.
// int8 matmul 8^3: 512 integer MACs = 1024 int ops (fma2) or 512 (mac).
// The f16 tensor-core peak: 989.4e12 FLOP/s, or 494.7e12 MAC/s.
// FMA2: 0,linalg.matmul,f,{{[^,]*}},true,,1,false,524288,0,0,32768,8192,12.8,matrix,f16,f16,989400000000000,{{.*}},5.0135854063018245e-06,
// FMA2: 1,linalg.add,f,{{[^,]*}},true,,1,false,16,0,0,
// FMA2: 2,linalg.matmul,f,{{[^,]*}},true,,1,false,0,1024,0,
// MAC: 0,linalg.matmul,f,{{[^,]*}},true,,1,false,262144,0,0,32768,8192,6.4,matrix,f16,f16,494700000000000,{{.*}},5.0135854063018245e-06,
// MAC: 1,linalg.add,f,{{[^,]*}},true,,1,false,16,0,0,
// MAC: 2,linalg.matmul,f,{{[^,]*}},true,,1,false,0,512,0,
// JSON: "flop_convention": "mac",
// JSON-NEXT: "flops_per_mac": 1,
func.func @f(%a: tensor<64x128xf16>, %b: tensor<128x32xf16>, %c: tensor<64x32xf32>, %x: tensor<16xf32>,
             %i: tensor<8x8xi8>, %o: tensor<8x8xi32>) -> (tensor<64x32xf32>, tensor<16xf32>, tensor<8x8xi32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<64x128xf16>, tensor<128x32xf16>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  %1 = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
  %2 = linalg.matmul ins(%i, %i : tensor<8x8xi8>, tensor<8x8xi8>) outs(%o : tensor<8x8xi32>) -> tensor<8x8xi32>
  return %0, %1, %2 : tensor<64x32xf32>, tensor<16xf32>, tensor<8x8xi32>
}
