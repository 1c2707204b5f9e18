// Elementwise chain on the toy device (test/Hardware/Inputs/toy-device.yaml:
// vector f32 10 TFLOP/s, special functions 1e12/s, 1 TB/s, both at 50%
// efficiency, 1 µs per launch). Each tensor is 1000x1000 f32 = 4 MB.
//   add: 12 MB / 0.5 TB/s = 24 µs (compute 1e6 / 5e12 = 0.2 µs) + 1 = 25 µs
//   mul: 25 µs
//   exp: 8 MB -> 16 µs (1e6 exp / 0.5e12 = 2 µs) + 1 = 17 µs
//   apart: 67 µs
//   fused: reads x, y, z (12 MB), writes 4 MB: 16 MB -> 32 µs; compute
//          0.2 + 0.2 + 2 = 2.4 µs; + one launch = 33 µs; saves 34 µs (50.7%)
//   bytes saved: 32 MB before - 16 MB after = 16 MB; launches saved 2.

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml fusion=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml fusion=1 format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml fusion=1 format=html output=-" -o /dev/null | FileCheck %s --check-prefix=HTML
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml fusion=1 format=json output=-" -o /dev/null | %fields | FileCheck %s --check-prefix=CSV
// RUN: mlsysim-opt %s --mlsysim-fuse=hardware=%S/../Hardware/Inputs/toy-device.yaml -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: mlsysim-opt %t.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER

func.func @chain(%x: tensor<1000x1000xf32>, %y: tensor<1000x1000xf32>,
                 %z: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
  %e = tensor.empty() : tensor<1000x1000xf32>
  %s = linalg.add ins(%x, %y : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%e : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  %m = linalg.mul ins(%s, %z : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%e : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  %r = linalg.exp ins(%m : tensor<1000x1000xf32>) outs(%e : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %r : tensor<1000x1000xf32>
}

// TEXT: predicted latency: 67 µs
// TEXT: fusion opportunities
// TEXT-NEXT: group  kind
// TEXT-NEXT: G0  elementwise-chain  16 MB  2  0  67 µs  33.0 µs  34.0 µs  50.7%  #1 linalg.add, #2 linalg.mul, #3 linalg.exp
// TEXT-NEXT: @chain: 67 µs as is, 33.0 µs with these groups fused, 33.0 µs fully fused

// JSON: "fusion": [
// JSON-NEXT: {
// JSON-NEXT: "bytes_saved": 16000000,
// JSON-NEXT: "flops_added": 0,
// JSON-NEXT: "func": "chain",
// JSON-NEXT: "group": 0,
// JSON-NEXT: "kept": [],
// JSON-NEXT: "kind": "elementwise-chain",
// JSON-NEXT: "latency_after_s": {{3\.(3|29999[0-9]*|30000[0-9]*)e-05}},
// JSON-NEXT: "latency_before_s": {{6\.(7|69999[0-9]*|70000[0-9]*)e-05}},
// JSON-NEXT: "launches_saved": 2,
// JSON-NEXT: "ops": [
// JSON-NEXT: 1,
// JSON-NEXT: 2,
// JSON-NEXT: 3
// JSON-NEXT: ],
// JSON-NEXT: "recomputed": [],
// JSON-NEXT: "saving_s": {{3\.(4|39999[0-9]*|40000[0-9]*)e-05}},
// JSON-NEXT: "share": 0.5074626
// JSON: "fusion_bounds": [
// JSON-NEXT: {
// JSON-NEXT: "as_is_s": {{6\.(7|69999[0-9]*|70000[0-9]*)e-05}},
// JSON-NEXT: "fully_fused_s": {{3\.(3|29999[0-9]*|30000[0-9]*)e-05}},
// JSON-NEXT: "func": "chain",
// JSON-NEXT: "with_groups_fused_s": {{3\.(3|29999[0-9]*|30000[0-9]*)e-05}}
// JSON: "id": 1,
// JSON: "fusion_group": 0
// JSON: "id": 3,
// JSON: "fusion_group": 0

// HTML: <h2>Fusion</h2>
// HTML: <td class="text">elementwise-chain</td><td class="text">#1 linalg.add, #2 linalg.mul, #3 linalg.exp</td><td data-value="1.6e+07">16 MB</td><td data-value="2">2</td>
// HTML: <li>@chain: 67 µs as is, 33.0 µs with these groups fused, 33.0 µs fully fused</li>

// CSV: report:
// CSV-NEXT: op #0 tensor.empty:{{.*}} fusion_group=null;
// CSV-NEXT: op #1 linalg.add:{{.*}} fusion_group=0;{{.*}} memory_level=dram;

// REMARK: remark: fused group G0 (elementwise-chain, 3 ops, 2 fusions): predicted 67 µs -> 33.0 µs

// IR: linalg.generic
// IR-SAME: ins(%arg0, %arg1, %arg2 :
// IR: arith.addf
// IR-NEXT: arith.mulf
// IR-NEXT: math.exp
// IR-NEXT: linalg.yield
// IR-NOT: linalg.{{add|mul|exp|generic}}

// The output realizes the predicted total exactly: one kernel of 33 µs.
// AFTER: ops: 2 (2 modeled, of which 1 free; 0 unmodeled); kernel launches: 1
// AFTER: predicted latency: 33.0 µs
