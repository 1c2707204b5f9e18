// The roofline under the default realism (docs/cost-model.md, "The roofline"
// and "Tiles and memory levels"): t_compute = (flops + int_ops) / (peak of
// the op's unit and type) / utilization of its tiles / compute efficiency;
// t_memory = the slowest memory level: device memory carries the op's bytes /
// bandwidth / memory efficiency + its latency once per kernel, shared memory
// (the file's scratchpad) a tiled contraction's panels; latency = max of the
// two + the exposed time per run of a tiled contraction (the library
// kernel's fixed latency, matrix_tiles.kernel_latency_cycles / clock_hz,
// where the file gives it, else one L2 latency; plus two L2 latencies per
// split-K part after the first; a contraction run as a vector kernel
// instead pays the kernel latency too) + launch overhead; roofline = the
// ideal (efficiency 1, every core busy, no level inside device memory, no
// latency, no launch).
// H100 SXM (zoo/hardware/nvidia-h100-sxm.yaml): f16 matrix 989.4e12 FLOP/s,
// tf32 matrix 494.7e12, f32 vector 66.9e12, f16 vector 133.8e12; 3.35e12 B/s;
// 132 SMs; shared memory 3.345e13 B/s, latency 1.01e-8 s; L2 latency 1.47e-7
// s (no L2 bandwidth: split-K partials are priced at device memory), 50e6 B;
// device memory latency 3.535e-7 s; compute efficiency 0.8, memory 0.9;
// wgmma depth 32 B (16 f16, 8 tf32 elements); kernel latency 9700 cycles /
// 1.98 GHz = 4.898989898989899e-06 s.
// A100 SXM4 80GB (zoo/hardware/nvidia-a100-sxm4-80gb.yaml): f16 matrix
// 312e12, f32 vector 19.5e12, f16 vector 78e12; 2.039e12 B/s; 108 SMs;
// shared memory 1.949e13 B/s, latency 1.418e-8 s; L2 5.4e12 B/s (measured),
// latency 1.489e-7 s, 40e6 B; device memory latency 3.901e-7 s; compute
// efficiency 0.87, memory 0.9; mma depth 32 B; kernel latency 9700 cycles
// / 1.41 GHz = 6.879432624113475e-06 s. Both: tiles 256x128,
// 128x256, 128x128, 256x64, 64x256, 128x64, 64x128, 64x64 (in that order),
// split-K 1, 2, 3, 4, 5, 6, 8, 16; eager launch 5e-6 s.
// CSV tail: ...,unit,dtype,peak_type,peak_ops_per_s,t_compute_s,t_memory_s,
//   t_overhead_s,latency_s,roofline_s,bound
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=h100 execution=eager" -o /dev/null | %fields | FileCheck %s --check-prefix=H100
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=a100 execution=eager" -o /dev/null | %fields | FileCheck %s --check-prefix=A100
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=h100 tf32=true execution=eager" -o /dev/null | %fields | FileCheck %s --check-prefix=TF32

