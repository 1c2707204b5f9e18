// #mlsysim.cost round-trips through the printer and parser: integers print
// without a fraction, doubles in their shortest exact form.
// RUN: mlsysim-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: mlsysim-opt %s --allow-unregistered-dialect | mlsysim-opt --allow-unregistered-dialect | FileCheck %s

// CHECK: "test.op"() {mlsysim.cost = #mlsysim.cost<flops = 524288, int_ops = 0, transcendentals = 7, bytes_read = 32768, bytes_written = 8192, intensity = 12.8, latency_s = 5.0135854063018245e-06, bound = "overhead", unit = "matrix:f16">}
// CHECK: "test.op"() {mlsysim.cost = #mlsysim.cost<flops = 1.5845632502852868e+29, int_ops = 0, transcendentals = 0, bytes_read = 0, bytes_written = 0, intensity = 0, latency_s = 0, bound = "free", unit = "none">}
"test.op"() {mlsysim.cost = #mlsysim.cost<flops = 524288, int_ops = 0, transcendentals = 7, bytes_read = 32768, bytes_written = 8192, intensity = 12.8, latency_s = 5.0135854063018245e-06, bound = "overhead", unit = "matrix:f16">} : () -> ()
"test.op"() {mlsysim.cost = #mlsysim.cost<flops = 1.5845632502852868e+29, int_ops = 0, transcendentals = 0, bytes_read = 0, bytes_written = 0, intensity = 0.0, latency_s = 0.0, bound = "free", unit = "none">} : () -> ()

// Round values keep a fraction before the exponent ("1e+20" is no MLIR float
// literal): an annotated program parses back. 1e20 > 2^53 prints as a float;
// 1e6 and 2^53 - 1 print as integers; 1e-07 has no '.' of its own.
// CHECK: "test.op"() {mlsysim.cost = #mlsysim.cost<flops = 1.0e+20, int_ops = 1000000, transcendentals = 9007199254740991, bytes_read = 1.0e+16, bytes_written = 0, intensity = 1.0e-07, latency_s = 2.5e-07, bound = "memory", unit = "vector:f32">}
"test.op"() {mlsysim.cost = #mlsysim.cost<flops = 1.0e20, int_ops = 1.0e6, transcendentals = 9007199254740991, bytes_read = 1.0e16, bytes_written = 0, intensity = 1.0e-7, latency_s = 2.5e-7, bound = "memory", unit = "vector:f32">} : () -> ()
