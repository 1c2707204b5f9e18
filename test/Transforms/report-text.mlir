// The text report: the answer first (per function, then the module: the
// latency under each execution model, where the time goes, the work and the
// memory), then what limits it and the lever that moves it, fusion, the
// kernels that take longest folded by repetition, and with ops=all every
// fusion group and every op in an aligned table with human units (free ops
// folded, unmodeled ops marked). Conventions and assumptions close it. It
// goes to stderr by default (the IR on stdout stays clean).
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100 ops=all realism=no-small-transfer,no-overlap" 2>&1 >/dev/null | FileCheck %s
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100 realism=no-small-transfer,no-overlap" 2>&1 >/dev/null | FileCheck %s --check-prefix=SHORT
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100 realism=no-small-transfer,no-overlap" 2>/dev/null | FileCheck %s --check-prefix=IR
// The HTML page opens with the same summary and diagnoses.
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100 format=html output=- realism=no-small-transfer,no-overlap" -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=HTML
// HTML: <th class="text">by execution model</th><td>eager 54.1 µs (3 kernels) · graph 42.4 µs (3 kernels) · compiled 42.4 µs (3 kernels) · fully fused 27.2 µs · each op at peak 32.4 µs</td>
// HTML: <ul id="diagnosis">
// HTML: <h3>@first: 49.1 µs</h3>
// HTML-NEXT: <ul id="diagnosis-0">
// HTML-NEXT: <li><b>matmuls</b>: 1 kernel, 27.4 µs (55.8%), compute-bound;
// HTML: <h3>@second: 5.00 µs</h3>

// IR-LABEL: func.func @first
// IR-NOT: mlsysim report

