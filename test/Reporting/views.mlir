// The chart, the page and the timeline are views of the same report.
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager format=svg output=%t.svg" -o /dev/null
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// RUN: %python -c "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])" %t.svg
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager format=trace output=%t.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=TRACE < %t.json
// RUN: %python -c "import json, sys; d = json.load(open(sys.argv[1])); x = [e for e in d['traceEvents'] if e['ph'] == 'X']; assert len(x) == 3, x; assert x[1]['ts'] == x[0]['dur'], x" %t.json
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager format=html output=%t.html" -o /dev/null
// RUN: FileCheck %s --check-prefix=HTML < %t.html

// SVG: <svg xmlns="http://www.w3.org/2000/svg"
// SVG: Roofline: NVIDIA H100 SXM5 80GB
// SVG: arithmetic intensity (ops per byte, log scale)
// One roof per (unit, format) the ops used: f16 matrix (ridge 295.3) and f32
// vector (ridge 20.0).
// SVG-DAG: matrix f16 989 TFLOP/s, ridge 295.3
// SVG-DAG: vector f32 66.9 TFLOP/s, ridge 20.0
// One dot per op that did work (the empty tensor is free).
// SVG-COUNT-3: <circle class="op"
// SVG: compute-bound
// SVG: memory-bound
// SVG: overhead-bound

// TRACE: "traceEvents": [
// TRACE: "name": "linalg.matmul",
// TRACE-NEXT: "cat": "compute",
// TRACE-NEXT: "ph": "X",
// The matmul starts at 0 and takes 32.282 us (test/Transforms/remarks.mlir:
// 22.383 us of compute in one wave of 256x128 tiles, no split + the kernel
// latency 9700 cycles / 1.98 GHz = 4.898989898989899e-06 = 4.899 us exposed
// + the 5 us eager launch: 22.383 + 4.899 + 5 = 32.282).
// TRACE: "ts": 0,
// TRACE-NEXT: "dur": 32.282{{[0-9]*}},

// HTML: <!DOCTYPE html>
// HTML: <table class="summary" id="summary">
// HTML: <svg xmlns
// The kernels that run (eager: the three ops that do work), then every op.
// HTML: <table id="kernels"
// HTML-COUNT-3: <tr class=
// HTML: <table id="ops" class="hide-free">
// HTML-COUNT-4: <tr class=
// HTML: <script>
func.func @f(%a: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>, %x: tensor<4194304xf32>, %y: tensor<16xf32>)
    -> (tensor<2048x2048xf32>, tensor<4194304xf32>, tensor<16xf32>) {
  %0 = linalg.matmul ins(%a, %a : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %e = tensor.empty() : tensor<4194304xf32>
  %1 = linalg.add ins(%x, %x : tensor<4194304xf32>, tensor<4194304xf32>) outs(%e : tensor<4194304xf32>) -> tensor<4194304xf32>
  %2 = linalg.add ins(%y, %y : tensor<16xf32>, tensor<16xf32>) outs(%y : tensor<16xf32>) -> tensor<16xf32>
  return %0, %1, %2 : tensor<2048x2048xf32>, tensor<4194304xf32>, tensor<16xf32>
}
