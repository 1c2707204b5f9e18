// What limits a program, and the lever that moves it: the diagnosis groups
// the time of what runs by the kind of work and gives each kind its bound
// and a number the same report computes. On the toy GPU
// (test/Hardware/Inputs/toy-gpu.yaml): f16 matrix 100e12 FLOP/s, f32 vector
// 10e12, special functions 1e12/s, 1e12 B/s, efficiencies 0.5; 4 cores
// computing 64x64 output tiles (a tile set of one, no split-K, no
// instruction depth); 1 us per compiled launch. The toy GPU names no
// latencies, so the small-transfer and overlap terms add nothing; it names no
// cache or shared-memory bandwidth, so the only level is device memory, which carries each kernel's own traffic.
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml output=-" -o /dev/null | FileCheck %s
// The JSON and HTML views carry the same diagnosis.
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml format=json output=-" -o /dev/null | %fields --section diagnosis | FileCheck %s --check-prefix=JSON
// The toy GPU without its library's tiles: no fused attention kernel.
// RUN: sed '/^matrix_tile:/,/^  n:/d' %S/../Hardware/Inputs/toy-gpu.yaml > %t.notiles.yaml
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=%t.notiles.yaml output=-" -o /dev/null | FileCheck %s --check-prefix=UNFUSED
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-gpu.yaml format=html output=-" -o /dev/null | FileCheck %s --check-prefix=HTML

// Weights: x[16x1024] . W[1024x1024] (f16, W a parameter) into y.
// FLOPs 2*16*1024*1024 = 33554432. Tiles: ceil(16/64) * (1024/64) = 16 on
// 4 cores, 4 full waves, but the 16 rows pad to a 64-row tile: each tile
// 2*64*64*1024 = 8388608 FLOPs at 100e12/4 = 25e12/s = 0.3355 us, 4 waves
// 1.342 us, / 0.5 = 2.684 us (utilization 16/64 = 0.25). Bytes: W 2097152 +
// x 32768 + y read and written 65536 = 2195456: 4.391 us at 0.5e12 B/s.
// Memory-bound: 5.39 us.
// At k times the samples the traffic is 2097152 + 98304k B and the compute
// 2.684k us: 2.684e-6 k = 2e-12 (2097152 + 98304 k) gives
// k = 4.194 / (2.684 - 0.197) = 1.69, batch 2. (The lever scales the
// compute with the batch; the padded rows make that pessimistic here.)
// The weights alone take 2097152 / 0.5e12 = 4.19 us: 77.8% of 5.39 us.
// CHECK-LABEL: @weights: predicted 5.39 µs
// CHECK: matmuls: 1 kernel, 5.39 µs (100.0%), memory-bound; 2.10 MB of their 2.20 MB are weights: 1.7x the samples per run (batch 1 -> 2) makes them compute-bound, reusing the weights
// CHECK-NEXT: launches: 1 kernel launch x 1 µs = 1 µs (18.5% of the time); eager execution would launch 1 (8.39 µs in all)
// CHECK-NEXT: weights: the 2.10 MB of weights, read once per run, set a floor of 4.19 µs on this device (77.8% of the predicted latency)
// 4.390912 us of memory + 1 us of launch = 5.390912 us; memory 81.5%.
// JSON-LABEL: report:
// JSON-NEXT: diagnosis: launches=1 kernel launch x 1 µs = 1 µs (18.5% of the time); {{.*}} share.compute=0; share.launches=0.18549{{[0-9]+}}; share.memory=0.81450{{[0-9]+}}; weights=the 2.10 MB of weights, read once per run, set a floor of 4.19 µs
// JSON-NEXT: diagnosis kinds[0]: bound=memory; kernels=1; kind=matmuls; lever=2.10 MB of their 2.20 MB are weights: 1.7x the samples per run (batch 1 -> 2) makes them compute-bound, reusing the weights; lever_option=null; lever_time_s=null; matrix_utilization=0.25; share=1; time_s=5.390912e-06;
// HTML: <ul id="diagnosis">
// HTML-NEXT: <li><b>matmuls</b>: 1 kernel, 5.39 µs (100.0%), memory-bound; 2.10 MB of their 2.20 MB are weights
func.func @weights(%x: tensor<16x1024xf16>, %w: tensor<1024x1024xf16> {mlsysim.param}, %y: tensor<16x1024xf16>) -> tensor<16x1024xf16> {
  %0 = linalg.matmul ins(%x, %w : tensor<16x1024xf16>, tensor<1024x1024xf16>) outs(%y : tensor<16x1024xf16>) -> tensor<16x1024xf16>
  return %0 : tensor<16x1024xf16>
}

// -----

