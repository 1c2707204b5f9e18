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
// On H100 (zoo/hardware/nvidia-h100-sxm.yaml): memory = (33554432 +
// 24576*B) / 3.35e12 / 0.9 + the HBM latency 353.5 ns = 11.129e-6 +
// 8.151e-9*B + 3.535e-7 s. The matmul runs in the best of the file's tiles
// (include/mlsysim/Pricing/Tiling.h) on 132 SMs of 989.4e12/132 =
// 7.4955e12 FLOP/s each, at efficiency 0.8, plus one L2 latency (147 ns) per
// wave. Up to B=256 the B rows fit one 256-row tile; 256x128 tiles with the
// reduction split 4 ways make 1 x 32 x 4 = 128 tiles, one wave, each
// 2*256*128*1024 / 7.4955e12 / 0.8 = 11.19 us: the first candidate whose one
// wave stays under the memory time (no split: 44.8 us; split 2: 22.4 us;
// split 3: 14.9 us), so the traffic limits it. With the 5 us launch:
//   B=1: memory 11.491 us + 0.147 + 5 = 16.64 us (1/16.64e-6 = 60.1 K
//     samples/s; MFU 33554432/16.64e-6/989.4e12 = 0.2%);
//   B=2: 16.65 us; B=4: 16.66 us; B=8: 16.70 us;
//   B=16: memory 11.613 us: 16.76 us (16/16.76e-6 = 955 K/s);
//   B=256: memory 13.569 us > compute 11.19 us (split-K keeps 128 of 132 SMs
//     busy): 18.72 us, memory-bound; 256/18.72e-6 = 13.7 M/s; MFU
//     33554432*256/18.72e-6/989.4e12 = 46.4%;
//   B=512: two row tiles; 256x128 split 2: 2 x 32 x 2 = 128 tiles, one
//     wave, 2*256*128*2048/7.4955e12/0.8 = 22.38 us > memory 15.656 us:
//     22.38 + 0.147 + 5 = 27.53 us, compute-bound; 512/27.53e-6 = 18.6 M/s;
//     MFU 33554432*512/27.53e-6/989.4e12 = 63.1%.
// CHECK: sweep on NVIDIA H100 SXM5 80GB (nvidia-h100-sxm)
// CHECK: batch latency samples/s MFU compute memory overhead
// CHECK-NEXT: 1 16.6 µs 60.1 K 0.2% 0.0% 100.0% 0.0%
// CHECK-NEXT: 2 16.6 µs
// CHECK-NEXT: 4 16.7 µs
// CHECK-NEXT: 8 16.7 µs
// CHECK-NEXT: 16 16.8 µs 955 K
// CHECK-NEXT: 256 18.7 µs 13.7 M 46.4% 0.0% 100.0% 0.0%
// CHECK-NEXT: 512 27.5 µs 18.6 M 63.1% 100.0% 0.0% 0.0%
// CHECK-NEXT: turns compute-bound at batch 512

// A100 (108 SMs, 312e12/108 = 2.889e12 FLOP/s each, efficiency 0.87): at
//       B=16 the best tiles are 128x256 split 6: 1 x 16 x 6 = 96 tiles, one
//       wave, 2*128*256*683 / 2.889e12 / 0.87 = 17.81e-6 s; memory =
//       (33554432 + 24576*16) / 2.039e12 / 0.9 + 390.1 ns = 18.89e-6 s:
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
