// The roofline: t_compute = (flops + int_ops) / (peak of the op's unit and
// type) / compute efficiency; t_memory = bytes / bandwidth / memory
// efficiency; latency = max of the two + launch overhead; roofline = the
// ideal (efficiency 1, no overhead). H100 SXM: f16 matrix 989.4e12 FLOP/s,
// f32 vector 66.9e12, tf32 matrix 494.7e12, 3.35e12 B/s; A100 80GB: f16
// matrix 312e12, f32 vector 19.5e12, 2.039e12 B/s. Both: compute efficiency
// 0.75, memory efficiency 0.9, launch overhead 5e-6 s (zoo/hardware).
// CSV tail: ...,unit,dtype,peak_type,peak_ops_per_s,t_compute_s,t_memory_s,
//   t_overhead_s,latency_s,roofline_s,bound
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=h100 execution=eager" -o /dev/null | %fields | FileCheck %s --check-prefix=H100
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=a100 execution=eager" -o /dev/null | %fields | FileCheck %s --check-prefix=A100
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=h100 tf32=true execution=eager" -o /dev/null | %fields | FileCheck %s --check-prefix=TF32

// @big: f16 matmul 4096^3, f32 accumulator.
//   flops = 2*4096^3 = 137438953472; bytes = 2*4096^2*2 + 2*4096^2*4 (C read
//   and written) = 201326592
//   Wave quantization: 4096/128 x 4096/128 = 1024 output tiles of 128x128
//   (matrix_tile), one per SM per wave. On H100, 132 SMs, ceil(1024/132) = 8
//   waves, utilization 1024 / (8 * 132) = 0.9696969696969697; on A100, 108
//   SMs, 10 waves, 1024 / 1080 = 0.9481481481481482.
//   On H100, t_compute = 137438953472 / 989.4e12 / 0.75 / 0.96969...
//                                                = 1.9100319488983222e-04
//         t_memory  = 201326592 / 3.35e12 / 0.9      = 6.677498905472637e-05
//         latency   = 1.9100319488983222e-04 + 5e-6  = 1.9600319488983223e-04
//         roofline  = 137438953472 / 989.4e12        = 1.3891141446533252e-04
//         (the ideal: efficiency 1, every SM busy)
//         compute-bound on the f16 matrix unit
//   On A100, t_compute = 137438953472 / 312e12 / 0.75 / 0.94814...
//                                                = 6.19466436923077e-04
//         t_memory  = 201326592 / 2.039e12 / 0.9     = 1.0970878535229687e-04
//         latency = 6.24466436923077e-04; roofline = 4.405094662564103e-04
// H100-LABEL: report:
// H100: op #0 linalg.matmul:{{.*}} bound=compute;{{.*}} dtype=f16;{{.*}} func=big;{{.*}} latency_s=0.0001960031948898322;{{.*}} matrix_utilization=0.9696969696969697;{{.*}} peak_ops_per_s=989400000000000;{{.*}} peak_type=f16;{{.*}} roofline_s=0.00013891141446533252;{{.*}} t_compute_s=0.0001910031948898322;{{.*}} t_memory_s=6.677498905472637e-05;{{.*}} t_overhead_s=5e-06;{{.*}} unit=matrix;
// A100-LABEL: report:
// A100: op #0 linalg.matmul:{{.*}} bound=compute;{{.*}} dtype=f16;{{.*}} func=big;{{.*}} latency_s=0.000624466436923077;{{.*}} matrix_utilization=0.9481481481481482;{{.*}} peak_ops_per_s=312000000000000;{{.*}} peak_type=f16;{{.*}} roofline_s=0.0004405094662564103;{{.*}} t_compute_s=0.000619466436923077;{{.*}} t_memory_s=0.00010970878535229687;{{.*}} t_overhead_s=5e-06;{{.*}} unit=matrix;
func.func @big(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16>) outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// @stream: add of 2^24 f32 on the vector unit.
//   flops = 16777216; bytes = 2*2^24*4 read + 2^24*4 written = 201326592
//   On A100, t_compute = 16777216 / 19.5e12 / 0.75 = 1.1471600683760684e-06
//         t_memory  = 201326592 / 2.039e12 / 0.9 = 1.0970878535229687e-04
//         latency = 1.1470878535229687e-04: memory-bound
// A100: op #1 linalg.add:{{.*}} bound=memory;{{.*}} dtype=f32;{{.*}} func=stream;{{.*}} latency_s=0.00011470878535229687;{{.*}} peak_ops_per_s=19500000000000;{{.*}} peak_type=f32;{{.*}} t_compute_s=1.1471600683760684e-06;{{.*}} t_memory_s=0.00010970878535229687;{{.*}} t_overhead_s=5e-06;{{.*}} unit=vector;
func.func @stream(%x: tensor<16777216xf32>, %y: tensor<16777216xf32>) -> tensor<16777216xf32> {
  %0 = linalg.add ins(%x, %x : tensor<16777216xf32>, tensor<16777216xf32>) outs(%y : tensor<16777216xf32>) -> tensor<16777216xf32>
  return %0 : tensor<16777216xf32>
}

