// This project's own trace read back as a profile: every slice names its
// ops, so the mapping needs no guess, and a prediction compared with
// itself has no time left: measured = predicted, kernel by kernel.
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager format=trace output=%t.eager.json" -o /dev/null
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%t.eager.json output=-" -o /dev/null | FileCheck %s --check-prefix=EAGER
// Compiled: one slice runs the fill, matmul, bias add and relu (one
// kernel, 1.07 µs: 38912 B at 0.5 TB/s = 77.8 ns... as the report prices
// it); read back it is one unit of four ops.
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=trace output=%t.compiled.json" -o /dev/null
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml profile=%t.compiled.json format=json output=-" -o /dev/null | FileCheck %s --check-prefix=COMPILED
// Read against the eager prediction, the compiled trace's one kernel is
// compared with the four eager kernels it replaces: 4.10 µs predicted.
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%t.compiled.json output=-" -o /dev/null | FileCheck %s --check-prefix=FUSED

// Eager: four slices (the empty tensor does no work: no slice), 1.004096 +
// 1.075776 + 1.009216 + 1.008192 = 4.09728 µs.
// EAGER:      measured: {{.*}}eager.json (mlsysim profile)
// EAGER-NEXT:   4.10 µs measured per run; 100.0% of it (4.10 µs) maps onto 4 of the IR's 5 ops (4 groups), predicted at 4.10 µs (measured 1.00x the prediction)
// EAGER:        linalg.matmul  linalg.matmul  {{.*}}   1.08 µs    1.08 µs     1.00x

// COMPILED:       "profile": {
// COMPILED:         "format": "mlsysim",
// COMPILED:         "matched_share": 1,
// COMPILED:         "ops_measured": 4,
// COMPILED:         "headroom": 1,
// COMPILED:         "names": [
// COMPILED-NEXT:      "linalg.matmul + 3 ops (epilogue)"
// COMPILED:         "time_left_s": 0

// FUSED: (mlsysim profile)
// FUSED-NEXT: maps onto 4 of the IR's 5 ops (1 group), predicted at 4.10 µs (measured 0.26x the prediction)
