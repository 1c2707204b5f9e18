// Nsight Systems and Nsight Compute CSV exports (Inputs/README.md: the
// layouts and their sources) on the IR they stand for: C = A x B
// (1024^3, f32) then C + D (Inputs/gemm-add.mlir).
//
// nsys cuda_gpu_trace: a host-to-device copy (101.024 µs), the fill
// kernel (5.856), the cuBLAS GEMM (112.384), a memset (1.344), a
// device-to-host copy (42.112). The copies between host and device are
// outside the IR: 143.136 µs left out. The GEMM's name says contraction:
// the matmul; the fill functor's: the fill. Measured 5.856 + 112.384 +
// 1.344 = 119.584 µs; the memset maps to nothing after the matmul (the
// add is elementwise): matched 118.24 / 119.584 = 98.9%.
// RUN: mlsysim-opt %S/Inputs/gemm-add.mlir --mlsysim-report="hardware=h100 profile=%S/Inputs/nsys-gputrace.csv output=-" -o /dev/null | FileCheck %s --check-prefix=TRACE
// TRACE:      measured: {{.*}}nsys-gputrace.csv (nsys profile)
// TRACE-NEXT:   120 µs measured per run; 98.9% of it (118 µs) maps onto 4 of the IR's 4 ops (2 groups)
// TRACE-NEXT:   unmatched: 1.34 µs in 1 name ([CUDA memset] 1.34 µs)
// TRACE-NEXT:   host transfers: 143 µs of copies between host and device, outside the IR: left out
// TRACE:        sm90_xmma_gemm_f32f32_tf32f32_f32_tn_n_tilesize128x128x32...  linalg.matmul + 1 op  {{.*}}   112 µs
// TRACE:        void at::native::vectorized_elementwise_kernel<4, at::nat...  tensor.empty + 1 op   {{.*}}  5.86 µs
//
// nsys cuda_gpu_kern_sum over 100 runs (profile-runs=100): rows by total
// time, in no order, matched by kind alone: the GEMM 11238400 ns / 100 =
// 112.384 µs, the layer norm 33.1776 µs (no op of the IR: unmatched), the
// fill 5.856 µs. 151.4176 µs per run, 118.24 matched: 78.1%.
// RUN: mlsysim-opt %S/Inputs/gemm-add.mlir --mlsysim-report="hardware=h100 profile=%S/Inputs/nsys-kernsum.csv profile-runs=100 output=-" -o /dev/null | FileCheck %s --check-prefix=SUM
// SUM:      (nsys profile, the mean of 100 runs)
// SUM-NEXT:   151 µs measured per run; 78.1% of it (118 µs) maps onto 4 of the IR's 4 ops (2 groups)
// SUM-NEXT:   unmatched: 33.2 µs in 1 name (void at::native::(anonymous namespace)::vectorized_layer_norm_kernel
//
// ncu --page raw with FLOP metrics: gemm_kernel 1,073,741,824 FFMA = 2^31
// FLOPs = 2 x 1024^3, the matmul's; add_kernel 1,048,576 FADD = the add's
// 1024^2; axpy_kernel (f64, 1024 + 2048 + 2 x 512 = 4096 FLOPs) matches
// nothing. 112.38 + 4.10 + 2.05 = 118.53 µs, 116.48 matched: 98.3%. The
// add: 1024^2 FLOP / 4.10 µs = 256 GFLOP/s.
// RUN: mlsysim-opt %S/Inputs/gemm-add.mlir --mlsysim-report="hardware=h100 profile=%S/Inputs/ncu-raw.csv output=-" -o /dev/null | FileCheck %s --check-prefix=RAW
// RAW:      (ncu profile)
// RAW-NEXT:   119 µs measured per run; 98.3% of it (116 µs) maps onto 4 of the IR's 4 ops (2 groups)
// RAW-NEXT:   unmatched: 2.05 µs in 1 name (axpy_kernel 2.05 µs)
// RAW:        gemm_kernel  linalg.matmul + 2 ops  {{.*}}    112 µs
// RAW:        add_kernel   linalg.generic         {{.*}}   4.10 µs    {{.*}}   256 GFLOP/s
//
// Errors: a profile that marks steps takes no profile-runs=; a bad file
// names its line.
// RUN: not mlsysim-opt %S/Inputs/gemm-add.mlir --mlsysim-report="profile=%S/Inputs/torch-mlp.trace.json profile-runs=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RUNS
// RUNS: error: '{{.*}}torch-mlp.trace.json' marks 3 profiler steps, each a run; profile-runs= is for a file that marks none
// RUN: not mlsysim-opt %S/Inputs/gemm-add.mlir --mlsysim-report="profile-runs=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RUNS2
// RUNS2: error: profile-runs= says how many runs profile= holds; give profile=
// RUN: not mlsysim-opt %S/Inputs/gemm-add.mlir --mlsysim-report="profile=%S/Inputs/nsys-bad-duration.csv" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: {{.*}}nsys-bad-duration.csv{{.*}}line 7
// RUN: not mlsysim-opt %S/Inputs/gemm-add.mlir --mlsysim-report="profile=%S/Inputs/ncu-truncated.csv" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: error: {{.*}}ncu-truncated.csv{{.*}}line 10: unterminated quote