// @big: f16 matmul 4096^3, f32 accumulator.
//   flops = 2*4096^3 = 137438953472; bytes = 2*4096^2*2 + 2*4096^2*4 (C read
//   and written) = 201326592 (over the L2, but already above the I/O bound
//   at the L2's capacity, 2*4096^3 / sqrt(50e6/2) * 2 = 54975581 B on H100,
//   61.5e6 B on the A100, so no operand is read again)
//   On H100 the best tiles (the least max(compute, levels) + exposed of all
//   candidates; the kernel latency is the same for all, a split adds
//   2 * 1.47e-7 per part after the first) are 256x128, no split: 16 x 32 =
//   512 tiles, ceil(512/132) = 4 waves, k_t = 4096 (256 steps of 16),
//   utilization 512 / (4*132) = 0.9696969696969697 (waves; tiles and
//   alignment whole):
//         t_compute = 4 * 2*256*128*4096 / (989.4e12/132) / 0.8
//                   = 137438953472 / 989.4e12 / 0.9696... / 0.8
//                   = 1.790654952092177e-04
//         shared memory: 2 * (256+128) * 4096 * 2 = 6291456 B per tile, a
//           wave of 132 of them per SM's share: 4 * 6291456 * 132 /
//           (3.345e13 * 0.9) + 1.01e-8 = 1.1035352361733931e-04
//         device memory: 201326592 / (3.35e12 * 0.9) + 3.535e-7
//                   = 6.677498905e-05 + 3.535e-7 = 6.712848905e-05
//         t_memory  = 1.1035352361733931e-04 (shared memory, bound_level l1)
//         latency   = 1.790654952092177e-04 + 4.898989898989899e-06
//                     (exposed: kernel latency 9700 cycles / 1.98 GHz =
//                     4.898989898989899e-06) + 5e-6 = 1.889644851082076e-04
//         roofline  = 137438953472 / 989.4e12        = 1.3891141446533252e-04
//         compute-bound on the f16 matrix unit
//   On A100 the L2 carries each tile's panels, its output and split-K's f32
//   partials (written and read back). 128x64 unsplit (2048 tiles, 19 waves,
//   the best before the L2 was priced) now waits on its panels there:
//   2048 * (128+64) * 4096 * 2 / (5.4e12 * 0.9) + 1.489e-7 = 6.6295e-04, over
//   its compute. The best tiles are 256x128 split 4: 16 x 32 x 4 = 2048
//   tiles, ceil(2048/108) = 19 waves, k_t = 1024 (64 steps of 16),
//   utilization 2048 / (19*108) = 0.9980506822612085 (256x128 unsplit: 5
//   waves at 0.948; 128x256 split 4 ties and comes later; 128x128 split 2:
//   L2 2.48e9 B, 5.11e-4 s, over its compute):
//         t_compute = 137438953472 / 312e12 / 0.99805... / 0.87
//                   = 5.073216509283821e-04
//         shared memory: 19 * 108 * 2*(256+128)*1024*2 / (1.949e13 * 0.9)
//                   + 1.418e-8 = 1.8401263664443303e-04
//         L2: 2048 * (256+128) * 1024 * 2 = 1610612736 panels
//                   + 4096^2 * 4 output + 2 * 4 * 4096^2 * 4 partials
//                   = 2214592512 B; / (5.4e12 * 0.9) + 1.489e-7
//                   = 4.558263716049383e-04
//         device memory: 201326592 / (2.039e12 * 0.9) + 3.901e-7
//                   = 1.1009888535229688e-04
//         t_memory  = 4.558263716049383e-04 (the L2, bound_level l2)
//         latency = 5.073216509283821e-04 + 6.879432624113475e-06 (exposed:
//                 kernel latency 9700 cycles / 1.41 GHz) + 3 * 2 * 1.489e-7
//                 (the serial split) + 5e-6 = 5.200944835524956e-04;
//                 roofline = 137438953472 / 312e12 = 4.405094662564103e-04
// H100-LABEL: report:
// H100: op #0 linalg.matmul:{{.*}} bound=compute; bound_level=l1;{{.*}} dtype=f16;{{.*}} func=big;{{.*}} latency_s=0.00018896448510820{{[0-9]*}};{{.*}} matrix_utilization=0.9696969696969697;{{.*}} peak_ops_per_s=989400000000000;{{.*}} peak_type=f16;{{.*}} roofline_s=0.00013891141446533252;{{.*}} t_compute_s=0.00017906549520921{{[0-9]*}};{{.*}} t_memory_s=0.00011035352361733{{[0-9]*}};{{.*}} t_overhead_s=5e-06;{{.*}} tile.m=256; tile.n=128; tile.split_k=1;{{.*}} tile.tiles=512;{{.*}} tile.waves=4;{{.*}} unit=matrix;
// A100-LABEL: report:
// A100: op #0 linalg.matmul:{{.*}} bound=compute; bound_level=l2;{{.*}} dtype=f16;{{.*}} func=big;{{.*}} latency_s=0.00052009448355249{{[0-9]*}};{{.*}} matrix_utilization=0.998050682261208{{[0-9]*}};{{.*}} peak_ops_per_s=312000000000000;{{.*}} peak_type=f16;{{.*}} roofline_s=0.0004405094662564103;{{.*}} t_compute_s=0.00050732165092838{{[0-9]*}};{{.*}} t_memory_s=0.00045582637160493{{[0-9]*}};{{.*}} t_overhead_s=5e-06;{{.*}} tile.m=256; tile.n=128; tile.split_k=4;{{.*}} tile.tiles=2048;{{.*}} tile.waves=19;{{.*}} unit=matrix;
func.func @big(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16>) outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// @stream: add of 2^24 f32 on the vector unit (no tiles).
//   flops = 16777216; bytes = 2*2^24*4 read + 2^24*4 written = 201326592
//   On A100, t_compute = 16777216 / 19.5e12 / 0.87 = 9.889310934276451e-07
//         t_memory  = 201326592 / 2.039e12 / 0.9 + 3.901e-7
//                   = 1.0970878535229687e-04 + 3.901e-7 = 1.1009888535229686e-04
//         latency = 1.1509888535229686e-04: memory-bound
//         roofline = 201326592 / 2.039e12 = 9.873790681706718e-05
// A100: op #1 linalg.add:{{.*}} bound=memory;{{.*}} dtype=f32;{{.*}} func=stream;{{.*}} latency_s=0.00011509888535229{{[0-9]*}};{{.*}} peak_ops_per_s=19500000000000;{{.*}} peak_type=f32;{{.*}} roofline_s=9.87379068170671{{[0-9]*}}e-05;{{.*}} t_compute_s=9.88931093427645{{[0-9]*}}e-07;{{.*}} t_memory_s=0.00011009888535229{{[0-9]*}};{{.*}} t_overhead_s=5e-06;{{.*}} tile=null;{{.*}} unit=vector;
func.func @stream(%x: tensor<16777216xf32>, %y: tensor<16777216xf32>) -> tensor<16777216xf32> {
  %0 = linalg.add ins(%x, %x : tensor<16777216xf32>, tensor<16777216xf32>) outs(%y : tensor<16777216xf32>) -> tensor<16777216xf32>
  return %0 : tensor<16777216xf32>
}

