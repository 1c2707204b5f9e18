// The JSON report (docs/report-json.md): hardware, conventions, every op the
// model looked at (free ones included) with its fields, the kernels of the
// compiled plan, per-function and module totals under each execution model,
// and the unmodeled ops. Keys are printed in sorted order.
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="format=json output=%t.json hardware=a100" -o /dev/null 2>/dev/null
// RUN: FileCheck %s < %t.json
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d['ops']) == 3 and d['totals']['op_count'] == 3, d" %t.json

// CHECK: "conventions": {
// CHECK: "execution": "compiled",
// CHECK: "flop_convention": "fma2",
// CHECK: "flops_per_mac": 2,
// CHECK: "hardware": {
// The A100 file's sourced compute efficiency (a measured large BF16 matmul).
// CHECK: "compute_efficiency": 0.87,
// CHECK: "efficiency_by_class": {},
// CHECK: "id": "nvidia-a100-sxm4-80gb",
// CHECK: "launch_overhead_s": {
// CHECK-NEXT: "compiled": 1.1e-06,
// CHECK-NEXT: "eager": 5e-06,
// CHECK-NEXT: "graph": 1.1e-06
// CHECK: "name": "NVIDIA A100 SXM4 80GB",
// The kernels of the compiled plan: the add alone (the others are free or
// unmodeled). Its traffic is the add's: 2048 read, 1024 written; its memory
// term is device memory's (bound_level).
// CHECK: "kernels": [
// CHECK-NEXT: {
// CHECK: "bound": "overhead",
// CHECK-NEXT: "bound_level": "dram",
// CHECK: "bytes_read": 2048,
// CHECK-NEXT: "bytes_written": 1024,
// CHECK-NEXT: "class": "elementwise",
// CHECK: "id": 0,
// CHECK-NEXT: "int_ops": 0,
// CHECK-NEXT: "kind": null,
// CHECK: "ops": [
// CHECK-NEXT: 0
// CHECK-NEXT: ],
// CHECK-NEXT: "t_compute_s"
// CHECK-NEXT: "t_memory_s"
// CHECK-NEXT: "t_overhead_s": 1.1e-06,
// CHECK: "ops": [
// The add on 256 f32: 256 FLOPs, read 2048, write 1024, AI 256/3072. Op
// fields come in the CSV column order.
// CHECK-NEXT: {
// CHECK-NEXT: "id": 0,
// CHECK-NEXT: "op": "linalg.add",
// CHECK-NEXT: "func": "main",
// CHECK-NEXT: "loc": "{{.*}}report-json.mlir:{{[0-9]+}}:{{[0-9]+}}",
// CHECK-NEXT: "modeled": true,
// CHECK-NEXT: "approximate": false,
// CHECK-NEXT: "reason": null,
// CHECK-NEXT: "multiplier": 1,
// CHECK-NEXT: "trip_count_unknown": false,
// CHECK-NEXT: "flops": 256,
// CHECK-NEXT: "int_ops": 0,
// CHECK-NEXT: "transcendentals": 0,
// CHECK-NEXT: "bytes_read": 2048,
// CHECK-NEXT: "bytes_written": 1024,
// CHECK-NEXT: "arithmetic_intensity": 0.08333333333333333,
// CHECK-NEXT: "unit": "vector",
// CHECK-NEXT: "dtype": "f32",
// CHECK-NEXT: "peak_type": "f32",
// CHECK-NEXT: "peak_ops_per_s": 19500000000000,
// CHECK-NEXT: "matrix_utilization": 1,
// CHECK-NEXT: "t_compute_s": {{.*}},
// CHECK-NEXT: "t_memory_s": {{.*}},
// CHECK-NEXT: "t_strided_s": null,
// CHECK-NEXT: "t_overhead_s": 1.1e-06,
// CHECK-NEXT: "t_communication_s": null,
// CHECK-NEXT: "bytes_communicated": null,
// CHECK-NEXT: "collective_algorithm": null,
// CHECK-NEXT: "latency_s": {{.*}},
// CHECK-NEXT: "roofline_s": {{.*}},
// CHECK-NEXT: "bound": "overhead",
// CHECK-NEXT: "memory_level": "dram",
// CHECK-NEXT: "bound_level": "dram",
// CHECK-NEXT: "class": "elementwise",
// CHECK-NEXT: "folded": false,
// CHECK-NEXT: "fusion_group": null,
// CHECK-NEXT: "kernel": 0,
// No tiles (not a contraction); one level, device memory: its 3072 bytes at
// 2.039e12 * 0.9 B/s = 1.674e-9 s + the HBM latency 3.901e-7 s =
// 3.9177402321399377e-07 s. The realism terms that apply: the latency
// (small-transfer) and the 1.1 us compiled launch.
// CHECK-NEXT: "tile": null,
// CHECK-NEXT: "levels": [
// CHECK-NEXT: {
// CHECK-NEXT: "bandwidth": 2039000000000,
// CHECK-NEXT: "bytes": 3072,
// CHECK-NEXT: "level": "dram",
// CHECK-NEXT: "lower_bound_bytes": null,
// CHECK-NEXT: "t_s": 3.91774023213993{{[0-9]*}}e-07
// CHECK-NEXT: }
// CHECK-NEXT: ],
// CHECK-NEXT: "realism": [
// CHECK-NEXT: {
// CHECK-NEXT: "added_s": 3.901e-07,
// CHECK-NEXT: "factor": null,
// CHECK-NEXT: "term": "small-transfer"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "added_s": 1.1e-06,
// CHECK-NEXT: "factor": null,
// CHECK-NEXT: "term": "launch"
// CHECK-NEXT: }
// CHECK-NEXT: ]
// CHECK-NEXT: },
// The free op is listed too.
// CHECK: "op": "tensor.empty",
// CHECK: "bound": "free"
// The unmodeled op: its numbers are null, never 0.
// CHECK: "op": "foo.bar",
// CHECK: "modeled": false,
// CHECK-NEXT: "approximate": false,
// CHECK-NEXT: "reason": "no cost model for 'foo.bar'",
// CHECK: "flops": null,
// CHECK-NEXT: "int_ops": null,
// CHECK-NEXT: "transcendentals": null,
// CHECK-NEXT: "bytes_read": null,
// CHECK: "bound": null
// Each execution model: the add's slower term, its 3072 bytes at
// 2.039e12 * 0.9 B/s = 1.6740232139937876e-09 s plus the HBM latency
// (memory.latency_s 3.901e-7 s) once for its kernel = 3.9177402e-7 s, plus
// one launch: 5 us eager, 1.1 us graph and compiled (one kernel each way):
// 1.4917740232139937e-06 s compiled and graph, 5.3917740232139945e-06 s eager.
// CHECK: "totals": {
// CHECK: "execution": "compiled",
// CHECK: "flops": 256,
// CHECK: "latency_by_execution": {
// CHECK-NEXT: "compiled": {
// CHECK-NEXT: "kernels": 1,
// CHECK-NEXT: "latency_s": 1.49177402321399{{[0-9]*}}e-06
// CHECK: "eager": {
// CHECK-NEXT: "kernels": 1,
// CHECK-NEXT: "latency_s": 5.39177402321399{{[0-9]*}}e-06
// CHECK: "graph": {
// CHECK-NEXT: "kernels": 1,
// CHECK-NEXT: "latency_s": 1.49177402321399{{[0-9]*}}e-06
// CHECK: "latency_s": 1.49177402321399{{[0-9]*}}e-06,
// CHECK: "op_count": 3,
// CHECK: "unmodeled_count": 1
// CHECK: "unmodeled": [
// CHECK-NEXT: {
// CHECK-NEXT: "count": 1,
// CHECK-NEXT: "loc": "{{.*}}",
// CHECK-NEXT: "op": "foo.bar",
func.func @main(%x: tensor<256xf32>) -> tensor<256xf32> {
  %0 = linalg.add ins(%x, %x : tensor<256xf32>, tensor<256xf32>) outs(%x : tensor<256xf32>) -> tensor<256xf32>
  %e = tensor.empty() : tensor<256xf32>
  %1 = "foo.bar"(%0, %e) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  return %1 : tensor<256xf32>
}
