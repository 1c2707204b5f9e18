// A device with `strided_reads` and measured visit times
// (`memory.strided_visits`: the time of one visit of a line of a row, by the
// buffer's footprint) prices the waits as
// lines x passes x visit time x p, over `efficiency` (1 here), in place of
// bytes at a level's rate (strided-reads.mlir prices the same ops that way).
// Inputs/strided-host-visits.yaml: 1 ns at 64 KiB, 4 ns at 1 MiB, 16 ns at
// 16 MiB, linear in log2(footprint) between, the nearest point outside.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/strided-host-visits.yaml format=json output=- execution=eager" -o /dev/null | FileCheck %s
// RUN: mlsysim-opt --show-hardware=%S/Inputs/strided-host-visits.yaml | FileCheck %s --check-prefix=SHOW
// SHOW: cache line 64 B [spec]
// SHOW-NEXT: a line per row, 65.5 KB 1 ns [spec]
// SHOW-NEXT: a line per row, 1.05 MB 4 ns [spec]
// SHOW-NEXT: a line per row, 16.8 MB 16 ns [spec]

// B [256, 512] f32 = 524,288 B = 8,192 lines, rows 2,048 B apart: p = 0.5.
// 2 output tiles of 64 rows pass over it and 7 more register tiles in each:
// 2 + 14 passes. The panels (256 x 128 x 4 = 131,072 B) do not fit the
// 64 KiB per-core level: every pass at B's footprint, 2^19 B, 3/4 of the way
// from 2^16 to 2^20 in log2: 1e-9 + 0.75 x 3e-9 = 3.25e-9 s.
//   t_strided = 8192 x 0.5 x 16 x 3.25e-9 = 2.12992e-4 s
//   arithmetic = 2 x 128 x 512 x 256 / 1e11 / 0.8 = 4.194304e-4 s
//   t_compute = 6.324224e-4 s
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}strided-visits.mlir:[[@LINE+5]]
// CHECK: "t_compute_s": 0.0006324224
// CHECK-NEXT: "t_memory_s":
// CHECK-NEXT: "t_strided_s": 0.000212992
func.func @plain(%a: tensor<128x256xf32>, %b: tensor<256x512xf32>, %c: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x512xf32>) outs(%c : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %0 : tensor<128x512xf32>
}

// B [64, 128] = 32,768 B = 512 lines, rows 512 B apart: p = 0.125. One tile
// of 16 rows: 1 pass, 1 more register tile. The panels (64 x 128 x 4 =
// 32,768 B) fit the per-core level, by size and by its sets (rows 8 lines
// apart reach 32 of its 256 sets, 4 lines each: 128 sets of 4 ways hold
// the panel's 64 rows x 4 lines): the register tile's pass at the panel's
// footprint (64 x 64 x 4 = 16,384 B), below the first point: 1 ns, as B's.
//   t_strided = 512 x 0.125 x (1 + 1) x 1e-9 = 1.28e-7 s
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}strided-visits.mlir:[[@LINE+3]]
// CHECK: "t_strided_s": 1.28e-07
func.func @small(%a: tensor<16x64xf32>, %b: tensor<64x128xf32>, %c: tensor<16x128xf32>) -> tensor<16x128xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x64xf32>, tensor<64x128xf32>) outs(%c : tensor<16x128xf32>) -> tensor<16x128xf32>
  return %0 : tensor<16x128xf32>
}

// Past the last point: B [4096, 2048] f32 = 32 MiB = 524,288 lines, rows
// 8 KiB apart (p = 1), 8 rows of A: one pass at 16 ns.
//   t_strided = 524288 x 1 x 1.6e-8 = 8.388608e-3 s
//   arithmetic = 2 x 8 x 2048 x 4096 / 1e11 / 0.8 = 1.6777216e-3 s
//   t_compute = 1.00663296e-2 s; the waits are over half of it: memory.
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}strided-visits.mlir:[[@LINE+6]]
// CHECK: "t_compute_s": 0.0100663296
// CHECK-NEXT: "t_memory_s":
// CHECK-NEXT: "t_strided_s": 0.008388608
// CHECK: "bound": "memory"
func.func @skinny(%a: tensor<8x4096xf32>, %b: tensor<4096x2048xf32>, %c: tensor<8x2048xf32>) -> tensor<8x2048xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x4096xf32>, tensor<4096x2048xf32>) outs(%c : tensor<8x2048xf32>) -> tensor<8x2048xf32>
  return %0 : tensor<8x2048xf32>
}
