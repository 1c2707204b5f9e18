// The text report: the answer first (per function, then the module: the
// latency under each execution model, where the time goes, the work and the
// memory), then what limits it and the lever that moves it, fusion, the
// kernels that take longest folded by repetition, and with ops=all every
// fusion group and every op in an aligned table with human units (free ops
// folded, unmodeled ops marked). Conventions and assumptions close it. It
// goes to stderr by default (the IR on stdout stays clean).
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100 ops=all" 2>&1 >/dev/null | FileCheck %s
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100" 2>&1 >/dev/null | FileCheck %s --check-prefix=SHORT
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100" 2>/dev/null | FileCheck %s --check-prefix=IR
// The HTML page opens with the same summary and diagnoses.
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100 format=html output=-" -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=HTML
// HTML: <th class="text">by execution model</th><td>eager 55.6 µs (3 kernels) · graph 43.9 µs (3 kernels) · compiled 43.9 µs (3 kernels) · fully fused 26.2 µs · each op at peak 32.4 µs</td>
// HTML: <ul id="diagnosis">
// HTML: <h3>@first: 50.6 µs</h3>
// HTML-NEXT: <ul id="diagnosis-0">
// HTML-NEXT: <li><b>matmuls</b>: 1 kernel, 28.9 µs (57.1%), compute-bound;
// HTML: <h3>@second: 5.00 µs</h3>

// IR-LABEL: func.func @first
// IR-NOT: mlsysim report

// H100: f16 matrix 989.4 TFLOP/s, f32 vector 66.9 TFLOP/s, 3.35 TB/s,
// efficiencies 0.75 and 0.9; launch 5 µs eager, 1.1 µs graph and compiled;
// 128x128 output tiles on 132 SMs; 700 W.
//
// #0 matmul 2048^3 f16 -> f32: 2*2048^3 = 17179869184 FLOPs (17.2 G);
// bytes = A and B 2*8388608 + C read and written 2*16777216 = 50331648
// (50.3 MB); AI = 341.33. Tiles (2048/128)^2 = 256 on 132 SMs: 2 waves,
// utilization 256/264 = 0.9697. compute 17179869184/989.4e12/0.75/0.9697 =
// 23.87 µs; memory 50331648/3.35e12/0.9 = 16.69 µs: compute-bound; eager
// latency 23.87 + 5 = 28.87 µs.
// #2 add of 2^22 f32: 4.19 MFLOP; 3*16777216 = 50331648 B; compute
// 4194304/66.9e12/0.75 = 83.6 ns, memory 16.69 µs: latency 21.69 µs.
// #4 add of 16 f32: 192 B in 0.06 ns; the 5 µs launch dominates.
//
// @first, eager: 28.87 + 21.69 = 50.56 µs; graph and compiled (no pair is
// legal to fuse: foo.bar sits between): 23.87 + 1.1 + 16.69 + 1.1 =
// 42.76 µs. Fully fused: the compute of both, 23.87 + 0.08 µs, over the
// traffic of arguments and results, + one launch: 25.05 µs. Each op at peak
// (efficiency 1, no launch): matmul max(17.36, 15.02) + add max(0.06, 15.02)
// = 32.4 µs.
// CHECK: mlsysim report: NVIDIA H100 SXM5 80GB (nvidia-h100-sxm), batch 1
// CHECK-NEXT: @first: predicted 50.6 µs, eager (2 kernels)
// CHECK-NEXT: eager 50.6 µs (2 kernels) · graph 42.8 µs (2 kernels) · compiled 42.8 µs (2 kernels) · fully fused 25.1 µs · each op at peak 32.4 µs
// 23.87/50.56 = 47.2% compute, 16.69/50.56 = 33.0% memory, 10/50.56 = 19.8%
// launches; 1/50.56 µs = 19.8 K samples/s; MFU 17.18e9/50.56e-6/989.4e12
// = 34.3%; energy 700 W x 50.56 µs = 35.4 mJ.
// CHECK-NEXT: time: compute 47.2% · memory 33.0% · launches 19.8%; 19.8 Ksamples/s at batch 1; MFU 34.3% of the matrix f16 peak (989 TFLOP/s); energy <= 35.4 mJ
// CHECK-NEXT: work: 17.2 GFLOP, 67.1 MB read, 33.6 MB written; 4 ops (1 free, 1 unmodeled)
// Arguments 8.39 + 16.8 + 16.8 MB = 41.9 MB; at #3 the matmul's and the
// add's results (16.8 MB each) are live.
// CHECK-NEXT: memory: 75.5 MB at peak (arguments 41.9 MB + live intermediates 33.6 MB at #3) of 80 GB: fits
// Each function's diagnosis (its two largest kinds of work): in @first the
// matmul takes 28.87/50.56 = 57.1%, the add 21.69/50.56 = 42.9%; at half the
// width the add takes 16.69/2 + 5 = 13.3 µs.
// CHECK-EMPTY:
// CHECK-NEXT: what limits @first, and what moves it:
// CHECK-NEXT: matmuls: 1 kernel, 28.9 µs (57.1%), compute-bound;
// CHECK-NEXT: elementwise: 1 kernel, 21.7 µs (42.9%), memory-bound; they move 50.3 MB: at half the element width they would take 13.3 µs
// CHECK-NEXT: launches: 2 kernel launches x 5 µs = 10 µs (19.8% of the time)
// CHECK-EMPTY:
// CHECK-NEXT: @second: predicted 5.00 µs, eager (1 kernel)
// CHECK-NEXT: eager 5.00 µs (1 kernel) · graph 1.10 µs (1 kernel) · compiled 1.10 µs (1 kernel) · fully fused 1.10 µs
// CHECK: what limits @second, and what moves it:
// CHECK-NEXT: elementwise: 1 kernel, 5.00 µs (100.0%), overhead-bound;
// Module: 50.56 + 5.00 = 55.56 µs; compute 23.87/55.56 = 43.0%, memory
// 16.69/55.56 = 30.0%, launches 15/55.56 = 27.0%.
// CHECK: the module: predicted 55.6 µs, eager (3 kernels)
// The module's fully fused bound is its functions' summed: 25.05 + 1.10.
// CHECK-NEXT: eager 55.6 µs (3 kernels) · graph 43.9 µs (3 kernels) · compiled 43.9 µs (3 kernels) · fully fused 26.2 µs · each op at peak 32.4 µs
// CHECK-NEXT: time: compute 43.0% · memory 30.0% · launches 27.0%;
// CHECK-NEXT: work: 17.2 GFLOP, 67.1 MB read, 33.6 MB written; 5 ops (1 free, 1 unmodeled)

