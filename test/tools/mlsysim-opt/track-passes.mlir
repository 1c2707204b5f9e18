// --mlsysim-track=HW prints the predicted total after each pass of the
// pipeline, so a compiler engineer sees which pass bought what: elementwise
// fusion halves the traffic and the launches of two 2^20-element ops
// (test/Transforms/report-baseline.mlir has the arithmetic: 15.6 us -> 7.78 us).
// RUN: mlsysim-opt %S/../../Transforms/Inputs/two-elementwise.mlir --mlsysim-track=h100 --canonicalize --linalg-fuse-elementwise-ops -o %t.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: not mlsysim-opt %S/../../Transforms/Inputs/two-elementwise.mlir --mlsysim-track=h999 --canonicalize 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: mlsysim-track: after input: predicted 15.6 µs, 16.8 MB moved, 2 kernel launches, 0 unmodeled ops on nvidia-h100-sxm
// CHECK-NEXT: mlsysim-track: after canonicalize: predicted 15.6 µs (+0.0%)
// CHECK-NEXT: mlsysim-track: after linalg-fuse-elementwise-ops: predicted 7.78 µs (-50.0%), 8.39 MB moved, 1 kernel launches
// The pipeline itself still runs and writes its output.
// IR-COUNT-1: linalg.generic
// BAD: error: unknown hardware 'h999'
