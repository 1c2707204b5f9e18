// hardware=all as a user reads it: measured against the default device (the
// H100) unless a device is named first; the report printed in full is that
// reference's; memory fit and unmodeled ops are columns, not one warning per
// device; the shares are those each device's own report prints; a rack priced
// as one device and a device that leaves ops unmodeled are not ranked with
// the single devices that price the whole program.
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager" -o /dev/null 2> %t.one
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager hardware=all" -o /dev/null 2> %t.all
// RUN: cat %t.one %t.all | FileCheck %s
// RUN: FileCheck %s --check-prefix=QUIET < %t.all
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager hardware=a100,all" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager hardware=h100,gb200-nvl72,tpu-v1 format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// The H100's eager times (test/Transforms/report-multi-device.mlir derives
// them): the matmul's compute term 22.383 us (its memory term 17.047 us is
// smaller) and its exposed kernel latency 9700 cycles / 1.98 GHz =
// 4.898989898989899e-06 (no split-K, so no split latencies; it counts as
// memory); the 2^22-element add's memory term 16.694 + its HBM latency
// 0.3536 = 17.047 us; the 16-element add's memory term (its HBM latency)
// 0.3536 us; three launches of 5 us.
//   compute 22.383, memory 4.899 + 17.047 + 0.354 = 22.300, launches 15:
//   59.683 us; shares 22.383/59.683 = 37.5%, 22.300/59.683 = 37.4%,
//   15/59.683 = 25.1%; 1/59.683e-6 = 16.8 K samples/s; MFU (17179869184 +
//   4194304 + 16 FLOPs)/59.683e-6/989.4e12 = 29.1%.
// The device's own report, then the comparison with the same three shares.
// CHECK: mlsysim report: NVIDIA H100 SXM5 80GB (nvidia-h100-sxm), batch 1
// CHECK: time: compute [[COMPUTE:37\.5%]] · memory [[MEMORY:37\.4%]] · launches [[LAUNCHES:25\.1%]];
// CHECK-NOT: comparison across devices
// With hardware=all the report printed in full is the H100's, not the zoo's
// alphabetically first device's (a microcontroller).
// CHECK: mlsysim report: NVIDIA H100 SXM5 80GB (nvidia-h100-sxm), batch 1
// CHECK: comparison across devices (speedup over nvidia-h100-sxm):
// CHECK-NEXT: device latency speedup samples/s MFU compute memory launches memory fit unmodeled
// CHECK: nvidia-h100-sxm 59.7 µs 1.00x 16.8 K 29.1% [[COMPUTE]] [[MEMORY]] [[LAUNCHES]] fits 0
// The A100 prices the same program in 122.44 us (report-multi-device.mlir;
// its kernel latency 9700 cycles / 1.41 GHz = 6.879432624113475e-06):
// 59.68/122.44 = 0.49x.
// CHECK: nvidia-a100-sxm4-80gb 122 µs 0.49x
// The RP2040's 270 KB holds none of the 67 MB the program reads: a column.
// CHECK: raspberry-pi-rp2040 {{.*}} NO 0
// The GB200 NVL72 file sums 72 GPUs' peaks: after the single devices,
// marked with its 72.
// CHECK: several devices priced as one (xN), not ranked with single devices: a one-device program uses one of them:
// CHECK-NEXT: nvidia-gb200-nvl72 x72
// TPU v1 rates only 8-bit integers: the f16 matmul and both f32 adds are
// unmodeled on it (3 ops; the tensor.empty is free), where the H100 leaves
// none: ranked last, with its count.
// CHECK: leaving more ops unmodeled than the devices above, not ranked: the latency omits their work:
// CHECK: google-tpu-v1 {{.*}} fits 3

// No fit warning for the devices of the table (there were one per
// microcontroller), nor an unmodeled-op warning for TPU v1's ops.
// QUIET-NOT: warning

// Named first, a device is the reference; `all` does not list it again.
// NAMED: mlsysim report: NVIDIA A100 SXM4 80GB (nvidia-a100-sxm4-80gb)
// NAMED: comparison across devices (speedup over nvidia-a100-sxm4-80gb):
// NAMED: nvidia-h100-sxm 59.7 µs 2.05x
// NAMED: nvidia-a100-sxm4-80gb 122 µs 1.00x
// NAMED-NOT: nvidia-a100-sxm4-80gb 122 µs

// In the JSON view each device's rank, unmodeled count, accelerators and
// fit, and the shares its own report gives (37.5%, 37.4%, 25.1% above, unrounded:
// 22.3832/59.6831, 22.2999/59.6831, 15/59.6831).
// JSON: "comparison": {
// JSON: "totals": [
// JSON: "accelerators": 1,
// JSON-NEXT: "fits": true,
// JSON-NEXT: "hardware": "nvidia-h100-sxm",
// JSON: "rank": "ranked",
// JSON-NEXT: "share": {
// JSON-NEXT: "communication": 0,
// JSON-NEXT: "compute": 0.3750{{[0-9]*}},
// JSON-NEXT: "launches": 0.2513{{[0-9]*}},
// JSON-NEXT: "memory": 0.3736{{[0-9]*}}
// JSON: "unmodeled_count": 0
// JSON: "accelerators": 72,
// JSON-NEXT: "fits": true,
// JSON-NEXT: "hardware": "nvidia-gb200-nvl72",
// JSON: "rank": "system",
// JSON: "accelerators": 1,
// JSON-NEXT: "fits": true,
// JSON-NEXT: "hardware": "google-tpu-v1",
// JSON: "rank": "unmodeled",
// JSON: "unmodeled_count": 3
func.func @f(%a: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>, %x: tensor<4194304xf32>, %y: tensor<16xf32>) -> (tensor<2048x2048xf32>, tensor<4194304xf32>, tensor<16xf32>) {
  %0 = linalg.matmul ins(%a, %a : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %e = tensor.empty() : tensor<4194304xf32>
  %1 = linalg.add ins(%x, %x : tensor<4194304xf32>, tensor<4194304xf32>) outs(%e : tensor<4194304xf32>) -> tensor<4194304xf32>
  %2 = linalg.add ins(%y, %y : tensor<16xf32>, tensor<16xf32>) outs(%y : tensor<16xf32>) -> tensor<16xf32>
  return %0, %1, %2 : tensor<2048x2048xf32>, tensor<4194304xf32>, tensor<16xf32>
}