// @tiny: add of 4 f32: 48 bytes take 48 / 3.35e12 / 0.9 = 1.6e-11 s, far
// below the 5e-6 s launch: overhead-bound.
// H100: op #2 linalg.add:{{.*}} bound=overhead;{{.*}} func=tiny;{{.*}} t_overhead_s=5e-06;
func.func @tiny(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// @f32mm: an f32 matmul 1024^3 has no f32 tensor-core rate on H100, so the
// vector unit prices it, unless tf32=true allows TF32 tensor cores.
//   flops = 2*1024^3 = 2147483648; bytes = 4*1024^2*4 = 16777216
//   vector: 2147483648 / 66.9e12 / 0.75 = 4.2799873403089186e-05
//   tf32:   8 x 8 = 64 tiles on 132 SMs (one wave, utilization 64/132):
//           2147483648 / 494.7e12 / 0.75 / (64/132) = 1.1937699680614512e-05
//   (the vector unit has no tiles: utilization 1)
//   memory: 16777216 / 3.35e12 / 0.9 = 5.564582421227197e-06
// H100: op #3 linalg.matmul:{{.*}} bound=compute;{{.*}} dtype=f32;{{.*}} func=f32mm;{{.*}} peak_ops_per_s=66900000000000;{{.*}} peak_type=f32;{{.*}} t_compute_s=4.2799873403089186e-05;{{.*}} t_memory_s=5.564582421227197e-06;{{.*}} t_overhead_s=5e-06;{{.*}} unit=vector;
// TF32: op #3 linalg.matmul:{{.*}} bound=compute;{{.*}} dtype=f32;{{.*}} func=f32mm;{{.*}} peak_ops_per_s=494700000000000;{{.*}} peak_type=tf32;{{.*}} t_compute_s=1.1937699680614512e-05;{{.*}} t_memory_s=5.564582421227197e-06;{{.*}} t_overhead_s=5e-06;{{.*}} unit=matrix;
func.func @f32mm(%a: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// @fp8mm: fp8 inputs use the fp8 tensor-core rate on H100 (1978.9e12); A100
// has no fp8 tensor cores: the vector unit at the next wider format it
// rates (f16, 78e12) prices it.
// H100: op #4 linalg.matmul:{{.*}} dtype=f8E4M3FN;{{.*}} func=fp8mm;{{.*}} peak_ops_per_s=1978900000000000;{{.*}} peak_type=fp8;{{.*}} unit=matrix;
// A100: op #4 linalg.matmul:{{.*}} dtype=f8E4M3FN;{{.*}} func=fp8mm;{{.*}} peak_ops_per_s=78000000000000;{{.*}} peak_type=f16;{{.*}} unit=vector;
func.func @fp8mm(%a: tensor<64x64xf8E4M3FN>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// @softmax_exp: transcendentals use the special-function rate
// (4.18e12/s on H100): 65536 exps take 65536 / 4.18e12 = 1.5678e-08 s ideal,
// more than the 65536 FLOPs at 66.9e12 (9.8e-10 s): the unit is
// special-function; t_compute = (9.796...e-10 + 1.5678...e-08) / 0.75.
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
// memory efficiency 0.5.
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
// BADLEVEL: for the --memory-level option: Cannot find option named 'l2'!
