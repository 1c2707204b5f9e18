// flop-convention=mac reports a multiply-accumulate as 1 FLOP (other
// arithmetic stays 1 FLOP each); the predicted times never depend on the
// convention.
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager format=json output=-" -o /dev/null | %fields | FileCheck %s --check-prefix=FMA2
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager format=json output=- flop-convention=mac" -o /dev/null | %fields | FileCheck %s --check-prefix=MAC
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- flop-convention=mac" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %s --mlsysim-report="flop-convention=mac" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RIDGE-MAC
// RUN: mlsysim-opt %s --mlsysim-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=RIDGE-FMA2

// matmul 64x32x128: 262144 MACs = 524288 FLOPs (fma2) or 262144 (mac);
// AI 524288/40960 = 12.8 or 262144/40960 = 6.4; same latency on H100 either
// way. Its tiles (Tiling.h): every candidate runs in 1 wave of at most 132
// tiles, so each pays the same exposed L2 latency 1 x 1.47e-7 s, and none
// moves less than device memory's floor: 40960 B / (3.35e12 * 0.9) +
// 3.535e-7 s latency = 3.670854063e-07 s. The first candidate (in the
// file's order, 256x128 first) whose arithmetic and shared-memory traffic
// fit under that floor is 256x128 split 4 ways: 4 tiles of K 128/4 = 32
// (a multiple of the 16-element wgmma depth), one tile's 2*256*128*32 /
// (989.4e12/132) / 0.8 = 3.4974e-07 s (split 3: K 43, 4.6996e-07, above
// the floor); shared memory 2 x (256+128) x 32 x 2 B per tile x 132 SMs /
// (3.345e13 * 0.9) + 1.01e-8 = 2.2561e-07 s. Utilization 64*32*128 /
// (132 * 256*128*32) = 0.001894, so t_compute = 524288 / 989.4e12 /
// 0.001894 / 0.8 = 3.4974e-07 s, under t_memory 3.670854e-07 s; latency
// 3.670854063e-07 + 1.47e-7 + the 5 us eager launch = 5.514085406e-06 s.
// add on 16 f32: 16 FLOPs in both.
// int8 matmul 8^3: 512 integer MACs = 1024 int ops (fma2) or 512 (mac).
// The f16 tensor-core peak: 989.4e12 FLOP/s, or 494.7e12 MAC/s.
// FMA2: op #0 linalg.matmul:{{.*}} arithmetic_intensity=12.8;{{.*}} bytes_read=32768;{{.*}} bytes_written=8192;{{.*}} dtype=f16;{{.*}} flops=524288;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} latency_s=5.5140854{{[0-9]*}}e-06;{{.*}} modeled=true;{{.*}} peak_ops_per_s=989400000000000;{{.*}} peak_type=f16;{{.*}} t_compute_s=3.4973729{{[0-9]*}}e-07;{{.*}} t_memory_s=3.6708540{{[0-9]*}}e-07;{{.*}} tile.m=256; tile.n=128; tile.split_k=4;{{.*}} transcendentals=0;{{.*}} unit=matrix;
// FMA2: op #1 linalg.add:{{.*}} flops=16;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// FMA2: op #2 linalg.matmul:{{.*}} flops=0;{{.*}} func=f;{{.*}} int_ops=1024;{{.*}} modeled=true;{{.*}} transcendentals=0;
// MAC: op #0 linalg.matmul:{{.*}} arithmetic_intensity=6.4;{{.*}} bytes_read=32768;{{.*}} bytes_written=8192;{{.*}} dtype=f16;{{.*}} flops=262144;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} latency_s=5.5140854{{[0-9]*}}e-06;{{.*}} modeled=true;{{.*}} peak_ops_per_s=494700000000000;{{.*}} peak_type=f16;{{.*}} t_compute_s=3.4973729{{[0-9]*}}e-07;{{.*}} t_memory_s=3.6708540{{[0-9]*}}e-07;{{.*}} tile.m=256; tile.n=128; tile.split_k=4;{{.*}} transcendentals=0;{{.*}} unit=matrix;
// MAC: op #1 linalg.add:{{.*}} flops=16;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// MAC: op #2 linalg.matmul:{{.*}} flops=0;{{.*}} func=f;{{.*}} int_ops=512;{{.*}} modeled=true;{{.*}} transcendentals=0;
// The ridge is in the report's convention, like the ops/B column it is read
// against: H100 f16 matrix 989.4e12 / 3.35e12 B/s = 295.3 FLOP/B (fma2) or
// 494.7e12 / 3.35e12 = 147.7 (mac); i8 1978.9e12 / 3.35e12 = 590.7 or 295.4;
// f32 vector 66.9e12 / 3.35e12 = 20.0 or 10.0.
// RIDGE-MAC: ridge points (peak / bandwidth) of the units used: matrix f16 147.7 FLOP/B, matrix i8 295.4 OP/B, vector f32 10.0 FLOP/B
// RIDGE-FMA2: ridge points (peak / bandwidth) of the units used: matrix f16 295.3 FLOP/B, matrix i8 590.7 OP/B, vector f32 20.0 FLOP/B
// JSON: "flop_convention": "mac",
// JSON-NEXT: "flops_per_mac": 1,
// JSON: "matrix_ridge_points": {
// JSON: "f16": 147.67
func.func @f(%a: tensor<64x128xf16>, %b: tensor<128x32xf16>, %c: tensor<64x32xf32>, %x: tensor<16xf32>,
             %i: tensor<8x8xi8>, %o: tensor<8x8xi32>) -> (tensor<64x32xf32>, tensor<16xf32>, tensor<8x8xi32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<64x128xf16>, tensor<128x32xf16>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  %1 = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
  %2 = linalg.matmul ins(%i, %i : tensor<8x8xi8>, tensor<8x8xi8>) outs(%o : tensor<8x8xi32>) -> tensor<8x8xi32>
  return %0, %1, %2 : tensor<64x32xf32>, tensor<16xf32>, tensor<8x8xi32>
}
