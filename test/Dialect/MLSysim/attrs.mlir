// #mlsysim.cost round-trips through the printer and parser: integers print
// without a fraction, doubles in their shortest exact form.
// RUN: mlsysim-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: mlsysim-opt %s --allow-unregistered-dialect | mlsysim-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: "test.op"() {mlsysim.cost = #mlsysim.cost<flops = 524288, int_ops = 0, transcendentals = 7, bytes_read = 32768, bytes_written = 8192, intensity = 12.8, latency_s = 5.0135854063018245e-06, bound = "overhead", unit = "matrix:f16">}
// CHECK: "test.op"() {mlsysim.cost = #mlsysim.cost<flops = 1.5845632502852868e+29, int_ops = 0, transcendentals = 0, bytes_read = 0, bytes_written = 0, intensity = 0, latency_s = 0, bound = "free", unit = "none">}
"test.op"() {mlsysim.cost = #mlsysim.cost<flops = 524288, int_ops = 0, transcendentals = 7, bytes_read = 32768, bytes_written = 8192, intensity = 12.8, latency_s = 5.0135854063018245e-06, bound = "overhead", unit = "matrix:f16">} : () -> ()
"test.op"() {mlsysim.cost = #mlsysim.cost<flops = 1.5845632502852868e+29, int_ops = 0, transcendentals = 0, bytes_read = 0, bytes_written = 0, intensity = 0.0, latency_s = 0.0, bound = "free", unit = "none">} : () -> ()
