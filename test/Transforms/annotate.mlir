// mlsysim-annotate attaches #mlsysim.cost to every modeled op (counts over all
// runs, FLOPs in the chosen convention, latency in seconds), a reason to every
// unmodeled op, and the device id to the module. The annotated IR round-trips
// through mlsysim-opt, and mlsysim-strip restores the original.
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-annotate="execution=eager hardware=a100" 2>/dev/null | FileCheck %s
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-annotate="execution=eager hardware=a100" 2>/dev/null | mlsysim-opt --allow-unregistered-dialect | FileCheck %s
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-annotate=execution=eager 2>/dev/null | mlsysim-opt --allow-unregistered-dialect --mlsysim-strip > %t.stripped
// RUN: mlsysim-opt %s --allow-unregistered-dialect > %t.original
// RUN: diff %t.original %t.stripped

// CHECK: module attributes {mlsysim.hardware = "nvidia-a100-sxm4-80gb"}
// CHECK-LABEL: func.func @f
// matmul 64x32x128 (f16 -> f32): 524288 FLOPs, read 32768, write 8192,
// AI 524288/40960 = 12.8. On A100 (nvidia-a100-sxm4-80gb.yaml: 108 SMs,
// 312e12 f16, compute efficiency 0.87, 2.039e12 B/s at 0.9, HBM latency
// 3.901e-7 s, L2 latency 1.489e-7 s, shared memory 1.949e13 B/s with
// 1.418e-8 s) every candidate runs one wave, and the memory term sets the
// price: HBM 40960 / (2.039e12 * 0.9) + 3.901e-7 = 4.1242e-7 s, + one wave's
// L2 latency 1.489e-7 = 5.6132e-7 s. The first candidate whose compute and
// shared-memory traffic fit under it is 128x64 split-K 3: 3 tiles of
// 128x64 with ceil(128/3) = 43 of the reduction, compute
// 2*128*64*43/(312e12/108)/0.87 = 2.803e-7 s, shared memory
// 2*3*(128+64)*43*2 B = 99072 B, one tile's share over 108 SMs:
// 99072/3*108 / (1.949e13*0.9) + 1.418e-8 = 2.175e-7 s. The 5e-6 s eager
// launch dominates: latency 5e-6 + 4.1242e-7 + 1.489e-7
// = 5.561320309519918e-06, overhead-bound.
// CHECK: linalg.matmul {mlsysim.cost = #mlsysim.cost<flops = 524288, int_ops = 0, transcendentals = 0, bytes_read = 32768, bytes_written = 8192, intensity = 12.8, latency_s = 5.5613203095{{[0-9]*}}e-06, bound = "overhead", unit = "matrix:f16">}
// CHECK: tensor.empty() {mlsysim.cost = #mlsysim.cost<flops = 0, int_ops = 0, transcendentals = 0, bytes_read = 0, bytes_written = 0, intensity = 0, latency_s = 0, bound = "free", unit = "none">}
// CHECK: "foo.bar"(%{{.*}}) {mlsysim.unmodeled = "no cost model for 'foo.bar'"}
func.func @f(%a: tensor<64x128xf16>, %b: tensor<128x32xf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x128xf16>, tensor<128x32xf16>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  %e = tensor.empty() : tensor<64x32xf32>
  %1 = "foo.bar"(%0, %e) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  return %1 : tensor<64x32xf32>
}
