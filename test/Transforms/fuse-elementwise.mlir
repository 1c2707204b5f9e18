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

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=json output=-" -o /dev/null | %fields --section fusion | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=json output=-" -o /dev/null | %fields --section fusion_bounds | FileCheck %s --check-prefix=BOUNDS
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml fusion=1 format=html output=-" -o /dev/null | FileCheck %s --check-prefix=HTML
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=csv output=-" -o /dev/null | %fields --csv | FileCheck %s --check-prefix=CSV
// Fusion opportunities are in every view by default; fusion=0 takes them out
// of every view (the compiled plan's kernels stay: the headline is theirs).
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml fusion=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF-TEXT
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml fusion=0 format=json output=-" -o /dev/null | FileCheck %s --check-prefix=OFF-JSON
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml fusion=0 format=html output=-" -o /dev/null | FileCheck %s --check-prefix=OFF-HTML
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml fusion=0 format=csv output=-" -o /dev/null | %fields --csv | FileCheck %s --check-prefix=OFF-CSV
// RUN: mlsysim-opt %s --mlsysim-fuse=hardware=%S/../Hardware/Inputs/toy-device.yaml -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: mlsysim-opt %t.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=json output=-" -o /dev/null | %fields --section totals | FileCheck %s --check-prefix=AFTER

func.func @chain(%x: tensor<1000x1000xf32>, %y: tensor<1000x1000xf32>,
                 %z: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
  %e = tensor.empty() : tensor<1000x1000xf32>
  %s = linalg.add ins(%x, %y : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%e : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  %m = linalg.mul ins(%s, %z : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%e : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  %r = linalg.exp ins(%m : tensor<1000x1000xf32>) outs(%e : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %r : tensor<1000x1000xf32>
}

// The group: 16 MB saved, 2 launches, 67 us -> 33 us, 50.7% of @chain; each
// op names its group; the bounds as is, with the group fused, fully fused.
// JSON: fusion: bytes_saved=16000000; class=elementwise; flops_added=0; func=chain; group=0; kept=[]; kernel=0; kind=elementwise-chain; latency_after_s=3.2999999999999996e-05; latency_before_s=6.7e-05; launches_saved=2; ops=[1,2,3]; recomputed=[]; saving_s=3.4000000000000007e-05; share=0.5074626865671643;
// BOUNDS: fusion_bounds: as_is_s=6.7e-05; fully_fused_s=3.2999999999999996e-05; func=chain; with_groups_fused_s=3.2999999999999996e-05;

// HTML: <h2>Fusion</h2>
// HTML: <td class="text">elementwise-chain</td><td class="text">#1 linalg.add, #2 linalg.mul, #3 linalg.exp</td><td data-value="1.6e+07">16 MB</td><td data-value="2">2</td>
// HTML: <li>@chain: 67 µs as is, 33.0 µs with these groups fused, 33.0 µs fully fused</li>

// CSV: report: hardware=toy-npu;
// CSV-NEXT: op #0 tensor.empty:{{.*}} fusion_group=null;{{.*}} kernel=null;
// CSV-NEXT: op #1 linalg.add:{{.*}} fusion_group=0;{{.*}} kernel=0;

// TEXT: fusion: 3 kernels as the ops are written run as 1 kernel
// TEXT-NEXT: count fused kernel
// TEXT-NEXT: x1 add + 2 ops (elementwise-chain) 34.0 µs 34.0 µs 50.7%
// OFF-TEXT: @chain: predicted 33.0 µs, compiled (1 kernel as a fusing compiler forms them)
// OFF-TEXT-NOT: fusion:
// OFF-TEXT: kernels that take longest
// OFF-JSON-NOT: "fusion"
// OFF-JSON-NOT: "fusion_bounds"
// OFF-JSON: "fusion_group": null
// OFF-JSON-NOT: "fusion_group": 0
// OFF-HTML-NOT: <h2>Fusion</h2>
// OFF-CSV: op #1 linalg.add:{{.*}} fusion_group=null;{{.*}} kernel=0;

// REMARK: remark: fused group G0 (elementwise-chain, 3 ops, 2 fusions): predicted 67 µs -> 33.0 µs

// IR: linalg.generic
// IR-SAME: ins(%arg0, %arg1, %arg2 :
// IR: arith.addf
// IR-NEXT: arith.mulf
// IR-NEXT: math.exp
// IR-NEXT: linalg.yield
// IR-NOT: linalg.{{add|mul|exp|generic}}

// The output realizes the predicted total exactly: one kernel of 33 µs.
// AFTER: totals: {{.*}} latency_by_execution.compiled.kernels=1; latency_by_execution.compiled.latency_s=3.2999999999999996e-05;{{.*}} op_count=2;
