// An op that reads an input across its rows (its innermost dimension a
// parallel loop and a reduction outside it: B stored [k, n]) on a device with
// `strided_reads` waits on those reads: t_strided_s, part of t_compute_s,
// whose arithmetic runs at the section's compute efficiency (0.8 here).
// The same contraction with B stored [n, k] has none and takes the class's
// efficiency (0.5). A device without the section prices no such waits.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/strided-host.yaml format=json output=- execution=eager" -o /dev/null | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="hardware=h100 format=json output=- execution=eager" -o /dev/null | FileCheck %s --check-prefix=GPU
// RUN: mlsysim-opt --show-hardware=%S/Inputs/strided-host.yaml | FileCheck %s --check-prefix=SHOW
// The diagnosis names the layout as the lever when the waits dominate: the
// plain matmul without its 839 µs of waits is its arithmetic, 419 µs.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/strided-host.yaml output=-" -o /dev/null | FileCheck %s --check-prefix=TEXT
// RUN: mlsysim-opt %s --mlsysim-remarks="hardware=%S/Inputs/strided-host.yaml coverage=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: strided-reads.mlir:{{[0-9]+}}:8: remark: kernel K{{[0-9]+}} (linalg.matmul): memory-bound on reads across rows: 839 µs of its 1.26 ms compute term waits on an input whose reduced dimension is outer ([k, n]), read a row per step;
// TEXT-LABEL: what limits @plain
// TEXT: matmuls: 1 kernel, 1.26 ms (100.0%), memory-bound; 839 µs of it waits on reads across the rows of inputs whose reduced dimension is outer ([k, n]), which the compiled code steps a row at a time: stored with it innermost ([n, k]; a weight transposed once) or packed by the compiler, the same work without those waits would take 419 µs
// TEXT-LABEL: what limits @transposed
// TEXT-NOT: waits on reads
// TEXT-LABEL: what limits @sum_over_rows
// TEXT: 2.10 ms of it waits on reads across the rows {{.*}} would take 421 µs

// B [256, 512] f32 = 524,288 B, rows 2,048 B apart: p = 2048 / 4096 = 0.5
// of the steps start a page. m = 128 rows: ceil(128 / 64) = 2 output tiles
// pass over B, and ceil(64 / 8) - 1 = 7 more register tiles in each: 14.
// B (512 KiB) fits the LLC (1 MiB), not the per-core level (64 KiB): 5e10
// B/s; the tiles' panels, 256 x (64 + 64) x 4 = 131,072 B, do not fit the
// per-core level either: 5e10 B/s too.
//   t_strided = 524288 x 0.5 x (2 + 14) / 5e10 / 0.1 = 8.388608e-4 s
//   arithmetic = 2 x 128 x 512 x 256 / 1e11 / 0.8 = 4.194304e-4 s
//   t_compute = 1.2582912e-3 s; the waits outweigh the arithmetic: memory.
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}strided-reads.mlir:[[@LINE+6]]
// CHECK: "t_compute_s": 0.0012582912
// CHECK-NEXT: "t_memory_s":
// CHECK-NEXT: "t_strided_s": 0.0008388608
// CHECK: "bound": "memory"
func.func @plain(%a: tensor<128x256xf32>, %b: tensor<256x512xf32>, %c: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x512xf32>) outs(%c : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %0 : tensor<128x512xf32>
}

// B stored [n, k]: every input is contiguous along the reduction. The
// arithmetic alone, at the class's efficiency: 3.3554432e-4 / 0.5.
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}strided-reads.mlir:[[@LINE+5]]
// CHECK: "t_compute_s": 0.00067108864
// CHECK-NEXT: "t_memory_s":
// CHECK-NEXT: "t_strided_s": null
func.func @transposed(%a: tensor<128x256xf32>, %b: tensor<512x256xf32>, %c: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<128x256xf32>, tensor<512x256xf32>) outs(%c : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %0 : tensor<128x512xf32>
}

// Small: B [64, 128] = 32,768 B fits the per-core level (1e11 B/s), and so
// do the panels (64 x 128 x 4 = 32,768 B). Rows 512 B apart: p = 0.125.
// One tile of 16 rows: 1 pass, and ceil(16 / 8) - 1 = 1 more.
//   t_strided = 32768 x 0.125 x (1 + 1) / 1e11 / 0.1 = 8.192e-7 s
//   arithmetic = 2 x 16 x 128 x 64 / 1e11 / 0.8 = 3.2768e-6 s
//   t_compute = 4.096e-6 s (to rounding); the traffic, A 4,096 + B 32,768
//   + C read and written 2 x 8,192 = 53,248 B / 1e10 / 0.5 = 1.06496e-5 s,
//   is larger: memory-bound.
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}strided-reads.mlir:[[@LINE+6]]
// CHECK: "t_compute_s": {{4\.096e-06|4\.09599999+[0-9]*e-06}}
// CHECK-NEXT: "t_memory_s": 1.06496e-05
// CHECK-NEXT: "t_strided_s": {{8\.192e-07|8\.191999+[0-9]*e-07}}
// CHECK: "bound": "memory"
func.func @small(%a: tensor<16x64xf32>, %b: tensor<64x128xf32>, %c: tensor<16x128xf32>) -> tensor<16x128xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x64xf32>, tensor<64x128xf32>) outs(%c : tensor<16x128xf32>) -> tensor<16x128xf32>
  return %0 : tensor<16x128xf32>
}

