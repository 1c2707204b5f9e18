// Two profiles of the same IR, before and after a change (the linear made
// twice as fast: 100 -> 50 µs, its aten::addmm 80 -> 40 µs; the relu 20 µs
// and the view 1 µs unchanged): profile-baseline= gives the change per
// measured op, the largest first.
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/linear-relu-faster.trace.json profile-baseline=%S/Inputs/linear-relu.trace.json output=-" -o /dev/null | FileCheck %s
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/linear-relu-faster.trace.json profile-baseline=%S/Inputs/linear-relu.trace.json format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// Before: 100 + 20 + 1 = 121 µs; now 50 + 20 + 1 = 71 µs: 71 / 121 - 1 =
// -41.3%. The linear's group: 50 / 3.089088 = 16.19x its prediction.
// CHECK:      71.0 µs measured per run; 98.6% of it (70 µs) maps onto 5 of the IR's 5 ops (2 groups)
// CHECK:      aten::linear  linalg.matmul + 3 ops  {{.*}}    50.0 µs    3.09 µs    16.19x
// CHECK:      against {{.*}}linear-relu.trace.json (torch): measured 121 µs per run before, 71.0 µs now (-41.3%)
// CHECK-NEXT: largest measured changes:
// CHECK-NEXT:  measured op   IR op             before      now     change
// CHECK-NEXT:  aten::linear  linalg.matmul   100.0 µs  50.0 µs   (-50.0%)
// CHECK-NEXT:  aten::relu    linalg.generic     20 µs    20 µs    (+0.0%)

// JSON:      "baseline": {
// JSON:        "measured_s": 0.000120999
// JSON:      "changes": [
// JSON-NEXT:   {
// JSON-NEXT:     "after_s": 4.99999{{[0-9]*}}e-05,
// JSON-NEXT:     "anchor": 2,
// JSON-NEXT:     "before_s": 9.99999{{[0-9]*}}e-05,
// JSON-NEXT:     "name": "aten::linear"
// JSON:          "anchor": 4,
// JSON:        "measured_s": 7.09999{{[0-9]*}}e-05,
