// flop-convention=mac reports a multiply-accumulate as 1 FLOP (other
// arithmetic stays 1 FLOP each); the predicted times never depend on the
// convention.
// The test is about the convention, not tiling: every RUN line prices the
// flat roofline (realism=none: no tiles, no latencies, no launch), which keeps
// the small matmuls on the matrix units whose ridge points it checks (with
// the tiles they would leave the H100's tiles mostly padding and run as
// vector kernels; Analysis/roofline.mlir).
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager format=json output=- realism=none" -o /dev/null | %fields | FileCheck %s --check-prefix=FMA2
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager format=json output=- flop-convention=mac realism=none" -o /dev/null | %fields | FileCheck %s --check-prefix=MAC
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- flop-convention=mac realism=none" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %s --mlsysim-report="flop-convention=mac realism=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RIDGE-MAC
// RUN: mlsysim-opt %s --mlsysim-report="realism=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RIDGE-FMA2

// matmul 64x32x128: 262144 MACs = 524288 FLOPs (fma2) or 262144 (mac);
// AI 524288/40960 = 12.8 or 262144/40960 = 6.4; same latency on H100 either
// way: t_compute = 524288 / 989.4e12 / 0.8 = 6.623812411562563e-10 s (the
// peak reported as 989.4e12 FLOP/s or 494.7e12 MAC/s, the time the same),
// t_memory = 40960 B / (3.35e12 * 0.9) = 1.3585406301824212e-08 s; latency
// = t_memory (no launch with realism=none).
// add on 16 f32: 16 FLOPs in both.
// int8 matmul 8^3: 512 integer MACs = 1024 int ops (fma2) or 512 (mac).
// The f16 tensor-core peak: 989.4e12 FLOP/s, or 494.7e12 MAC/s.
// FMA2: op #0 linalg.matmul:{{.*}} arithmetic_intensity=12.8;{{.*}} bytes_read=32768;{{.*}} bytes_written=8192;{{.*}} dtype=f16;{{.*}} flops=524288;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} latency_s=1.35854063{{[0-9]*}}e-08;{{.*}} modeled=true;{{.*}} peak_ops_per_s=989400000000000;{{.*}} peak_type=f16;{{.*}} t_compute_s=6.6238124{{[0-9]*}}e-10;{{.*}} t_memory_s=1.35854063{{[0-9]*}}e-08;{{.*}} tile=null;{{.*}} transcendentals=0;{{.*}} unit=matrix;
// FMA2: op #1 linalg.add:{{.*}} flops=16;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// FMA2: op #2 linalg.matmul:{{.*}} flops=0;{{.*}} func=f;{{.*}} int_ops=1024;{{.*}} modeled=true;{{.*}} transcendentals=0;
// MAC: op #0 linalg.matmul:{{.*}} arithmetic_intensity=6.4;{{.*}} bytes_read=32768;{{.*}} bytes_written=8192;{{.*}} dtype=f16;{{.*}} flops=262144;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} latency_s=1.35854063{{[0-9]*}}e-08;{{.*}} modeled=true;{{.*}} peak_ops_per_s=494700000000000;{{.*}} peak_type=f16;{{.*}} t_compute_s=6.6238124{{[0-9]*}}e-10;{{.*}} t_memory_s=1.35854063{{[0-9]*}}e-08;{{.*}} tile=null;{{.*}} transcendentals=0;{{.*}} unit=matrix;
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
