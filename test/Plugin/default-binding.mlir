// Through the plugin in stock mlir-opt, as through mlsysim-opt: dynamic
// sizes are bound to 1 by default (the README's batch default); nothing is
// left unmodeled for its shape.
// RUN: mlir-opt %S/../scripts/Inputs/dynamic-batch.mlir --load-dialect-plugin=%mlsysim_lib/libMLSysimPlugin.so --load-pass-plugin=%mlsysim_lib/libMLSysimPlugin.so --pass-pipeline="builtin.module(mlsysim-report{output=-})" -o /dev/null 2>&1 | FileCheck %s
// x: ?x1024 f32 at 1 row times W 1024x1024: 2*1*1024*1024 = 2097152 FLOPs.
// CHECK-NOT: dynamic shape
// CHECK: @forward: predicted {{[0-9.]+ [^ ]*s}}, compiled
// CHECK: work: 2.10 MFLOP
// CHECK: 0 unmodeled
// CHECK: dynamic sizes bound to 1
