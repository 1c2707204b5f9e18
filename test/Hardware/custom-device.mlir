// A device file given by path (hardware=FILE) prices ops without a rebuild.
// Toy NPU: bf16 matrix 100e12, f32 vector 10e12, 1e12 B/s, efficiencies 0.5,
// launch 1e-6 s (test/Hardware/Inputs/toy-device.yaml).
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/Inputs/toy-device.yaml format=csv output=-" -o /dev/null | FileCheck %s

// bf16 matmul 256^3: flops = 2*256^3 = 33554432; bytes = 3*256*256*2 + 256*256*2 = 524288
//   t_compute = 33554432 / 100e12 / 0.5 = 6.7108864e-07
//   t_memory  = 524288 / 1e12 / 0.5     = 1.048576e-06
//   latency   = 1.048576e-06 + 1e-06    = 2.048576e-06, memory-bound
// CHECK: 0,linalg.matmul,{{.*}},matrix,bf16,bf16,100000000000000,6.7108864e-07,1.048576e-06,1e-06,2.048576e-06,
// CHECK-SAME: memory
func.func @mm(%a: tensor<256x256xbf16>) -> tensor<256x256xbf16> {
  %0 = linalg.matmul ins(%a, %a : tensor<256x256xbf16>, tensor<256x256xbf16>) outs(%a : tensor<256x256xbf16>) -> tensor<256x256xbf16>
  return %0 : tensor<256x256xbf16>
}
