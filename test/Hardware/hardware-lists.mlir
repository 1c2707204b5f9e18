// hardware= takes a comma list of zoo ids, aliases and files, `class:NAME`
// (every zoo device of that class) and `all` (the whole zoo). The text
// comparison lists the fastest device first; speedups are over the first
// device named, or the default device (the H100) when the list starts with
// `all` or `class:` (here the Spark is named first; the class does not list
// it again).
// The comparisons leave out the small-transfer term (realism=
// no-small-transfer): a device memory latency before the first byte, which
// only some zoo files give (the RTX 4090/5090, H100, A100, V100 do; the DGX
// Spark, B200, MI300X do not), would order the devices by which files have
// one; the test is about the lists, not latencies.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=dgx-spark,class:desktop-gpu realism=no-small-transfer" -o /dev/null 2>&1 | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="hardware=class:datacenter-gpu realism=no-small-transfer" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DC
// RUN: mlsysim-opt %s --mlsysim-report="hardware=all format=json output=-" -o /dev/null | FileCheck %s --check-prefix=ALL
// RUN: not mlsysim-opt %s --mlsysim-report="hardware=class:nope" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCLASS
// RUN: not mlsysim-opt %s --mlsysim-report="hardware=h100,,h999" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// The add reads 2 x 4096 B and writes 4096 B: 12288 B; one compiled launch
// of 0.58 us on the three desktop GPUs of the zoo.
//   RTX 5090: 12288 / 1.792e12 / 0.85 = 8.07 ns + 580 ns = 588 ns
//   RTX 4090: 12288 / 1.008e12 / 0.85 = 14.3 ns + 580 ns = 594 ns
//   DGX Spark: 12288 / 273e9 / 0.80 = 56.3 ns + 580 ns = 636 ns
// Speedups over the Spark: 636/588 = 1.08x, 636/594 = 1.07x.
// CHECK: comparison across devices (speedup over nvidia-dgx-spark):
// CHECK-NEXT: device
// CHECK-NEXT: nvidia-rtx-5090 588 ns 1.08x
// CHECK-NEXT: nvidia-rtx-4090 594 ns 1.07x
// CHECK-NEXT: nvidia-dgx-spark 636 ns 1.00x
// CHECK-EMPTY:

// The 19 data-center GPUs of the zoo against the H100 (the default device,
// in the class): the 18 single GPUs fastest first, the L4 last (12288 /
// 300e9 / 0.85 = 48.2 ns + 1.1 us = 1.15 us); then the NVL72 rack, whose
// 576 TB/s across 72 GPUs would lead (12288 B in 0.03 ns, + 1.1 us), apart.
// DC: comparison across devices (speedup over nvidia-h100-sxm):
// DC-NEXT: device
// DC-COUNT-17: {{^}} {{[a-z0-9-]+}} 1.1{{[0-9]}} µs
// DC-NEXT: nvidia-l4 1.15 µs
// DC-NEXT: several devices priced as one
// DC-NEXT: nvidia-gb200-nvl72 x72 1.10 µs
// DC-EMPTY:

// Every zoo device, in the zoo's order.
// ALL: "devices": [
// ALL-COUNT-61: "{{[a-z0-9-]+}}"{{,?}}
// ALL-NEXT: ]

// NOCLASS: error: no device of class 'nope'; the zoo's classes: cpu, datacenter-gpu, desktop-gpu, edge, microcontroller, mobile, npu, tpu
// UNKNOWN: error: unknown hardware 'h999'
func.func @f(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = linalg.add ins(%x, %x : tensor<1024xf32>, tensor<1024xf32>) outs(%x : tensor<1024xf32>) -> tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
