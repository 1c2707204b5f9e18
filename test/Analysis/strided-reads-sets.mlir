// Reads across rows when the per-core level's sets are known
// (memory.scratchpad_ways, memory.cache_line_bytes): rows a power-of-two
// stride apart land in few sets, so a panel of them that fits the level by
// size can still miss there, and its register-tile passes are served by the
// next level. Devices: Inputs/strided-host-sets.yaml (64 KiB per core, 4
// ways of 64 B lines: 256 sets) and the same device without the sets
// (Inputs/strided-host.yaml). Both: page 4,096 B, efficiency 0.1, tiles
// 64 x 64, register tiles 8 x 8, per-core level 1e11 B/s, LLC 5e10 B/s.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/strided-host-sets.yaml format=json output=- execution=eager" -o /dev/null | FileCheck %s --check-prefix=SETS
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/strided-host.yaml format=json output=- execution=eager" -o /dev/null | FileCheck %s --check-prefix=SIZE
// RUN: mlsysim-opt --show-hardware=%S/Inputs/strided-host-sets.yaml | FileCheck %s --check-prefix=SHOW

// SHOW: scratchpad ways{{ +}}4 [spec]
// SHOW: cache line{{ +}}64 B [spec]

// B [32, 1024] f32 = 131,072 B (past the 64 KiB level: the LLC serves the
// tile's pass), rows 4,096 B apart: every step starts a page (p = 1). m = 16:
// one tile, ceil(16 / 8) - 1 = 1 more register-tile pass over its panel.
// The panels, 32 x (64 + 64) x 4 = 16,384 B, fit the level by size. By
// sets: a row is 64 lines apart, gcd(64, 256) = 64, so rows start in
// 256 / 64 = 4 sets, and each row of the panel (64 columns x 4 B = 4 lines)
// covers 4 sets from there: 16 sets x 4 ways = 64 lines, and the panel
// needs 32 rows x 4 lines = 128: it misses, and the LLC serves that pass
// too.
//   sets known: 131072 x 1 x (1 / 5e10 + 1 / 5e10) / 0.1 = 5.24288e-5 s
//   size only:  131072 x 1 x (1 / 5e10 + 1 / 1e11) / 0.1 = 3.93216e-5 s
// SETS-LABEL: "op": "linalg.matmul"
// SETS: "loc": "{{.*}}strided-reads-sets.mlir:[[@LINE+6]]
// SETS: "t_strided_s": {{5\.24288e-05|5\.242879999+[0-9]*e-05|5\.242880000+[0-9]*e-05}}
// SIZE-LABEL: "op": "linalg.matmul"
// SIZE: "loc": "{{.*}}strided-reads-sets.mlir:[[@LINE+3]]
// SIZE: "t_strided_s": {{3\.93216e-05|3\.932159999+[0-9]*e-05|3\.932160000+[0-9]*e-05}}
func.func @page_rows(%a: tensor<16x32xf32>, %b: tensor<32x1024xf32>, %c: tensor<16x1024xf32>) -> tensor<16x1024xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x32xf32>, tensor<32x1024xf32>) outs(%c : tensor<16x1024xf32>) -> tensor<16x1024xf32>
  return %0 : tensor<16x1024xf32>
}

// B [32, 512] f32 = 65,536 B: the per-core level holds it (1e11 B/s for the
// tile's pass). Rows 2,048 B = 32 lines apart: gcd(32, 256) = 32, rows start
// in 8 sets and cover 8 x 4 = 32 sets, 32 x 4 ways = 128 lines, exactly the
// 32 rows x 4 lines of the panel: it stays, on both devices. p = 0.5.
//   131072 / 2 = 65536 x 0.5 x (1 / 1e11 + 1 / 1e11) / 0.1 = 6.5536e-6 s
// SETS-LABEL: "op": "linalg.matmul"
// SETS: "loc": "{{.*}}strided-reads-sets.mlir:[[@LINE+6]]
// SETS: "t_strided_s": {{6\.5536e-06|6\.55359999+[0-9]*e-06|6\.55360000+[0-9]*e-06}}
// SIZE-LABEL: "op": "linalg.matmul"
// SIZE: "loc": "{{.*}}strided-reads-sets.mlir:[[@LINE+3]]
// SIZE: "t_strided_s": {{6\.5536e-06|6\.55359999+[0-9]*e-06|6\.55360000+[0-9]*e-06}}
func.func @exact_fit(%a: tensor<16x32xf32>, %b: tensor<32x512xf32>, %c: tensor<16x512xf32>) -> tensor<16x512xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x32xf32>, tensor<32x512xf32>) outs(%c : tensor<16x512xf32>) -> tensor<16x512xf32>
  return %0 : tensor<16x512xf32>
}

// B [32, 1000] f32: rows 4,000 B apart, not whole lines: they spread over
// every set, and only the size decides. 128,000 B: the LLC; the panels fit
// by size. p = 4000 / 4096.
//   128000 x (4000 / 4096) x (1 / 5e10 + 1 / 1e11) / 0.1 = 3.75e-5 s
// SETS-LABEL: "op": "linalg.matmul"
// SETS: "loc": "{{.*}}strided-reads-sets.mlir:[[@LINE+3]]
// SETS: "t_strided_s": {{3\.75e-05|3\.7499999+[0-9]*e-05|3\.75000000+[0-9]*e-05}}
func.func @unaligned_rows(%a: tensor<16x32xf32>, %b: tensor<32x1000xf32>, %c: tensor<16x1000xf32>) -> tensor<16x1000xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x32xf32>, tensor<32x1000xf32>) outs(%c : tensor<16x1000xf32>) -> tensor<16x1000xf32>
  return %0 : tensor<16x1000xf32>
}