// Launches: 16 adds move 192 B in 0.38 ns; the launch is 1 us.
// CHECK-LABEL: @tiny: predicted 1.00 µs
// CHECK: elementwise: 1 kernel, 1.00 µs (100.0%), overhead-bound; the launch overhead (1 µs) outweighs the work (0.38 ns): fewer, larger kernels (fusion, a larger batch) amortize it
func.func @tiny(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// Wave quantization: a 64x64 result is one 64x64 tile: one core of four.
// FLOPs 2*64*64*65536 = 536870912: 10.74 us on the whole unit, 42.95 us on
// a quarter; bytes 2 * 8388608 + 2 * 8192 = 16793600: 33.59 us. Compute-bound
// at 43.9 us; with every core busy max(10.74, 33.59) + 1 = 34.6 us.
// CHECK-LABEL: @waves: predicted 43.9 µs
// CHECK: matmuls: 1 kernel, 43.9 µs (100.0%), compute-bound; they keep 25.0% of the matrix unit busy: even the library's best tiles leave some of the 4 cores idle or pad the problem (wave and tile quantization); with every core busy (more rows per run, a larger batch) the same work would take 34.6 µs
func.func @waves(%a: tensor<64x65536xf16>, %b: tensor<65536x64xf16>, %c: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x65536xf16>, tensor<65536x64xf16>) outs(%c : tensor<64x64xf16>) -> tensor<64x64xf16>
  return %0 : tensor<64x64xf16>
}

// -----

// A narrower format: an f32 matmul runs on the vector unit. 256^3: 33554432
// FLOPs / 5e12 = 6.71 us over 1048576 B / 0.5e12 = 2.10 us: 7.71 us. In f16
// on the matrix unit: 0.671 us, under the traffic: 2.10 + 1 = 3.10 us.
// CHECK-LABEL: @f32: predicted 7.71 µs
// CHECK: matmuls: 1 kernel, 7.71 µs (100.0%), compute-bound; compute-bound on the vector unit's f32 peak (10 TFLOP/s); in f16 on the matrix unit (100 TFLOP/s) they would take 2.05 µs (precision=f16 prices it)
func.func @f32(%a: tensor<256x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// Attention: Q.K^T (f16 in, f32 scores), softmax, a cast to f16, P.V. On
// a device whose library tiles contractions, the compiled plan runs it as one
// fused attention kernel (FlashAttention), below. Without the library's tiles
// (UNFUSED) the softmax and its cast are one row kernel and the fills are
// made in place: 3 kernels.
//   scores: 2*512*512*64 = 33554432 FLOPs, 0.671 us; reads Q, K 131072 B,
//     writes 512*512*4 = 1048576 B: 2.36 us + 1 = 3.36 us
//   softmax + cast: 4 FLOPs (0.21 us) and an exp (0.52 us) per score:
//     0.73 us; reads 1048576, writes 524288 B: 3.15 + 1 = 4.15 us
//   P.V: 33554432 FLOPs, 0.671 us; reads 524288 + 65536, writes 65536 B:
//     1.31 + 1 = 2.31 us
// 9.82 us, 3407872 B. Fused (the scores stay on chip): 3407872 - 2 *
// (1048576 + 524288) = 262144 B, 0.52 us, under the compute 2.08 us: 3.08 us.
// UNFUSED-LABEL: @attention: predicted 9.82 µs, compiled (3 kernels as a fusing compiler forms them)
// UNFUSED: attention: 3 kernels, 9.82 µs (100.0%), memory-bound; a fused attention kernel (FlashAttention-style, the scores stay on chip) would move 262 KB instead of 3.41 MB and take 3.08 µs
// UNFUSED: x1 softmax + 1 op (reduction) 4.15 µs
// With the library's tiles the plan is that fused kernel: the scores and
// the probabilities never leave the chip, Q, K and V are read and the
// output written, 262144 B (0.52 us), under the three parts' compute
// (0.671 + 0.73 + 0.671 = 2.08 us), + 1 us launch: 3.08 us, one kernel of
// kind attention (the scores, the softmax, its cast and P.V).
// CHECK-LABEL: @attention: predicted 3.08 µs, compiled (1 kernel as a fusing compiler forms them)
// CHECK: x1 generic + 5 ops (attention) 3.08 µs
#q = affine_map<(i, j, k) -> (i, k)>
#kt = affine_map<(i, j, k) -> (j, k)>
#o = affine_map<(i, j, k) -> (i, j)>
#id = affine_map<(i, j) -> (i, j)>
func.func @attention(%q: tensor<512x64xf16>, %k: tensor<512x64xf16>, %v: tensor<512x64xf16>) -> tensor<512x64xf16> {
  %e = tensor.empty() : tensor<512x512xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %s = linalg.generic {indexing_maps = [#q, #kt, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%q, %k : tensor<512x64xf16>, tensor<512x64xf16>) outs(%f : tensor<512x512xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %m = arith.mulf %a32, %b32 : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  } -> tensor<512x512xf32>
  %e2 = tensor.empty() : tensor<512x512xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<512x512xf32>) outs(%e2 : tensor<512x512xf32>) -> tensor<512x512xf32>
  %e3 = tensor.empty() : tensor<512x512xf16>
  %ph = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<512x512xf32>) outs(%e3 : tensor<512x512xf16>) {
  ^bb0(%a: f32, %b: f16):
    %t = arith.truncf %a : f32 to f16
    linalg.yield %t : f16
  } -> tensor<512x512xf16>
  %e4 = tensor.empty() : tensor<512x64xf16>
  %z16 = arith.constant 0.0 : f16
  %f4 = linalg.fill ins(%z16 : f16) outs(%e4 : tensor<512x64xf16>) -> tensor<512x64xf16>
  %out = linalg.matmul ins(%ph, %v : tensor<512x512xf16>, tensor<512x64xf16>) outs(%f4 : tensor<512x64xf16>) -> tensor<512x64xf16>
  return %out : tensor<512x64xf16>
}
