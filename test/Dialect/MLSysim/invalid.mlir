// Malformed attributes get a located diagnostic.
// RUN: mlsysim-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-error @below {{'flops' must not be negative}}
"test.op"() {mlsysim.cost = #mlsysim.cost<flops = -1, int_ops = 0, transcendentals = 0, bytes_read = 0, bytes_written = 0, intensity = 0.0, latency_s = 0.0, bound = "free", unit = "none">} : () -> ()

// -----

// expected-error @below {{expected 'int_ops'}}
"test.op"() {mlsysim.cost = #mlsysim.cost<flops = 1, bytes_read = 0>} : () -> ()

// -----

// expected-error @below {{expected string}}
"test.op"() {mlsysim.cost = #mlsysim.cost<flops = 1, int_ops = 0, transcendentals = 0, bytes_read = 0, bytes_written = 0, intensity = 0.0, latency_s = 0.0, bound = compute, unit = "none">} : () -> ()
