// A matmul on the vector unit runs at most at the share of the FMA pipes its
// compiled register tile's accumulator chains keep busy
// (getAccumulatorChainShare): chains = tile rows x ceil(tile columns /
// lanes), share = min(1, chains / fma_chains), and the arithmetic's
// efficiency is min(class efficiency, share). Inputs/chains-host.yaml: 8 x 16
// tiles, 1 x 16 when M is no multiple of 8, 64-byte registers, 8 chains for
// the peak, class efficiency 0.5; memory at 1e12 B/s is never the bound.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/chains-host.yaml format=json output=- execution=eager" -o /dev/null | FileCheck %s
// A device without `vector_unit` (strided-host.yaml has register tiles of 8
// x 8) prices the class efficiency alone: the unaligned f32 matmul at 0.5.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/strided-host.yaml format=json output=- execution=eager" -o /dev/null | FileCheck %s --check-prefix=NOCHAINS
// A compiler that keeps 8-row tiles for any M (IREE on Zen 3): the 197-row
// matmul keeps 8 chains, and a matrix-vector product still has one row.
// RUN: sed 's/unaligned_register_tile_m: {value: 1,/unaligned_register_tile_m: {value: 8,/' %S/Inputs/chains-host.yaml > %t.keep.yaml
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%t.keep.yaml format=json output=- execution=eager" -o /dev/null | FileCheck %s --check-prefix=KEEP
// RUN: mlsysim-opt --show-hardware=%S/Inputs/chains-host.yaml | FileCheck %s --check-prefix=SHOW
// SHOW: vector register 64 B [spec]
// SHOW-NEXT: FMA chains for the vector peak 8 [spec]; FMA latency 4 cycles x 2 pipes
// SHOW: compiled contractions on the vector unit:
// SHOW: register tile rows, M unaligned 1 [spec]

// M = 192 = 8 x 24: 8 x 16 tiles, 16 f32 lanes: 8 x ceil(16 / 16) = 8
// chains, share 1, efficiency 0.5.
//   t_compute = 2 x 192 x 64 x 64 / 1e11 / 0.5 = 3.145728e-5 s
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}accumulator-chains.mlir:[[@LINE+3]]
// CHECK: "t_compute_s": 3.145728e-05
func.func @aligned(%a: tensor<192x64xf32>, %b: tensor<64x64xf32>, %c: tensor<192x64xf32>) -> tensor<192x64xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<192x64xf32>, tensor<64x64xf32>) outs(%c : tensor<192x64xf32>) -> tensor<192x64xf32>
  return %0 : tensor<192x64xf32>
}

// M = 197 (ViT's tokens): 1 x 16 tiles, 1 x ceil(16 / 16) = 1 chain,
// share 1 / 8 = 0.125 < 0.5.
//   t_compute = 2 x 197 x 64 x 64 / 1e11 / 0.125 = 1.2910592e-4 s
// Without the chain numbers, or with 8-row tiles: / 0.5 = 3.227648e-5 s.
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}accumulator-chains.mlir:[[@LINE+8]]
// CHECK: "t_compute_s": 0.00012910592
// NOCHAINS-LABEL: "op": "linalg.matmul"
// NOCHAINS: "loc": "{{.*}}accumulator-chains.mlir:[[@LINE+5]]
// NOCHAINS: "t_compute_s": 3.227648e-05
// KEEP: "loc": "{{.*}}accumulator-chains.mlir:[[@LINE+3]]
// KEEP: "t_compute_s": 3.227648e-05
func.func @unaligned(%a: tensor<197x64xf32>, %b: tensor<64x64xf32>, %c: tensor<197x64xf32>) -> tensor<197x64xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<197x64xf32>, tensor<64x64xf32>) outs(%c : tensor<197x64xf32>) -> tensor<197x64xf32>
  return %0 : tensor<197x64xf32>
}

// f64: 8 lanes, so a row of 16 columns is 2 registers: 1 x ceil(16 / 8) =
// 2 chains, share 2 / 8 = 0.25.
//   t_compute = 2 x 197 x 64 x 64 / 5e10 / 0.25 = 1.2910592e-4 s
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}accumulator-chains.mlir:[[@LINE+3]]
// CHECK: "t_compute_s": 0.00012910592
func.func @unaligned_f64(%a: tensor<197x64xf64>, %b: tensor<64x64xf64>, %c: tensor<197x64xf64>) -> tensor<197x64xf64> {
  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<197x64xf64>, tensor<64x64xf64>) outs(%c : tensor<197x64xf64>) -> tensor<197x64xf64>
  return %0 : tensor<197x64xf64>
}

// M = 1 (a matrix-vector product): one row whatever the device's rows, 1
// chain, share 0.125, on both devices.
//   t_compute = 2 x 1 x 64 x 64 / 1e11 / 0.125 = 6.5536e-7 s
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}accumulator-chains.mlir:[[@LINE+5]]
// CHECK: "t_compute_s": 6.5536e-07
// KEEP: "loc": "{{.*}}accumulator-chains.mlir:[[@LINE+3]]
// KEEP: "t_compute_s": 6.5536e-07
func.func @vector(%a: tensor<1x64xf32>, %b: tensor<64x64xf32>, %c: tensor<1x64xf32>) -> tensor<1x64xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<1x64xf32>, tensor<64x64xf32>) outs(%c : tensor<1x64xf32>) -> tensor<1x64xf32>
  return %0 : tensor<1x64xf32>
}

// Not a matmul: an elementwise op keeps the class efficiency.
//   t_compute = 197 x 64 / 1e11 / 0.5 = 2.5216e-7 s
// CHECK-LABEL: "op": "linalg.add"
// CHECK: "t_compute_s": 2.5216e-07
func.func @add(%a: tensor<197x64xf32>, %c: tensor<197x64xf32>) -> tensor<197x64xf32> {
  %0 = linalg.add ins(%a, %a : tensor<197x64xf32>, tensor<197x64xf32>) outs(%c : tensor<197x64xf32>) -> tensor<197x64xf32>
  return %0 : tensor<197x64xf32>
}