// H100: f16 matrix 989.4 TFLOP/s, f32 vector 66.9 TFLOP/s, 3.35 TB/s,
// efficiencies 0.8 (compute, sourced) and 0.9 (memory); launch 5 µs eager,
// 1.1 µs graph and compiled; 132 SMs, 8 tile shapes and 8 split-K factors
// (1, 2, 3, 4, 5, 6, 8, 16) in its matrix_tiles; 700 W.
//
// #0 matmul 2048^3 f16 -> f32: 2*2048^3 = 17179869184 FLOPs (17.2 G);
// bytes = A and B 2*8388608 + C read and written 2*16777216 = 50331648
// (50.3 MB); AI = 341.33. The best of the tiles (test/Analysis/tiling.mlir):
// 256x128, no split: (2048/256)*(2048/128) = 128 tiles on 132 SMs, 1 wave,
// one tile 2*256*128*2048 / (989.4e12/132) = 17.907 µs; compute
// 17.907/0.8 = 22.38 µs (= 17179869184/989.4e12/0.8/(128/132)); every other
// shape and split-K ties or loses. Memory 50331648/3.35e12/0.9 = 16.69 µs
// (its shared-memory level, 13.79 µs, is faster): compute-bound; eager
// latency 22.38 + 5 = 27.38 µs.
// #2 add of 2^22 f32: 4.19 MFLOP; 3*16777216 = 50331648 B; compute
// 4194304/66.9e12/0.8 = 78.4 ns, memory 16.69 µs: latency 21.69 µs.
// #4 add of 16 f32: 192 B in 0.06 ns; the 5 µs launch dominates.
//
// @first, eager: 27.38 + 21.69 = 49.08 µs; graph and compiled (no pair is
// legal to fuse: foo.bar sits between): 22.38 + 1.1 + 16.69 + 1.1 =
// 41.28 µs. Fully fused: the compute of both, 22.38 + 0.08 µs, under the
// traffic of one kernel running both: the arguments read once, 8388608 +
// 16777216 + 16777216 = 41943040 B, and the two results foo.bar (no kernel's
// op) reads written, 2*16777216 = 33554432 B: 75497472/3.35e12/0.9 = 25.04
// µs, + one launch: 26.14 µs. Each op at peak
// (efficiency 1, no launch): matmul max(17.36, 15.02) + add max(0.06, 15.02)
// = 32.4 µs.
// CHECK: mlsysim report: NVIDIA H100 SXM5 80GB (nvidia-h100-sxm), batch 1
// foo.bar is unmodeled: the latency is a lower bound ("at least").
// CHECK-NEXT: @first: predicted at least 49.1 µs, eager (2 kernels)
// CHECK-NEXT: eager 49.1 µs (2 kernels) · graph 41.3 µs (2 kernels) · compiled 41.3 µs (2 kernels) · fully fused 26.1 µs · each op at peak 32.4 µs
// 22.38/49.08 = 45.6% compute, 16.69/49.08 = 34.0% memory, 10/49.08 = 20.4%
// launches; 1/49.08 µs = 20.4 K samples/s; MFU 17.18e9/49.08e-6/989.4e12
// = 35.4%; energy 700 W x 49.08 µs = 34.4 mJ.
// CHECK-NEXT: time: compute 45.6% · memory 34.0% · launches 20.4%; 20.4 Ksamples/s at batch 1; MFU 35.4% of the matrix f16 peak (989 TFLOP/s); energy <= 34.4 mJ
// CHECK-NEXT: work: 17.2 GFLOP, 67.1 MB read, 33.6 MB written by the eager kernels; 4 ops (1 free, 1 unmodeled)
// Arguments 8.39 + 16.8 + 16.8 MB = 41.9 MB; at #3 the matmul's and the
// add's results (16.8 MB each) are live.
// CHECK-NEXT: memory: 75.5 MB at peak (arguments 41.9 MB + live intermediates 33.6 MB at #3) of 80 GB: fits
// No tags, and the matmul reads A on both sides: no stationary operand.
// CHECK-NEXT: weights could not be inferred (no contraction reads an argument, constant or global as its stationary operand; weights= names them)
// Each function's diagnosis (its two largest kinds of work): in @first the
// matmul takes 27.38/49.08 = 55.8%, the add 21.69/49.08 = 44.2%; at half the
// width the add takes 16.69/2 + 5 = 13.3 µs.
// CHECK-EMPTY:
// CHECK-NEXT: what limits @first, and what moves it:
// CHECK-NEXT: matmuls: 1 kernel, 27.4 µs (55.8%), compute-bound;
// CHECK-NEXT: elementwise: 1 kernel, 21.7 µs (44.2%), memory-bound; they move 50.3 MB: at half the element width they would take 13.3 µs
// CHECK-NEXT: launches: 2 kernel launches x 5 µs = 10 µs (20.4% of the time)
// CHECK-EMPTY:
// CHECK-NEXT: @second: predicted 5.00 µs, eager (1 kernel)
// CHECK-NEXT: eager 5.00 µs (1 kernel) · graph 1.10 µs (1 kernel) · compiled 1.10 µs (1 kernel) · fully fused 1.10 µs
// CHECK: what limits @second, and what moves it:
// CHECK-NEXT: elementwise: 1 kernel, 5.00 µs (100.0%), overhead-bound;
// Module: 49.08 + 5.00 = 54.08 µs; compute 22.38/54.08 = 41.4%, memory
// 16.69/54.08 = 30.9%, launches 15/54.08 = 27.7%; graph 41.28 + 1.1 =
// 42.38 µs.
// CHECK: the module: predicted at least 54.1 µs, eager (3 kernels)
// The module's fully fused bound is its functions' summed: 26.14 + 1.10.
// CHECK-NEXT: eager 54.1 µs (3 kernels) · graph 42.4 µs (3 kernels) · compiled 42.4 µs (3 kernels) · fully fused 27.2 µs · each op at peak 32.4 µs
// CHECK-NEXT: time: compute 41.4% · memory 30.9% · launches 27.7%;
// CHECK-NEXT: work: 17.2 GFLOP, 67.1 MB read, 33.6 MB written by the eager kernels; 5 ops (1 free, 1 unmodeled)

// The matmul's lever: at fp8 (1978.9 TFLOP/s) its compute halves to
// 11.19 µs, under its memory time: 16.69 + 5 = 21.7 µs. The adds at half
// the width: 16.69/2 + 5 + 0.03 ns + 5 = 18.3 µs. Matmul 27.38/54.08 =
// 50.6%, adds (21.69 + 5.00)/54.08 = 49.4%.
// CHECK: what limits it, and what moves it:
// CHECK-NEXT: matmuls: 1 kernel, 27.4 µs (50.6%), compute-bound; compute-bound on the matrix unit's f16 peak (989 TFLOP/s); in fp8 on the matrix unit (1.98 PFLOP/s) they would take 16.2 µs (precision=fp8 prices it)
// CHECK-NEXT: elementwise: 2 kernels, 26.7 µs (49.4%), memory-bound; they move 50.3 MB: at half the element width they would take 18.3 µs
// CHECK-NEXT: launches: 3 kernel launches x 5 µs = 15.0 µs (27.7% of the time); the compiled plan runs 3 kernels (42.4 µs in all)