// @tiny: add of 4 f32: 48 bytes take 48 / 3.35e12 / 0.9 + 3.535e-7 (device
// memory's latency) = 3.5351592e-7 s, below the 5e-6 s launch:
// overhead-bound.
// H100: op #2 linalg.add:{{.*}} bound=overhead;{{.*}} func=tiny;{{.*}} t_overhead_s=5e-06;
func.func @tiny(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// @f32mm: an f32 matmul 1024^3 has no f32 tensor-core rate on H100, so the
// vector unit prices it, unless tf32=true allows TF32 tensor cores. Either
// way its tiles set the utilization (the vector unit has no instruction
// depth).
//   flops = 2*1024^3 = 2147483648; bytes = 4*1024^2*4 = 16777216
//   vector: best tiles 128x64, no split: 8 * 16 = 128 tiles in 1 wave,
//           k_t = 1024, utilization 128/132 = 0.9696969696969697 (256x128
//           split 4, also 128 tiles in 1 wave with the same compute, pays
//           3 * 2 * 1.47e-7 = 8.82e-7 more exposed; 64x128 ties, later):
//           t_compute = 2147483648 / 66.9e12 / 0.9696... / 0.8
//                     = 4.137878385650223e-05
//           shared memory: 2*(128+64)*1024*4 = 1572864 B per tile x 132 /
//           (3.345e13 * 0.9) + 1.01e-8 = 6.906563976083707e-06, over device
//           memory's 16777216 / 3.015e12 + 3.535e-7 = 5.918082e-06 (no
//           partials): t_memory = 6.906563976083707e-06
//           latency = 4.137878385650223e-05 + 4.898989898989899e-06
//                     (exposed: kernel latency 9700 cycles / 1.98 GHz) + 5e-6
//                   = 5.127777375549213e-05
//           roofline = 2147483648 / 66.9e12 = 3.209990505231689e-05
//   tf32:   best tiles 128x64, no split: 8 * 16 = 128 tiles in 1 wave, k_t =
//           1024 (128 steps of 8), utilization 128/132:
//           t_compute = 2147483648 / 494.7e12 / 0.9696... / 0.8
//                     = 5.595796725288053e-06
//           shared memory: 2*(128+64)*1024*4 = 1572864 B per tile x 132 /
//           (3.345e13 * 0.9) + 1.01e-8 = 6.906563976083707e-06, over device
//           memory's 16777216 / 3.015e12 + 3.535e-7 = 5.918082e-06: t_memory
//           = 6.906563976083707e-06 (l1)
//           latency = 6.906563976083707e-06 + 4.898989898989899e-06
//                     (exposed: kernel latency 9700 cycles / 1.98 GHz) + 5e-6
//                   = 1.6805553875073606e-05; the launch and the kernel
//           latency, 9.898989898989899e-06, outweigh the traffic:
//           overhead-bound
// H100: op #3 linalg.matmul:{{.*}} bound=compute;{{.*}} dtype=f32;{{.*}} func=f32mm;{{.*}} latency_s=5.12777737554921{{[0-9]*}}e-05;{{.*}} matrix_utilization=0.9696969696969697;{{.*}} peak_ops_per_s=66900000000000;{{.*}} peak_type=f32;{{.*}} roofline_s=3.20999050523168{{[0-9]*}}e-05;{{.*}} t_compute_s=4.13787838565022{{[0-9]*}}e-05;{{.*}} t_memory_s=6.90656397608370{{[0-9]*}}e-06;{{.*}} t_overhead_s=5e-06;{{.*}} tile.m=128; tile.n=64; tile.split_k=1;{{.*}} unit=vector;
// TF32: op #3 linalg.matmul:{{.*}} bound=overhead; bound_level=l1;{{.*}} dtype=f32;{{.*}} func=f32mm;{{.*}} latency_s=1.68055538750736{{[0-9]*}}e-05;{{.*}} peak_ops_per_s=494700000000000;{{.*}} peak_type=tf32;{{.*}} t_compute_s=5.59579672528805{{[0-9]*}}e-06;{{.*}} t_memory_s=6.90656397608370{{[0-9]*}}e-06;{{.*}} t_overhead_s=5e-06;{{.*}} tile.m=128; tile.n=64; tile.split_k=1;{{.*}} unit=matrix;
func.func @f32mm(%a: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// @fp8mm: 64x64x64 with fp8 inputs. H100 rates fp8 on its tensor cores
// (1978.9e12), but the problem fills at most 2 tiles (split 2: K = 64, two
// parts of 32, one wgmma step each) of 132 SMs: utilization at most 2/132,
// 30.0e12 FLOP/s of the matrix unit (the best tile is now 64x64 unsplit, 1
// tile, 1/132: the split's 2 * 1.47e-7 exposed outweighs what it saves),
// under the vector unit's at the next wider format it rates (f16,
// 133.8e12): it runs as a vector kernel, flat, no tile, still paying the
// library kernel's latency 9700 cycles / 1.98 GHz = 4.898989898989899e-06
// as its exposed time. A100 has no fp8 tensor cores: the vector unit at f16
// (78e12) prices it, in tiles (64x64 split 2: 2 tiles of 108, utilization
// 2/108 = 0.018518518518518517; its k_t = 32 halves the unsplit tile's
// compute, 2*64*64*64 / (78e12/108) / 0.87 = 8.344e-7 -> 4.172e-7, more
// than the split's 2 * 1.489e-7 = 2.978e-7 of exposed L2 latencies).
// H100: op #4 linalg.matmul:{{.*}} dtype=f8E4M3FN;{{.*}} func=fp8mm;{{.*}} matrix_utilization=1;{{.*}} peak_ops_per_s=133800000000000;{{.*}} peak_type=f16;{{.*}} tile=null;{{.*}} unit=vector;
// A100: op #4 linalg.matmul:{{.*}} dtype=f8E4M3FN;{{.*}} func=fp8mm;{{.*}} matrix_utilization=0.018518518518518517;{{.*}} peak_ops_per_s=78000000000000;{{.*}} peak_type=f16;{{.*}} tile.m=64; tile.n=64; tile.split_k=2;{{.*}} unit=vector;
func.func @fp8mm(%a: tensor<64x64xf8E4M3FN>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// @softmax_exp: transcendentals use the special-function rate
// (4.18e12/s on H100): 65536 exps take 65536 / 4.18e12 = 1.5678e-08 s ideal,
// more than the 65536 FLOPs at 66.9e12 (9.8e-10 s): the unit is
// special-function; t_compute = (9.796...e-10 + 1.5678...e-08) / 0.8.
// H100: op #5 linalg.generic:{{.*}} dtype=f32;{{.*}} func=softmax_exp;{{.*}} peak_ops_per_s=66900000000000;{{.*}} peak_type=f32;{{.*}} unit=special-function;
func.func @softmax_exp(%x: tensor<65536xf32>) -> tensor<65536xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
       ins(%x : tensor<65536xf32>) outs(%x : tensor<65536xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    %s = arith.mulf %e, %a : f32
    linalg.yield %s : f32
  } -> tensor<65536xf32>
  return %0 : tensor<65536xf32>
}

// memory-level: a device file with an LLC bandwidth prices traffic at it when
// asked (llc), or when the op's footprint fits in the LLC (auto). Toy NPU
// (test/Hardware/Inputs/toy-llc.yaml): DRAM 1e12 B/s, LLC 4e12 B/s and 1 MB,
// memory efficiency 0.5; it gives no latencies (no small-transfer term).
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-llc.yaml memory-level=auto" -o /dev/null | %fields | FileCheck %s --check-prefix=AUTO
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-llc.yaml memory-level=llc" -o /dev/null | %fields | FileCheck %s --check-prefix=LLC
// RUN: not mlsysim-opt %s --mlsysim-report=memory-level=l2 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADLEVEL
// @stream moves 201326592 bytes: does not fit; 1e6 of them stay in the cache,
// max((201326592 - 1e6) / 1e12, 201326592 / 4e12) / 0.5 = 0.000400653184
// (everything from the last-level cache: 201326592 / 4e12 / 0.5 = 0.000100663296)
// @tiny moves 48 bytes: fits; t_memory = 48 / 4e12 / 0.5 = 2.4e-11
// AUTO: op #1 linalg.add:{{.*}} func=stream;{{.*}} memory_level=dram;{{.*}} t_memory_s=0.000400653184;
// AUTO: op #2 linalg.add:{{.*}} func=tiny;{{.*}} memory_level=llc;{{.*}} t_memory_s=2.4e-11;
// LLC: op #1 linalg.add:{{.*}} func=stream;{{.*}} memory_level=llc;{{.*}} t_memory_s=0.000100663296;
// BADLEVEL: error: memory-level expects one of dram, llc, auto, got 'l2'