// A stored [k, m] (indexed by the m loop innermost): re-read by every tile
// of n columns. A = 256 x 128 x 4 = 131,072 B (LLC, 5e10 B/s), rows 512 B
// apart: p = 0.125; n = 512: 8 tiles of 64 columns, 7 more register tiles
// of 8 in each: 8 + 56 = 64 passes.
//   t_strided = 131072 x 0.125 x 64 / 5e10 / 0.1 = 2.097152e-4 s
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}strided-reads.mlir:[[@LINE+3]]
// CHECK: "t_strided_s": 0.0002097152
func.func @transposed_a(%a: tensor<256x128xf32>, %b: tensor<512x256xf32>, %c: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<256x128xf32>, tensor<512x256xf32>) outs(%c : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %0 : tensor<128x512xf32>
}

// Not only contractions: a sum over rows (the reduced dimension outer,
// the kept one innermost) steps a row at a time too. X [512, 1024] f32 =
// 2,097,152 B (past the 1 MiB LLC: 1e10 B/s), rows 4,096 B apart: p = 1;
// no parallel loop re-reads it: one pass.
//   t_strided = 2097152 x 1 x 1 / 1e10 / 0.1 = 2.097152e-3 s
//   arithmetic = 512 x 1024 adds / 1e11 / 0.8 = 6.5536e-6 s
//   t_compute = 2.1037056e-3 s; traffic (X, the sums read and written:
//   2,105,344 B) 4.210688e-4 s: memory-bound on the waits.
// CHECK-LABEL: "op": "linalg.reduce"
// CHECK: "loc": "{{.*}}strided-reads.mlir:[[@LINE+6]]
// CHECK: "t_compute_s": 0.0021037056
// CHECK-NEXT: "t_memory_s": 0.0004210688
// CHECK-NEXT: "t_strided_s": 0.002097152
// CHECK: "bound": "memory"
func.func @sum_over_rows(%x: tensor<512x1024xf32>, %acc: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = linalg.reduce ins(%x : tensor<512x1024xf32>) outs(%acc : tensor<1024xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<1024xf32>
}

// The sum along each row reads it element after element: no waits.
// CHECK-LABEL: "op": "linalg.reduce"
// CHECK: "loc": "{{.*}}strided-reads.mlir:[[@LINE+3]]
// CHECK: "t_strided_s": null
func.func @sum_along_rows(%x: tensor<1024x512xf32>, %acc: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = linalg.reduce ins(%x : tensor<1024x512xf32>) outs(%acc : tensor<1024xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<1024xf32>
}

// The rows are the buffer's, not the view's: the same matmul on a
// [256, 512] view of a B with rows of 4096 floats (16,384 B apart: p = 1,
// twice @plain's 0.5) waits twice as long, 1.6777216e-3 s; a slice of a
// tensor takes its source's rows the same way.
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}strided-reads.mlir:[[@LINE+4]]
// CHECK: "t_strided_s": 0.0016777216
func.func @view(%a: memref<128x256xf32>, %b: memref<256x4096xf32>, %c: memref<128x512xf32>) {
  %v = memref.subview %b[0, 0] [256, 512] [1, 1] : memref<256x4096xf32> to memref<256x512xf32, strided<[4096, 1]>>
  linalg.matmul ins(%a, %v : memref<128x256xf32>, memref<256x512xf32, strided<[4096, 1]>>) outs(%c : memref<128x512xf32>)
  return
}
// CHECK-LABEL: "op": "linalg.matmul"
// CHECK: "loc": "{{.*}}strided-reads.mlir:[[@LINE+4]]
// CHECK: "t_strided_s": 0.0016777216
func.func @slice(%a: tensor<128x256xf32>, %b: tensor<256x4096xf32>, %c: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %s = tensor.extract_slice %b[0, 0] [256, 512] [1, 1] : tensor<256x4096xf32> to tensor<256x512xf32>
  %0 = linalg.matmul ins(%a, %s : tensor<128x256xf32>, tensor<256x512xf32>) outs(%c : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %0 : tensor<128x512xf32>
}

// A window op (a convolution: its input indexed by sums of loops) is a
// loop nest of its own, priced by its class's efficiency, even where its
// filter [kh, kw, c, f] steps a row per input channel.
// CHECK-LABEL: "op": "linalg.conv_2d_nhwc_hwcf"
// CHECK: "t_strided_s": null
func.func @conv(%x: tensor<1x10x10x64xf32>, %w: tensor<3x3x64x128xf32>, %y: tensor<1x8x8x128xf32>) -> tensor<1x8x8x128xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%x, %w : tensor<1x10x10x64xf32>, tensor<3x3x64x128xf32>) outs(%y : tensor<1x8x8x128xf32>) -> tensor<1x8x8x128xf32>
  return %0 : tensor<1x8x8x128xf32>
}

// GPU-LABEL: "op": "linalg.matmul"
// GPU: "t_strided_s": null

// SHOW: scratchpad bandwidth, all cores 100 GB/s [spec]
// SHOW: contractions reading an operand across its rows:
// SHOW-NEXT: page (prefetchers stop there) 4.10 KB [spec]
// SHOW-NEXT: share of a level's read rate 0.10 assumption: a guess for the test
// SHOW-NEXT: achievable compute efficiency 0.80 assumption: a guess for the test
// SHOW-NEXT: compiled contractions on the vector unit:
// SHOW-NEXT: output tile, rows 64 [spec]
// SHOW-NEXT: output tile, columns 64 [spec]
// SHOW-NEXT: register tile, rows 8 [spec]
// SHOW-NEXT: register tile, columns 8 [spec]