// CHECK: fusion: 3 kernels as the ops are written run as 3 kernels (0 weight-only ops folded, 0 fills made in place)
// CHECK-NEXT: none: no producer-consumer pair is legal and faster fused

// 27.38 + 21.69 = 49.08 µs of 54.08 is 91% >= 90%: the list stops there;
// shares 27.38/54.08 = 50.6%, 21.69/54.08 = 40.1%.
// CHECK: ops that take longest (3 in all, 3 distinct; ops=all lists every op):
// CHECK-NEXT: count kernel each total share bound first at
// CHECK-NEXT: x1 matmul 27.4 µs 27.4 µs 50.6% compute {{.*}}report-text.mlir:[[# @LINE + 26]]:8
// CHECK-NEXT: x1 add 21.7 µs 21.7 µs 40.1% memory {{.*}}report-text.mlir:[[# @LINE + 27]]:8
// CHECK-EMPTY:

// CHECK: every op (each as its own kernel):
// CHECK-NEXT: id op location runs work bytes ops/B unit compute memory latency bound
// CHECK-NEXT: 0 linalg.matmul {{.*}}report-text.mlir:{{[0-9]+}}:8 1 17.2 GFLOP 50.3 MB 341.33 matrix:f16 22.4 µs 16.7 µs 27.4 µs compute
// CHECK-NEXT: 2 linalg.add {{.*}} 1 4.19 MFLOP 50.3 MB 0.08 vector:f32 78.4 ns 16.7 µs 21.7 µs memory:dram
// CHECK-NEXT: 3 foo.bar {{.*}} 1 - - - - - - - unmodeled
// CHECK-NEXT: 4 linalg.add {{.*}} 1 16 FLOP 192 B 0.08 vector:f32 0.00 ns 0.06 ns 5.00 µs overhead
// CHECK-NEXT: (1 free op not shown: 1 tensor.empty)

// CHECK: conventions: a multiply-accumulate counts as 2 FLOPs (flop-convention=fma2); bytes are decimal (1 KB = 1000 B); dynamic sizes bound to 1
// CHECK-NEXT: assumptions: 80.0% of peak compute (source: mamf); 90.0% of peak bandwidth (assumption: {{.*}})
// CHECK-NEXT: launch per kernel: eager 5 µs (source: hta-launch); graph 1.10 µs (source: pt-cudagraph); compiled 1.10 µs (source: pt-cudagraph)
// CHECK-NEXT: latency = max(compute, memory) / efficiency + launch per kernel; memory bandwidth 3.35 TB/s; contractions in the best of 8 tile shapes x 8 split-K factors on 132 cores
// 989.4e12 / 3.35e12 = 295.3; 66.9e12 / 3.35e12 = 20.0.
// CHECK-NEXT: ridge points (peak / bandwidth) of the units used: matrix f16 295.3 FLOP/B, vector f32 20.0 FLOP/B
// CHECK-NEXT: unmodeled: 1 foo.bar (no cost model for 'foo.bar'), first at {{.*}}report-text.mlir:[[# @LINE + 11]]:8

// Without ops=all: no group or op table.
// SHORT: ops that take longest
// SHORT-NOT: every op (each
// SHORT: conventions:

func.func @first(%a: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>, %x: tensor<4194304xf32>) -> tensor<2048x2048xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %e = tensor.empty() : tensor<4194304xf32>
  %1 = linalg.add ins(%x, %x : tensor<4194304xf32>, tensor<4194304xf32>) outs(%e : tensor<4194304xf32>) -> tensor<4194304xf32>
  %2 = "foo.bar"(%0, %1) : (tensor<2048x2048xf32>, tensor<4194304xf32>) -> tensor<2048x2048xf32>
  return %2 : tensor<2048x2048xf32>
}

func.func @second(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
