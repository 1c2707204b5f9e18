// mlsysim-calibrate writes device files that mlsysim-opt loads. Tiny sizes and
// two short samples per measurement: this checks the tool runs and its output
// parses, never how fast the machine is (no timing assertions).
// RUN: mlsysim-calibrate --quick --repeats=2 --min-sample-s=0.001 --dram-array-bytes=262144 --llc-bytes=196608 --id=host-lit-test --no-progress -o %t.yaml --single-core-output=%t.1core.yaml | FileCheck %s --check-prefix=TABLE
// RUN: FileCheck %s --check-prefix=FILE < %t.yaml
// RUN: FileCheck %s --check-prefix=ONEFILE < %t.1core.yaml
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%t.yaml format=json output=-" -o /dev/null | FileCheck %s --check-prefix=ALL
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%t.1core.yaml format=json output=- memory-level=llc" -o /dev/null | FileCheck %s --check-prefix=ONE

// TABLE: measurement
// TABLE: vector FMA f32, one core
// TABLE: vector FMA f64, all cores
// TABLE: vector FMA f32, one chain
// TABLE: DRAM triad, all cores
// TABLE: LLC copy, one core
// TABLE: L1 read, one core
// TABLE: L1 read, all cores
// TABLE: L2 read, all cores
// TABLE: a line per row, 64 KiB, one core
// TABLE: L1 latency, one core
// TABLE: LLC latency, one core
// TABLE: DRAM latency, one core
// TABLE: kernel call, all cores

// FILE: id: host-lit-test
// FILE: class: cpu
// FILE: measured:
// FILE-NEXT: title: "measured by mlsysim-calibrate on
// FILE: f32: {value: {{[0-9.e+]+}}, source: measured
// FILE: f64: {value: {{[0-9.e+]+}}, source: measured
// What the system reports is written exactly (a 2 MiB L2 as 2.09715e+06 has
// 2047 sets, not 2048): MemTotal is a whole number of bytes.
// FILE: capacity_bytes: {value: {{[0-9]+}}, source: system
// FILE: bandwidth_bytes_per_s: {value: {{[0-9.e+]+}}, source: measured
// Latencies: one core's pointer chase, whose note gives the ring's size.
// FILE-NEXT: {{^}}  latency_s: {value: {{[0-9.e+-]+}}, source: measured, note: "DRAM latency, one core: {{.*}} KiB ring of {{.*}} random cyclic order
// FILE: llc_capacity_bytes: {value: {{[0-9]+}}, source: system
// FILE-NEXT: llc_bandwidth_bytes_per_s: {value: {{[0-9.e+]+}}, source: measured
// FILE-NEXT: llc_latency_s: {value: {{[0-9.e+-]+}}, source: measured, note: "LLC latency, one core: {{.*}} KiB ring
// The per-core levels (the private L2 as the scratchpad, the L1 data cache):
// sizes from sysfs, all-core read rates on a buffer per core.
// FILE: scratchpad_per_core_bytes: {value: {{[0-9]+}}, source: system
// FILE-NEXT: scratchpad_bandwidth_bytes_per_s: {value: {{[0-9.e+]+}}, source: measured, note: "L2 read, all cores: {{.*}} KiB per core, each core its own buffer
// FILE-NEXT: scratchpad_latency_s: {value: {{[0-9.e+-]+}}, source: measured, note: "L2 latency, one core:
// FILE: l1_per_core_bytes: {value: {{[0-9]+}}, source: system
// FILE-NEXT: l1_bandwidth_bytes_per_s: {value: {{[0-9.e+]+}}, source: measured, note: "L1 read, all cores: {{.*}} KiB per core, each core its own buffer
// FILE-NEXT: l1_latency_s: {value: {{[0-9.e+-]+}}, source: measured, note: "L1 latency, one core:
// FILE: launch_overhead_s: {value: {{[0-9.e+-]+}}, source: measured

// ONEFILE: id: host-lit-test-1core
// ONEFILE: scratchpad_bandwidth_bytes_per_s: {value: {{[0-9.e+]+}}, source: measured, note: "L2 read, one core:
// ONEFILE: l1_bandwidth_bytes_per_s: {value: {{[0-9.e+]+}}, source: measured, note: "L1 read, one core:

// ALL: "id": "host-lit-test"
// ALL: "op": "linalg.matmul"
// ALL: "bound": "{{compute|memory|overhead}}"
// ONE: "id": "host-lit-test-1core"
// ONE: "op": "linalg.matmul"
// ONE: "memory_level": "llc"
func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
