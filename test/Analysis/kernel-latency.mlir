// A library kernel's fixed latency (matrix_tiles.kernel_latency_cycles) and
// the serial split-K reduction, on Inputs/toy-tiled-latency.yaml: one 32x32
// tile, split-K 1 or 4, 4 cores, f16 matrix peak 4e12 (1e12 per core),
// vector 1e12, efficiencies 0.5, device memory 1e12 B/s, latencies 1e-7
// (L2) and 5e-7 (device memory), 1 GHz clock, launch 1 us.
// The kernel latency: 2000 cycles / 1e9 Hz = 2e-6 s, added to what the
// arithmetic and traffic take (Realism::Overlap, JSON realism `overlap`).
// A split reduction sums its partial tiles in turn: each split after the
// first adds two L2 latencies, (splits - 1) * 2 * 1e-7.

// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-tiled-latency.yaml" -o /dev/null | %fields --levels | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-tiled-latency.yaml realism=no-overlap" -o /dev/null | %fields | FileCheck %s --check-prefix=NOOVERLAP
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-tiled-latency.yaml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: mlsysim-opt --show-hardware=%S/../Hardware/Inputs/toy-tiled-latency.yaml | FileCheck %s --check-prefix=SHOW
// RUN: sed '/^clock_hz/d' %S/../Hardware/Inputs/toy-tiled-latency.yaml > %t.noclock.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.noclock.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCLOCK

// SHOW: library kernel latency 2 Kcycles [spec]
// SHOW: clock 1 GHz [spec]
// NOCLOCK: error: {{.*}}noclock.yaml:{{[0-9]+}}:{{[0-9]+}}: error: matrix_tiles.kernel_latency_cycles: cycles need 'clock_hz' to become seconds

// @long, 32x4096 by 4096x32: one tile in 4096 of reduction takes
// 2*32*32*4096 / 1e12 / 0.5 = 16.777216 us; split 4 ways, 4 tiles fill the 4
// cores for 1024 each: 4.194304 us. Exposed: 2e-6 + 3 * 2 * 1e-7 = 2.6e-6.
// Split 4: 4.194304e-6 + 2.6e-6 = 6.794304e-6 against split 1's
// 16.777216e-6 + 2e-6: split 4 wins. Device memory (no L2 bandwidth: the f32
// partials 2 * 4 * 32*32*4 = 32768 B go there too): (526336 + 2048 + 32768)
// B / (1e12 * 0.5) + 5e-7 = 1.622304e-6, under the arithmetic.
// latency = 4.194304e-6 + 2.6e-6 + 1e-6 (launch) = 7.794304e-6.
// CHECK: op #0 linalg.matmul:{{.*}} bound=compute;{{.*}} latency_s=7.794304e-06;{{.*}} t_compute_s=4.194304e-06; t_memory_s=1.622304e-06; t_overhead_s=1e-06;{{.*}} tile.split_k=4;{{.*}} tile.tiles=4;
// CHECK: op #0 linalg.matmul realism[4]: added_s=2.59999{{[0-9]*}}e-06; factor=null; term=overlap;
// Its arithmetic (4.194304 us) outlasts the launch and the exposed time
// (1 + 2.6 us): compute-bound.
// TEXT: @long: predicted 7.79 µs
// TEXT: matmuls: 1 kernel, 7.79 µs (100.0%), compute-bound;
// Without the term, the same split: 4.194304e-6 + 1e-6.
// NOOVERLAP: op #0 linalg.matmul:{{.*}} latency_s=5.194304e-06;{{.*}} tile.split_k=4;
func.func @long(%a: tensor<32x4096xf16>, %b: tensor<4096x32xf16>, %c: tensor<32x32xf16>) -> tensor<32x32xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<32x4096xf16>, tensor<4096x32xf16>) outs(%c : tensor<32x32xf16>) -> tensor<32x32xf16>
  return %0 : tensor<32x32xf16>
}

// @row, 1x32 by 32x32: its one row would pad a tile to 32 rows, 1/32 of
// the matrix unit (4e12 / 32 = 1.25e11), under the vector unit's 1e12: a
// vector kernel (a GEMV), no tile, but still the library's kernel with its
// fixed latency. Traffic (2176 + 64) / 0.5e12 + 5e-7 = 5.0448e-7 over
// arithmetic 2*32*32 / 1e12 / 0.5 = 4.096e-9:
// latency = 5.0448e-7 + 2e-6 + 1e-6 = 3.50448e-6.
// CHECK: op #1 linalg.matmul:{{.*}} bound=overhead;{{.*}} latency_s=3.50447999{{[0-9]*}}e-06;{{.*}} t_memory_s=5.0448e-07;{{.*}} tile=null;{{.*}} unit=vector;
// CHECK: op #1 linalg.matmul realism[1]: added_s=2e-06; factor=null; term=overlap;
// NOOVERLAP: op #1 linalg.matmul:{{.*}} latency_s=1.50448e-06;{{.*}} tile=null;
// What every kernel pays (the 1 us launch and the 2 us kernel latency)
// outweighs the work (the traffic, 5.0448e-7): overhead-bound (the JSON
// check above), and the story says which fixed costs.
// TEXT: @row: predicted 3.50 µs
// TEXT: matmuls: 1 kernel, 3.50 µs (100.0%), overhead-bound; the launch overhead (1 µs) and the kernels' fixed latency (2 µs) outweigh the work (504 ns): fewer, larger kernels (fusion, a larger batch) amortize them
func.func @row(%a: tensor<1x32xf16>, %b: tensor<32x32xf16>, %c: tensor<1x32xf16>) -> tensor<1x32xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<1x32xf16>, tensor<32x32xf16>) outs(%c : tensor<1x32xf16>) -> tensor<1x32xf16>
  return %0 : tensor<1x32xf16>
}

// @shortk, 32x128 by 128x32: split 1 takes 2*32*32*128 / 1e12 / 0.5 =
// 5.24288e-7 + 2e-6; split 4 takes 1.31072e-7 + 2e-6 + 6e-7 (its partials,
// 32768 B, at device memory: (18432 + 2048 + 32768) / 0.5e12 = 1.06496e-7,
// under its arithmetic). The serial reduction costs more than the split
// saves: split 1. Its traffic, (18432 + 2048) / 0.5e12 + 5e-7 = 5.4096e-7,
// outlasts its arithmetic: latency = 5.4096e-7 + 2e-6 + 1e-6 = 3.54096e-6.
// CHECK: op #2 linalg.matmul:{{.*}} latency_s=3.54095999{{[0-9]*}}e-06;{{.*}} t_compute_s=5.24288e-07; t_memory_s=5.409599{{[0-9]*}}e-07;{{.*}} tile.split_k=1;{{.*}} tile.tiles=1;
// CHECK: op #2 linalg.matmul realism[4]: added_s=2e-06; factor=null; term=overlap;
// Without the term (nothing to pay for splitting), split 4:
// max(1.31072e-7, (18432 + 2048 + 32768) / 0.5e12 + 5e-7 = 6.06496e-7)
// + 1e-6 = 1.606496e-6.
// NOOVERLAP: op #2 linalg.matmul:{{.*}} latency_s=1.606495{{[0-9]*}}e-06;{{.*}} tile.split_k=4;
func.func @shortk(%a: tensor<32x128xf16>, %b: tensor<128x32xf16>, %c: tensor<32x32xf16>) -> tensor<32x32xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<32x128xf16>, tensor<128x32xf16>) outs(%c : tensor<32x32xf16>) -> tensor<32x32xf16>
  return %0 : tensor<32x32xf16>
}
