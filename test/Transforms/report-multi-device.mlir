// hardware=a100,h100,h200: the totals side by side and each op's speedup over
// the first device. A compute-bound op gains the compute ratio, a
// memory-bound op the bandwidth ratio, an overhead-bound op nothing.
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager hardware=a100,h100,h200" -o /dev/null 2>&1 | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager hardware=a100,h100 format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager hardware=a100,h100 format=csv output=-" -o /dev/null | FileCheck %s --check-prefix=CSV
// RUN: not mlsysim-opt %s --mlsysim-annotate="execution=eager hardware=a100,h100" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANNOTATE

// matmul 2048^3 f16 (compute-bound), 256 output tiles of 128x128:
//   A100 (108 SMs): 3 waves, utilization 256/324 = 0.790;
//   17179869184/312e12/0.75/0.790 + 5e-6 = 97.9 us. H100 (132 SMs): 2
//   waves, 256/264 = 0.970; 17179869184/989.4e12/0.75/0.970 + 5e-6 =
//   28.9 us (3.39x); H200 has the same compute and SMs: 3.39x.
// add of 2^22 f32 (memory-bound): A100 50331648/2.039e12/0.9 + 5e-6 =
//   32.4 us; H100 21.7 us (1.49x); H200 50331648/4.8e12/0.9 + 5e-6 = 16.7 us
//   (1.95x).
// add of 16 f32 (overhead-bound): 5 us everywhere, 1.00x.
// Totals: A100 97.9 + 32.4 + 5 = 135.3 us; H100 28.87 + 21.69 + 5 =
//   55.56 us (2.44x); H200 28.87 + 16.65 + 5 = 50.52 us (2.68x). The
//   comparison lists the fastest first; speedups stay over the first device
//   asked for.
// CHECK: comparison across devices (speedup over nvidia-a100-sxm4-80gb):
// CHECK-NEXT: device latency speedup samples/s MFU compute memory overhead memory fit
// CHECK-NEXT: nvidia-h200-sxm 50.5 µs 2.68x
// CHECK-NEXT: nvidia-h100-sxm 55.6 µs 2.44x
// CHECK-NEXT: nvidia-a100-sxm4-80gb 135 µs 1.00x
// CHECK: per op (latency and bound on each device; speedup over nvidia-a100-sxm4-80gb):
// CHECK-NEXT: id op nvidia-a100-sxm4-80gb nvidia-h100-sxm nvidia-h200-sxm
// CHECK-NEXT: 0 linalg.matmul 97.9 µs com 1.00x 28.9 µs com 3.39x 28.9 µs com 3.39x
// CHECK-NEXT: 2 linalg.add 32.4 µs mem 1.00x 21.7 µs mem 1.49x 16.7 µs mem 1.95x
// CHECK-NEXT: 3 linalg.add 5.00 µs ove 1.00x 5.00 µs ove 1.00x 5.00 µs ove 1.00x

// JSON: "comparison": {
// JSON: "baseline": "nvidia-a100-sxm4-80gb",
// JSON: "devices": [
// JSON-NEXT: "nvidia-a100-sxm4-80gb",
// JSON-NEXT: "nvidia-h100-sxm"
// JSON: "reports": [
// Each op's unit in each device's report (the tree of several reports once
// held freed strings there).
// JSON: "op": "linalg.matmul",
// JSON: "unit": "matrix"
// JSON: "op": "tensor.empty",
// JSON: "unit": null
// JSON: "op": "linalg.add",
// JSON: "unit": "vector"
// JSON: "op": "linalg.add",
// JSON: "unit": "vector"
// JSON: "op": "linalg.matmul",
// JSON: "unit": "matrix"
// JSON: "op": "tensor.empty",
// JSON: "unit": null
// JSON: "op": "linalg.add",
// JSON: "unit": "vector"
// JSON: "op": "linalg.add",
// JSON: "unit": "vector"

// CSV: id,op,{{.*}},bound,memory_level,class,folded,fusion_group,kernel,hardware
// CSV: 0,linalg.matmul,{{.*}},nvidia-a100-sxm4-80gb
// CSV: 0,linalg.matmul,{{.*}},nvidia-h100-sxm

// ANNOTATE: error: mlsysim-annotate prices one device; got 2 in hardware=a100,h100
func.func @f(%a: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>, %x: tensor<4194304xf32>, %y: tensor<16xf32>) -> (tensor<2048x2048xf32>, tensor<4194304xf32>, tensor<16xf32>) {
  %0 = linalg.matmul ins(%a, %a : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %e = tensor.empty() : tensor<4194304xf32>
  %1 = linalg.add ins(%x, %x : tensor<4194304xf32>, tensor<4194304xf32>) outs(%e : tensor<4194304xf32>) -> tensor<4194304xf32>
  %2 = linalg.add ins(%y, %y : tensor<16xf32>, tensor<16xf32>) outs(%y : tensor<16xf32>) -> tensor<16xf32>
  return %0, %1, %2 : tensor<2048x2048xf32>, tensor<4194304xf32>, tensor<16xf32>
}
