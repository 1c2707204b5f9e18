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

// The issue's own case: a copy of the zoo's H100 file with one number
// changed (bf16 matrix peak 989.4e12 -> 1978.8e12), keeping the zoo's id,
// given by path next to the zoo device: both are priced, each as written,
// and the tables name the file.
// RUN: sed 's/bf16: {value: 989.4e12,/bf16: {value: 1978.8e12,/' %mlsysim_src/zoo/hardware/nvidia-h100-sxm.yaml > %t-my-h100.yaml
// The matmul is a bf16 4096^3 (Inputs/matmul-4096-bf16.mlir): this file's
// 256^3 is memory-bound on the H100 under the tiled model (split-K fills the
// SMs), so a faster tensor peak would not show. realism=none prices the flat
// roofline (no tiles, latencies or launch): the test is about the file being
// priced as written, not about tiling.
// RUN: mlsysim-opt %S/Inputs/matmul-4096-bf16.mlir --mlsysim-report="hardware=h100,%t-my-h100.yaml realism=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=COPY
// 2*4096^3 = 137438953472 FLOPs; compute 137438953472 / (989.4e12 * 0.8)
// = 173.64 us; memory 4*4096^2*2 = 134217728 B / (3.35e12 * 0.9) = 44.5 us:
// compute-bound, 174 us. At twice the peak: 137438953472 / (1978.8e12 * 0.8)
// = 86.82 us (still above 44.5 us), 173.64/86.82 = 2.00x.
// COPY: comparison across devices (speedup over nvidia-h100-sxm):
// COPY-NEXT: device
// COPY-NEXT: nvidia-h100-sxm ({{.*}}my-h100.yaml) 86.8 µs 2.00x
// COPY-NEXT: nvidia-h100-sxm 174 µs 1.00x