// The matmul's lever: at fp8 (1978.9 TFLOP/s) its compute halves to
// 11.94 µs, under its memory time: 16.69 + 5 = 21.7 µs. The adds at half
// the width: 16.69/2 + 5 + 0.03 ns + 5 = 18.3 µs.
// CHECK: what limits it, and what moves it:
// CHECK-NEXT: matmuls: 1 kernel, 28.9 µs (52.0%), compute-bound; compute-bound on the matrix unit's f16 peak (989 TFLOP/s); in fp8 on the matrix unit (1.98 PFLOP/s) they would take 21.7 µs (precision=fp8 prices it)
// CHECK-NEXT: elementwise: 2 kernels, 26.7 µs (48.0%), memory-bound; they move 50.3 MB: at half the element width they would take 18.3 µs
// CHECK-NEXT: launches: 3 kernel launches x 5 µs = 15.0 µs (27.0% of the time); the compiled plan runs 3 kernels (43.9 µs in all)

// CHECK: fusion: 3 ops run as 3 kernels (0 weight-only ops folded, 0 fills made in place)
// CHECK-NEXT: none: no producer-consumer pair is legal and faster fused

// 28.87 + 21.69 = 50.56 µs of 55.56 is 91% >= 90%: the list stops there.
// CHECK: ops that take longest (3 in all, 3 distinct; ops=all lists every op):
// CHECK-NEXT: count kernel each total share bound first at
// CHECK-NEXT: x1 matmul 28.9 µs 28.9 µs 52.0% compute {{.*}}report-text.mlir:[[# @LINE + 26]]:8
// CHECK-NEXT: x1 add 21.7 µs 21.7 µs 39.0% memory {{.*}}report-text.mlir:[[# @LINE + 27]]:8
// CHECK-EMPTY:

// CHECK: every op (each as its own kernel):
// CHECK-NEXT: id op location runs work bytes ops/B unit compute memory latency bound
// CHECK-NEXT: 0 linalg.matmul {{.*}}report-text.mlir:{{[0-9]+}}:8 1 17.2 GFLOP 50.3 MB 341.33 matrix:f16 23.9 µs 16.7 µs 28.9 µs compute
// CHECK-NEXT: 2 linalg.add {{.*}} 1 4.19 MFLOP 50.3 MB 0.08 vector:f32 83.6 ns 16.7 µs 21.7 µs memory
// CHECK-NEXT: 3 foo.bar {{.*}} 1 - - - - - - - unmodeled
// CHECK-NEXT: 4 linalg.add {{.*}} 1 16 FLOP 192 B 0.08 vector:f32 0.00 ns 0.06 ns 5.00 µs overhead
// CHECK-NEXT: (1 free op not shown: 1 tensor.empty)

// CHECK: conventions: a multiply-accumulate counts as 2 FLOPs (flop-convention=fma2); bytes are decimal (1 KB = 1000 B); dynamic sizes unbound
// CHECK-NEXT: assumptions: 75.0% of peak compute (assumption: {{.*}}); 90.0% of peak bandwidth (assumption: {{.*}})
// CHECK-NEXT: launch per kernel: eager 5 µs (source: hta-launch); graph 1.10 µs (source: pt-cudagraph); compiled 1.10 µs (source: pt-cudagraph)
// CHECK-NEXT: latency = max(compute, memory) / efficiency + launch per kernel; memory bandwidth 3.35 TB/s; matrix ops in 128x128 tiles on 132 cores
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
