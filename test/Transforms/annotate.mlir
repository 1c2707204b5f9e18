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
// 312e12 f16 matrix, 78e12 f16 vector, compute efficiency 0.87, 2.039e12 B/s
// at 0.9, HBM latency 3.901e-7 s, L2 latency 1.489e-7 s) the best tiles
// (64x64, no split: 1 tile, one wave, k_t = 128; a split-K's 2 * 1.489e-7
// per part after the first outweighs the shorter tiles it gives) keep
// u = 64*32*128 / (108*64*64*128) = 1/216 of the matrix unit busy,
// u * 312e12 = 1.44e12 < 78e12: the library runs it flat on the vector unit,
// no tile, but still a library kernel: it pays the kernel latency 9700
// cycles / 1.41 GHz = 6.879432624113475e-06 exposed. Compute
// 524288/78e12/0.87 = 7.726e-9 s; memory 40960 / (2.039e12 * 0.9) + 3.901e-7
// = 4.1242e-7 s. The 5e-6 s eager launch and the kernel latency dominate:
// latency 5e-6 + 4.1242e-7 + 6.879432624113475e-06 = 1.2291852933633391e-05,
// overhead-bound.
// CHECK: linalg.matmul {mlsysim.cost = #mlsysim.cost<flops = 524288, int_ops = 0, transcendentals = 0, bytes_read = 32768, bytes_written = 8192, intensity = 12.8, latency_s = 1.2291852933633{{[0-9]*}}e-05, bound = "overhead", unit = "vector:f16">}
// CHECK: tensor.empty() {mlsysim.cost = #mlsysim.cost<flops = 0, int_ops = 0, transcendentals = 0, bytes_read = 0, bytes_written = 0, intensity = 0, latency_s = 0, bound = "free", unit = "none">}
// CHECK: "foo.bar"(%{{.*}}) {mlsysim.unmodeled = "no cost model for 'foo.bar'"}
func.func @f(%a: tensor<64x128xf16>, %b: tensor<128x32xf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x128xf16>, tensor<128x32xf16>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  %e = tensor.empty() : tensor<64x32xf32>
  %1 = "foo.bar"(%0, %e) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  return %1 : tensor<64x32xf32>
}
