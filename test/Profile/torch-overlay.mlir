// A hand-written torch.profiler trace (Inputs/linear-relu.trace.json) of
// Linear(64, 128) + ReLU on the IR torch-mlir makes of it, on the toy
// device (vector f32 10 TFLOP/s, 1 TB/s, both at 50%, 1 µs launch), eager.
//
// Predicted, each op its own kernel (hand-computed):
//   #1 fill: writes 4*128*4 = 2048 B -> 2048 / 0.5e12 = 4.096 ns + 1 µs
//      = 1.004096 µs
//   #2 matmul: reads 1024 + 32768 + 2048, writes 2048 = 37888 B
//      -> 75.776 ns (> 65536 FLOP / 5e12 = 13.1 ns) + 1 µs = 1.075776 µs
//   #3 bias add: 2560 + 2048 B -> 9.216 ns + 1 µs = 1.009216 µs
//   #4 relu: 2048 + 2048 B -> 8.192 ns + 1 µs = 1.008192 µs
// Measured, the step's top-level ops: aten::linear 100 µs (its aten::addmm
// is inside it), aten::relu 20 µs, aten::view 1 µs; aten::zeros ran before
// the step. aten::linear [4,64] x [128,64]^T: 4*64*128 = 32768 MACs, the
// matmul's: its anchor; the empty tensor and the fill feed it, the bias
// add reads it: ops #0-#3, predicted 1.004096 + 1.075776 + 1.009216 =
// 3.089088 µs, headroom 100 / 3.089088 = 32.37x, time left 96.91 µs,
// 66048 FLOP / 100 µs = 660 MFLOP/s, 2048 + 37888 + 4608 = 44544 B / 100 µs
// = 445 MB/s. aten::relu [4,128]: the relu (512 elements, no bias among
// its sizes), 20 / 1.008192 = 19.84x, 512 FLOP / 20 µs = 25.6 MFLOP/s.
// aten::view maps to no op (a view matches only a free op, and none follows
// the relu). Matched 120 of 121 µs = 99.2%.
//
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/linear-relu.trace.json output=-" -o /dev/null | FileCheck %s
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/linear-relu.trace.json format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/linear-relu.trace.json format=csv output=-" -o /dev/null | FileCheck %s --check-prefix=CSV
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/linear-relu.trace.json format=trace output=-" -o /dev/null | FileCheck %s --check-prefix=TRACE
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/linear-relu.trace.json format=svg output=-" -o /dev/null | FileCheck %s --check-prefix=SVG
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/linear-relu.trace.json format=html output=-" -o /dev/null | FileCheck %s --check-prefix=HTML

// CHECK:      measured: {{.*}}linear-relu.trace.json (torch profile)
// CHECK-NEXT:   121 µs measured per run; 99.2% of it (120 µs) maps onto 5 of the IR's 5 ops (2 groups), predicted at 4.10 µs (measured 29.29x the prediction)
// CHECK-NEXT:   unmatched: 1 µs in 1 name (aten::view 1 µs)
// CHECK-NEXT:   note: 1 top-level op outside the profiler steps
// CHECK-NEXT:   time left on the table (measured - predicted), largest first:
// CHECK-NEXT:    measured op   IR ops                 location {{ *}}measured  predicted  headroom                achieved  bound
// CHECK-NEXT:    aten::linear  linalg.matmul + 3 ops  {{.*}}linear-relu.mlir:9:8   100.0 µs    3.09 µs    32.37x   660 MFLOP/s, 445 MB/s  overhead
// CHECK-NEXT:    aten::relu    linalg.generic         {{.*}}linear-relu.mlir:15:8     20 µs    1.01 µs    19.84x  25.6 MFLOP/s, 205 MB/s  overhead

// The compiled plan's one kernel runs all four ops that do work: 120 µs.
// JSON:       "kernels": [
// JSON:       "measured_s": 0.000119999
// JSON:       "ops": [
// JSON:       "measured_s": 0,
// JSON:       "measured_s": 3.25046{{[0-9]*}}e-05
// JSON:       "measured_s": 3.4825{{[0-9]*}}e-05
// JSON:       "measured_s": 3.26703{{[0-9]*}}e-05
// JSON:       "measured_s": 1.99999{{[0-9]*}}e-05
// JSON:       "profile": {
// JSON-DAG:     "format": "torch"
// JSON-DAG:     "matched_share": 0.99173553719
// JSON-DAG:     "measured_s": 0.000120999
// JSON-DAG:     "predicted_matched_s": 4.09728e-06
// JSON-DAG:     "runs": 1
// JSON:         "units": [
// JSON:           "anchor": 2,
// JSON-NEXT:      "bound": "overhead",
// JSON-NEXT:      "entries": 1,
// JSON-NEXT:      "headroom": 32.37201
// JSON:           "ops": [
// JSON-NEXT:        0,
// JSON-NEXT:        1,
// JSON-NEXT:        2,
// JSON-NEXT:        3
// JSON-NEXT:      ],
// JSON-NEXT:      "predicted_s": 3.089088e-06,
// JSON-NEXT:      "time_left_s": 9.6910912e-05
// JSON:           "anchor": 4,
// JSON:           "headroom": 19.83749
// JSON:           "name": "aten::view"
// JSON:         "unmatched_s": 1e-06

// The op ids 0-4: #0 (the empty tensor, free) gets none of the unit's time
// (no predicted time), #2 gets 100 * 1.075776 / 3.089088 = 34.825 µs.
// CSV: id,op,{{.*}},kernel,measured_s,hardware
// CSV: 0,tensor.empty,{{.*}},0,toy-npu
// CSV: 2,linalg.matmul,{{.*}},3.4825{{[0-9]*}}e-05,toy-npu

// TRACE: "name": "linalg.matmul"
// TRACE: "measured_s": 3.4825{{[0-9]*}}e-05

// SVG: <g class="measured"><line
// SVG: <title>aten::linear on #2 linalg.matmul: measured 100.0 µs, predicted 3.09 µs</title>
// SVG: measured (o: predicted)

// HTML: <h2>Measured</h2>
// HTML: <table id="measured" class="sortable"
// HTML: <td class="text">aten::linear</td><td class="text">linalg.matmul + 3 ops</td>

// The remarks carry the measured time too: per op in eager execution (the
// matmul's share, 34.8 µs, 32.37x its 1.08 µs), per kernel in compiled
// execution (the one kernel runs all four ops: 120 µs against 1.07 µs).
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-remarks="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/linear-relu.trace.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-remarks="hardware=%S/../Hardware/Inputs/toy-device.yaml profile=%S/Inputs/linear-relu.trace.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=KERNEL
// REMARK: linear-relu.mlir:9:8: remark: overhead-bound: {{.*}}; 1.08 µs (26% of @forward); measured 34.8 µs (32.37x the prediction)
// REMARK: linear-relu.mlir:15:8: remark: {{.*}}; measured 20 µs (19.84x the prediction)
// KERNEL: linear-relu.mlir:9:8: remark: kernel K0 (linalg.matmul + 3 ops, epilogue): {{.*}}; measured 120 µs (111.87x the prediction)
