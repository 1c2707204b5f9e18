// sweep=1,2,4,...: the dynamic batch bound to each value in turn: latency,
// throughput, MFU and where the time goes per value, and the value from which the
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
// 8.151e-9*B + 3.535e-7 s. The matmul's best tiles (docs/cost-model.md,
// Tiles and memory levels) on 132 SMs of 989.4e12/132 = 7.4955e12 FLOP/s
// each, at efficiency 0.8; split-K's f32 partials (2*s*B*4096*4 B) go to HBM
// (the file has no L2 bandwidth), so no split pays here.
// Up to B=16 the B rows pad one 64-row tile: the best, 64x64 with no split,
// is 64 tiles in one wave, u = B*4096*4096 / (132*64*64*4096) = B/8448, and
// u * 989.4e12 (7.5e12 at B=1, 119.9e12 at B=16) stays under the vector
// unit's f16 133.8e12: the library runs a flat vector kernel (no tile, but
// still a library kernel: the kernel latency 9700 cycles / 1.98 GHz =
// 4.898989898989899e-06 stays exposed), compute 33554432*B / 133.8e12 / 0.8
// (5.02 us at B=16) under the memory time. MFU is over that vector peak.
// With the 5 us launch:
//   B=1: memory 11.491 us + 4.899 + 5 = 21.39 us (1/21.39e-6 = 46.8 K
//     samples/s; MFU 33554432/21.39e-6/133.8e12 = 1.2%);
//   B=2: 21.40 us; B=4: 21.41 us; B=8: 21.45 us;
//   B=16: memory 11.613 us: 21.51 us (16/21.51e-6 = 744 K/s);
//   B=256: 128x64 tiles, no split: 2 x 64 = 128 tiles, one wave, compute
//     2*128*64*4096 / 7.4955e12 / 0.8 = 11.19 us (u = 0.97: 128 of 132 SMs
//     busy; u * 989.4e12 = 959e12 keeps the matrix unit); shared memory
//     (3.345e13 B/s, latency 10.1 ns) takes one tile's 2*(128+64)*4096*2 B
//     on each of the 132 SMs: 415236096 / (3.345e13*0.9) + 1.01e-8 =
//     13.803 us, over HBM's 13.569 us: 13.803 + 4.899 (the kernel latency;
//     split-1 tiles all pay it, splits pay more, so 128x64 still wins) + 5
//     = 23.70 us, memory-bound; 256/23.70e-6 = 10.8 M/s; MFU
//     33554432*256/23.70e-6/989.4e12 = 36.6%;
//   B=512: 128x128 tiles, no split: 4 x 32 = 128 tiles, one wave,
//     2*128*128*4096/7.4955e12/0.8 = 22.38 us > shared memory 18.40 us and
//     memory 15.656 us: 22.38 + 4.899 + 5 = 32.28 us, compute-bound;
//     512/32.28e-6 = 15.9 M/s; MFU 33554432*512/32.28e-6/989.4e12 = 53.8%.
// The shares are where the time goes, as the report's `time:` line gives
// them (the exposed kernel latency counts as memory): B=1 memory
// (11.491+4.899)/21.39 = 76.6%, launches 5/21.39 = 23.4%; B=256 memory
// (13.803+4.899)/23.70 = 78.9%, launches 21.1%; B=512 compute 22.38/32.28 =
// 69.3%, memory (the exposed kernel latency) 4.899/32.28 = 15.2%, launches
// 5/32.28 = 15.5%.
// CHECK: sweep on NVIDIA H100 SXM5 80GB (nvidia-h100-sxm)
// CHECK: batch latency samples/s MFU compute memory launches
// CHECK-NEXT: 1 21.4 µs 46.8 K 1.2% 0.0% 76.6% 23.4%
// CHECK-NEXT: 2 21.4 µs
// CHECK-NEXT: 4 21.4 µs
// CHECK-NEXT: 8 21.4 µs
// CHECK-NEXT: 16 21.5 µs 744 K
// CHECK-NEXT: 256 23.7 µs 10.8 M 36.6% 0.0% 78.9% 21.1%
// CHECK-NEXT: 512 32.3 µs 15.9 M 53.8% 69.3% 15.2% 15.5%
// CHECK-NEXT: turns compute-bound at batch 512

// A100 (108 SMs, 312e12, 78e12 f16 vector, efficiency 0.87): at B=16 the
//       best tiles (64x64, no split, 64 tiles in one wave) keep u =
//       16*4096*4096 / (108*64*64*4096) = 0.148 busy, u * 312e12 = 46.2e12
//       < 78e12: a vector kernel, compute 33554432*16 / 78e12 / 0.87 =
//       7.91e-6 s; memory = (33554432 + 24576*16) / 2.039e12 / 0.9 + 390.1
//       ns = 18.89e-6 s, + the kernel latency 9700 cycles / 1.41 GHz =
//       6.879432624113475e-06 exposed: still memory-bound.
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
