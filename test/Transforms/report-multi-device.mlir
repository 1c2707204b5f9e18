// hardware=a100,h100,h200: the totals side by side and each op's speedup over
// the first device. A compute-bound op gains the compute ratio, a
// memory-bound op the bandwidth ratio, an overhead-bound op only what the
// devices' memory latencies differ by.
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager hardware=a100,h100,h200" -o /dev/null 2>&1 | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager hardware=a100,h100 format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager hardware=a100,h100 format=csv output=-" -o /dev/null | FileCheck %s --check-prefix=CSV
// RUN: not mlsysim-opt %s --mlsysim-annotate="execution=eager hardware=a100,h100" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANNOTATE

// matmul 2048^3 f16 in, f32 out, 50331648 B (A read twice, C read and
// written), in each device's best tile (docs/cost-model.md, Tiles and memory
// levels: waves x one tile's 2 tm tn k_t FLOPs at peak/cores, / compute
// efficiency, k_t = ceil(ceil(K'/s)/16)*16 for f16; the slowest level: on
// the A100 the L2 carries each tile's panels tiles*(tm+tn)*k_t*2 B, the
// output and split-K's f32 partials 2*s*M*N*4 B, at its bandwidth x the
// memory efficiency + its latency (the Hopper files give no L2 bandwidth);
// the time is that or the compute, + the kernel
// latency 9700 cycles / the clock per run, + two L2 latencies per split
// after the first; 5 us launch):
//   A100 (108 SMs, 312e12, efficiency 0.87, 2.039e12 B/s at 0.9, HBM latency
//   3.901e-7 s; L2 5.4e12 B/s, latency 1.489e-7 s): 256x128 tiles split-K 3:
//   8*16*3 = 384 tiles, 4 waves, k_t = ceil(683/16)*16 = 688; compute
//   4 * 2*256*128*688 / (312e12/108) / 0.87 = 71.759 us, over the L2:
//   384*384*688*2 = 202899456 B of panels + 2048^2*4 output + 2*3*2048^2*4
//   partials = 320339968 B / (5.4e12*0.9) + 0.1489 = 66.062 us (HBM 27.817,
//   shared memory 26.040). Compute-bound: 71.759 + the kernel latency 9700
//   cycles / 1.41 GHz = 6.879432624113475e-06 + (3-1)*2*0.1489 = 0.5956 + 5
//   = 84.23 us. (The runners-up: 128x128 split 2, whose 512 tiles wait on
//   352321536 B of L2, 72.643 + 6.879 + 0.298 = 79.82 us against 79.23 in
//   the choice; 256x128 split 4, 80.42. Smaller tiles read their panels from
//   the L2 too often: 64x64 split 2 moves 621 MB there, 127.9 us.)
//   H100 (132 SMs, 989.4e12, 0.8): 256x128 tiles, no split, 128 in one wave;
//   2*256*128*2048 / (989.4e12/132) / 0.8 = 22.383 us + the kernel latency
//   9700 cycles / 1.98 GHz = 4.898989898989899e-06 + 5 = 32.28 us
//   (84.23/32.28 = 2.61x). H200: the same SMs, peak, efficiency and 1.98 GHz
//   clock: 32.28 us (2.61x).
// add of 2^22 f32 (memory-bound), 50331648 B + the HBM latency once + 5 us:
//   A100 27.43 + 0.390 + 5 = 32.82 us; H100 16.69 + 0.354 + 5 = 22.05 us
//   (1.49x); H200 50331648/4.8e12/0.9 + 0.349 + 5 = 17.00 us (1.93x).
// add of 16 f32 (overhead-bound): 5 us + the HBM latency: A100 5.390 us,
// H100 5.354 us (1.01x), H200 5.349 us (1.01x).
// Totals: A100 84.23 + 32.82 + 5.39 = 122.44 us; H100 32.28 + 22.05 + 5.35
//   = 59.68 us (2.05x); H200 32.28 + 17.00 + 5.35 = 54.63 us (2.24x). The
//   comparison lists the fastest first; speedups stay over the first device
//   asked for.
// CHECK: comparison across devices (speedup over nvidia-a100-sxm4-80gb):
// CHECK-NEXT: device latency speedup samples/s MFU compute memory launches memory fit unmodeled
// CHECK-NEXT: nvidia-h200-sxm 54.6 µs 2.24x
// CHECK-NEXT: nvidia-h100-sxm 59.7 µs 2.05x
// CHECK-NEXT: nvidia-a100-sxm4-80gb 122 µs 1.00x
// CHECK: per op (latency and bound on each device; speedup over nvidia-a100-sxm4-80gb):
// CHECK-NEXT: id op nvidia-a100-sxm4-80gb nvidia-h100-sxm nvidia-h200-sxm
// CHECK-NEXT: 0 linalg.matmul 84.2 µs com 1.00x 32.3 µs com 2.61x 32.3 µs com 2.61x
// CHECK-NEXT: 2 linalg.add 32.8 µs mem 1.00x 22.0 µs mem 1.49x 17.0 µs mem 1.93x
// CHECK-NEXT: 3 linalg.add 5.39 µs ove 1.00x 5.35 µs ove 1.01x 5.35 µs ove 1.01x

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

// CSV: id,op,{{.*}},bound,memory_level,bound_level,class,folded,fusion_group,kernel,hardware
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
