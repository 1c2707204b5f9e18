// --mlsysim-track=HW prints the predicted total after each pass of the
// pipeline, so a compiler engineer sees which pass bought what: as written
// (eager, one kernel per op), elementwise fusion halves the traffic and the
// launches of two 2^20-element ops: each kernel moves 8388608 B,
// 8388608 / 3.35e12 / 0.9 = 2.782 us + the HBM latency of one transfer
// (memory.latency_s 353.5 ns) + the 5 us launch = 8.136 us; two of them
// 16.27 us -> one 8.14 us. Compiled, the plan fused them already: one kernel
// reading x and writing the result, 2.782 + 0.3535 + 1.1 us launch =
// 4.236 us, before and after.
// RUN: mlsysim-opt %S/../../Transforms/Inputs/two-elementwise.mlir --mlsysim-track=h100 --canonicalize --linalg-fuse-elementwise-ops -o %t.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: not mlsysim-opt %S/../../Transforms/Inputs/two-elementwise.mlir --mlsysim-track=h999 --canonicalize 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: mlsysim-track: after input: compiled 4.24 µs in 1 kernel; eager 16.3 µs in 2 kernels; 8.39 MB moved as compiled, 0 unmodeled ops on nvidia-h100-sxm
// CHECK-NEXT: mlsysim-track: after canonicalize: compiled 4.24 µs (+0.0%) in 1 kernel; eager 16.3 µs (+0.0%) in 2 kernels
// CHECK-NEXT: mlsysim-track: after linalg-fuse-elementwise-ops: compiled 4.24 µs (+0.0%) in 1 kernel; eager 8.14 µs (-50.0%) in 1 kernel; 8.39 MB moved as compiled
// The pipeline itself still runs and writes its output.
// IR-COUNT-1: linalg.generic
// BAD: error: unknown hardware 'h999'
