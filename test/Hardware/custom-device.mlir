// A device file given by path (hardware=FILE) prices ops without a rebuild.
// Toy NPU: bf16 matrix 100e12, f32 vector 10e12, 1e12 B/s, efficiencies 0.5,
// launch 1e-6 s (test/Hardware/Inputs/toy-device.yaml).
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/toy-device.yaml format=json output=-" -o /dev/null | %fields | FileCheck %s

// bf16 matmul 256^3: flops = 2*256^3 = 33554432; bytes = 3*256*256*2 + 256*256*2 = 524288
//   t_compute = 33554432 / 100e12 / 0.5 = 6.7108864e-07
//   t_memory  = 524288 / 1e12 / 0.5     = 1.048576e-06
//   latency   = 1.048576e-06 + 1e-06    = 2.048576e-06, memory-bound
// CHECK: op #0 linalg.matmul:{{.*}} bound=memory;{{.*}} dtype=bf16;{{.*}} latency_s=2.048576e-06;{{.*}} peak_ops_per_s=100000000000000;{{.*}} peak_type=bf16;{{.*}} t_compute_s=6.7108864e-07;{{.*}} t_memory_s=1.048576e-06;{{.*}} t_overhead_s=1e-06;{{.*}} unit=matrix;
func.func @mm(%a: tensor<256x256xbf16>) -> tensor<256x256xbf16> {
  %0 = linalg.matmul ins(%a, %a : tensor<256x256xbf16>, tensor<256x256xbf16>) outs(%a : tensor<256x256xbf16>) -> tensor<256x256xbf16>
  return %0 : tensor<256x256xbf16>
}

// A file given by path is the user's device even when it reuses a zoo id or
// alias (a copied zoo file with one number changed): the zoo device keeps the
// name, the file is priced as written, and reports say where it came from.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=h100,%S/Inputs/reuses-zoo-alias.yaml format=json output=-" -o /dev/null | FileCheck %s --check-prefix=REUSE
// REUSE: "devices": [
// REUSE-NEXT: "nvidia-h100-sxm",
// REUSE-NEXT: "toy-npu"

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/reuses-zoo-alias.yaml output=-" -o /dev/null | FileCheck %s --check-prefix=REUSE-TEXT
// REUSE-TEXT: mlsysim report: Toy NPU (toy-npu, from {{.*}}reuses-zoo-alias.yaml), batch 1
