// The HTML page reads without a browser's help: one figure per name (the
// summary's share of time is the text view's), roof labels that do not sit on
// one another, the kernels before the ops, free ops hidden until asked for,
// tables that scroll inside their own box, and a serving section with its
// line breaks and a y axis. (html-browser.test checks the same in Chromium.)
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/twin-peaks.yaml format=html output=-" -o /dev/null 2>/dev/null | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/twin-peaks.yaml format=html output=-" -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=ONE
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/twin-peaks.yaml output=-" -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=TEXT
// RUN: mlsysim-opt %S/Inputs/decode-step.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=html output=-" -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=SERVING

// What keeps the page within an 800 px window: free rows hidden while the
// table has hide-free; text cells wrap; tables scroll inside a box as wide
// as the page; charts shrink.
// CHECK-DAG: td.text { white-space: normal; overflow-wrap: break-word; }
// CHECK-DAG: .scroll { max-width: 100%; overflow-x: auto; }
// CHECK-DAG: svg { max-width: 100%; height: auto; }
// CHECK-DAG: #ops.hide-free tr.free { display: none; }

// Twin Peaks: vector f32 and i32 both 1e13 op/s, 1e12 B/s, efficiency 1,
// 1 us per launch. Compiled, nothing fuses: 3 kernels.
//   matmuls (256^3, f32 and i32): 2 x 256^3 = 33,554,432 ops -> 3.355 us;
//     A twice and C read and written: 4 x 256^2 x 4 B = 1,048,576 B ->
//     1.049 us; compute-bound, 4.355 us each with the launch.
//   add (2^20 f32): reads 2 x 4 MiB, writes 4 MiB = 12,582,912 B ->
//     12.583 us; memory-bound, 13.583 us with the launch.
//   Latency 2 x 4.355 + 13.583 = 22.294 us.
// Where the time goes (each kernel's larger term, and its launch):
//   compute 2 x 3.355 / 22.294 = 30.1%, memory 12.583 / 22.294 = 56.4%,
//   launches 3 / 22.294 = 13.5%: the text view's "time:" line.
// CHECK: <th class="text">where the time goes</th><td>compute 30.1% · memory 56.4% · launches 13.5% (of each kernel: its larger term, compute or memory, and its launch)</td>
// TEXT: time: compute 30.1% · memory 56.4% · launches 13.5%;
// The memory-bound kernels' share of the latency, 13.583 / 22.294 = 60.9%,
// is another figure (JSON's share_by_bound): the summary no longer prints it
// as a second "memory".
// ONE-NOT: time by bound
// ONE-NOT: memory 60.9%

// The roofs: both peaks 1e13, so both labels want the same place. The y
// axis spans 1e8 (peak / 1e5) to 1e14 (2 x peak, to the decade) over SVG y
// 530 (600 - 70) to 50: 80 units a decade, 1e13 at 530 - 5 x 80 = 130, the
// label 4 above: 126; the second one a line (14) below: 140.
// CHECK: <text class="roof-label" x="696.0" y="126.0" {{.*}}>vector f32 10 TFLOP/s, ridge 10.0</text>
// CHECK-NEXT: <text class="roof-label" x="696.0" y="140.0" {{.*}}>vector i32 10 TOP/s, ridge 10.0</text>

// Kernels first, costliest first: the add (13.6 us), then the matmuls
// (4.36 us each, in plan order); each names its op ids.
// CHECK: <h2>Kernels</h2>
// CHECK: <div class="scroll"><table id="kernels" class="sortable" data-sorted="kcol-latency:desc">
// CHECK: <tr class="memory"><td data-value="2">K2</td><td class="text">linalg.add<br><small>#3</small></td>
// CHECK-SAME: <td data-value="1.3582912{{0*1?}}e-05">13.6 µs</td>
// CHECK-NEXT: <tr class="compute"><td data-value="0">K0</td><td class="text">linalg.matmul<br><small>#0</small></td>
// CHECK-NEXT: <tr class="compute"><td data-value="1">K1</td><td class="text">linalg.matmul<br><small>#1</small></td>
// Then the 4 ops, the free empty tensor hidden: 3 shown.
// CHECK: <h2>Ops</h2>
// CHECK-NEXT: {{.*}} showing <span id="shown">3</span> of 4 ops. <label><input id="show-free" type="checkbox"> show the 1 free op (no work, no traffic)</label>
// CHECK: <div class="scroll"><table id="ops" class="hide-free">
// CHECK: <tr class="free"><td data-value="2">2</td><td class="text">tensor.empty</td>

// The serving section: the text view's two lines as two paragraphs (they
// were one run-on <pre> line), its table as a table.
// SERVING: <h2>Serving</h2>
// SERVING-NEXT: <div id="serving">
// SERVING-NEXT: <p class="serving-step">serving: @step is a decode step (1 token per sequence, a KV cache of 8 positions)</p>
// SERVING-NEXT: <p class="serving-capacity">KV cache 32 B per token; weights 3.20 KB of 8 GB;
// SERVING-NEXT: <div class="scroll"><table id="serving-points">
// SERVING: <tr><td>1048576</td><td>2.58 ms</td><td>407 M</td>
// The plot has a y axis per line with round ticks, from the largest values
// in the table: 407 M tokens/s / 5 = 81.4 M -> steps of 100 M, up to 500 M;
// 2.58 ms / 5 = 0.516 ms -> steps of 1 ms, up to 3 ms. The plot spans SVG
// y 275 (320 - 45) to 20: 255 / 5 = 51 units per 100 M, 85 per ms.
// SERVING: <svg {{.*}} viewBox="0 0 640 320"
// SERVING: <g class="y-axis left"
// SERVING: <line class="tick" x1="80.0" y1="275.0"
// SERVING-NEXT: <text {{.*}}>0</text>
// SERVING: <line class="tick" x1="80.0" y1="224.0"
// SERVING-NEXT: <text {{.*}}>100 M</text>
// SERVING: <line class="tick" x1="80.0" y1="20.0"
// SERVING-NEXT: <text {{.*}}>500 M</text>
// SERVING-NEXT: <text class="axis-label" {{.*}}>tokens/s (solid)</text>
// SERVING: <g class="y-axis right"
// SERVING: <line class="tick" x1="560.0" y1="190.0"
// SERVING-NEXT: <text {{.*}}>1 ms</text>
// SERVING: <line class="tick" x1="560.0" y1="20.0"
// SERVING-NEXT: <text {{.*}}>3 ms</text>
// SERVING-NEXT: <text class="axis-label" {{.*}}>time per output token (dashed)</text>

func.func @f(%a: tensor<256x256xf32>, %c: tensor<256x256xf32>, %ia: tensor<256x256xi32>, %ic: tensor<256x256xi32>, %x: tensor<1048576xf32>, %z: tensor<1048576xf32>)
    -> (tensor<256x256xf32>, tensor<256x256xi32>, tensor<1048576xf32>) {
  %0 = linalg.matmul ins(%a, %a : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  %1 = linalg.matmul ins(%ia, %ia : tensor<256x256xi32>, tensor<256x256xi32>) outs(%ic : tensor<256x256xi32>) -> tensor<256x256xi32>
  %e = tensor.empty() : tensor<1048576xf32>
  %2 = linalg.add ins(%x, %z : tensor<1048576xf32>, tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) -> tensor<1048576xf32>
  return %0, %1, %2 : tensor<256x256xf32>, tensor<256x256xi32>, tensor<1048576xf32>
}
