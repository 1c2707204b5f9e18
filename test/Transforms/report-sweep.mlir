// sweep=1,2,4,...: the dynamic batch bound to each value in turn: latency,
// throughput, MFU and share by bound per value, and the value from which the
// total is compute-bound (the roofline's batch-size lesson).
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager sweep=1,2,...,16,256,512 hardware=h100" -o /dev/null 2>&1 | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager sweep=1,4,16 hardware=a100,h100 format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %s --mlsysim-report="execution=eager sweep=1,2,4 hardware=a100,h100 format=svg output=%t.svg" -o /dev/null
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// A bound near 2^63: the doubling stops before it overflows (it used to wrap
// and allocate until the process died); 1, 2, 4, ..., 2^62 and the bound.
// RUN: mlsysim-opt %s --mlsysim-report="sweep=1,...,9223372036854775807" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: sweep on NVIDIA H100
// HUGE: {{^}} 1 {{.*}}
// HUGE: {{^}} 4611686018427387904 {{.*}}
// HUGE-NEXT: {{^}} 9223372036854775807 {{.*}}
// HUGE-NEXT: turns compute-bound at batch
// RUN: not mlsysim-opt %s --mlsysim-report="execution=eager sweep=4,2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not mlsysim-opt %s --mlsysim-report="execution=eager sweep=1,...," -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD2

// A weight-stationary layer: x[B,4096] (f16) times W[4096,4096] (f16) into an
// f16 accumulator. FLOPs = 2*B*4096*4096 = 33554432*B; bytes = W 33554432 +
// x 8192*B + y read and written 16384*B.
// On H100: compute = 33554432*B / 989.4e12 / 0.75 = 4.522e-8*B s;
//          memory  = (33554432 + 24576*B) / 3.35e12 / 0.9 s
//                  = 1.1129e-5 + 8.151e-9*B s.
// The matrix unit works in 128x128 output tiles on 132 SMs: B rows make
// ceil(B/128) x 32 tiles in one wave, utilization tiles/132; compute is
// divided by it. With the 5 us launch:
//   B=1: 32 tiles (0.242): compute 1.87e-7 s; memory 1.1137e-5 + 5e-6 =
//     16.1 us (1/16.1e-6 = 62.0 K samples/s);
//   B=16: compute 7.235e-7/0.242 = 2.99e-6 s < memory 1.1260e-5: 16.3 us
//     (984 K/s);
//   B=256: 64 tiles (0.485): compute 1.1576e-5/0.485 = 2.388e-5 s >
//     memory 1.3216e-5: 28.9 us, compute-bound (the idle SMs, not the
//     traffic, limit it); 256/28.88e-6 = 8.87 M/s; MFU 33554432*256 /
//     28.88e-6 / 989.4e12 = 30.1%;
//   B=512: 128 tiles (0.970): compute 2.3153e-5/0.970 = 2.388e-5 s: the
//     same 28.9 us for twice the samples, 17.7 M/s, MFU 60.1%.
// CHECK: sweep on NVIDIA H100 SXM5 80GB (nvidia-h100-sxm)
// CHECK: batch latency samples/s MFU compute memory overhead
// CHECK-NEXT: 1 16.1 µs 62.0 K 0.2% 0.0% 100.0% 0.0%
// CHECK-NEXT: 2 16.1 µs
// CHECK-NEXT: 4 16.2 µs
// CHECK-NEXT: 8 16.2 µs
// CHECK-NEXT: 16 16.3 µs 984 K
// CHECK-NEXT: 256 28.9 µs 8.87 M 30.1% 100.0% 0.0% 0.0%
// CHECK-NEXT: 512 28.9 µs 17.7 M 60.1% 100.0% 0.0% 0.0%
// CHECK-NEXT: turns compute-bound at batch 256

// A100: compute = 33554432*B / 312e12 / 0.75 = 1.434e-7*B s, at B=16 over
//       32 of 108 SMs: 2.29e-6/0.296 = 7.7e-6 s;
//       memory = (33554432 + 24576*B) / 2.039e12 / 0.9 = 1.85e-5 s at 16:
//       still memory-bound.
// JSON: "compute_bound_from": null,
// JSON-NEXT: "hardware": "nvidia-a100-sxm4-80gb",
// JSON: "batch": 16,
// JSON: "hardware": "nvidia-h100-sxm",
// JSON: "schema": "mlsysim-sweep/1"

// SVG: Throughput against batch size
// SVG-COUNT-2: <polyline class="series"

// BAD: error: sweep=4,2: values must increase
// BAD2: error: sweep=1,...,: expected values such as 1,2,4,...,256
func.func @layer(%x: tensor<?x4096xf16>, %w: tensor<4096x4096xf16>, %y: tensor<?x4096xf16>) -> tensor<?x4096xf16> {
  %0 = linalg.matmul ins(%x, %w : tensor<?x4096xf16>, tensor<4096x4096xf16>) outs(%y : tensor<?x4096xf16>) -> tensor<?x4096xf16>
  return %0 : tensor<?x4096xf16>
}
