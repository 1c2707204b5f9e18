// Model-level summary: throughput at batch=N, MFU against the peak that did
// the most work, energy (TDP x latency), memory feasibility (arguments plus
// live intermediates by liveness over the op order), ridge points.
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100 batch=4 realism=no-small-transfer,no-overlap" 2>&1 >/dev/null | FileCheck %s

// realism= as in test/Transforms/report-text.mlir (no per-transfer DRAM
// latency, no per-wave exposed latency: this test is about the summary).
// Latency 27.38 + 21.69 + 5.00 µs (test/Transforms/report-text.mlir) =
// 54.08 µs.
// throughput = 4 / 54.08e-6 = 74.0 K samples/s
// MFU: 17179869184 + 4194304 + 16 FLOP / 54.08e-6 s / 989.4e12 = 32.1%
//   (the f16 matrix peak did the most work)
// energy = 700 W x 54.08e-6 s = 37.9 mJ (an upper bound: TDP)
// memory: arguments A 2048*2048*2 = 8388608 + C 2048*2048*4 = 16777216 +
//   x 4194304*4 = 16777216 + y 64 = 41943104 (41.9 MB); the matmul and the
//   first add write into C and the empty tensor; the empty tensor (16.8 MB)
//   and foo.bar's result (16.8 MB) are both live at foo.bar (#3): 33.6 MB;
//   peak 75.5 MB of 80 GB: fits.
// CHECK: @first: predicted at least 54.1 µs, eager (3 kernels)
// CHECK: 74.0 Ksamples/s at batch 4; MFU 32.1% of the matrix f16 peak (989 TFLOP/s); energy <= 37.9 mJ
// CHECK-NEXT: work:
// CHECK-NEXT: memory: 75.5 MB at peak (arguments 41.9 MB + live intermediates 33.6 MB at #3) of 80 GB: fits
// The footer: the ridge points of the units the ops used: f16 matrix
// 989.4e12 / 3.35e12 = 295.3 FLOP/B, f32 vector 66.9e12 / 3.35e12 = 20.0.
// CHECK: ridge points (peak / bandwidth) of the units used: matrix f16 295.3 FLOP/B, vector f32 20.0 FLOP/B
func.func @first(%a: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>, %x: tensor<4194304xf32>, %y: tensor<16xf32>) -> (tensor<2048x2048xf32>, tensor<16xf32>) {
  %0 = linalg.matmul ins(%a, %a : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %e = tensor.empty() : tensor<4194304xf32>
  %1 = linalg.add ins(%x, %x : tensor<4194304xf32>, tensor<4194304xf32>) outs(%e : tensor<4194304xf32>) -> tensor<4194304xf32>
  %2 = "foo.bar"(%0, %1) : (tensor<2048x2048xf32>, tensor<4194304xf32>) -> tensor<2048x2048xf32>
  %3 = linalg.add ins(%y, %y : tensor<16xf32>, tensor<16xf32>) outs(%y : tensor<16xf32>) -> tensor<16xf32>
  return %2, %3 : tensor<2048x2048xf32>, tensor<16xf32>
}
