// The roofline: t_compute = (flops + int_ops) / (peak of the op's unit and
// type) / compute efficiency; t_memory = bytes / bandwidth / memory
// efficiency; latency = max of the two + launch overhead; roofline = the
// ideal (efficiency 1, no overhead). H100 SXM: f16 matrix 989.4e12 FLOP/s,
// f32 vector 66.9e12, tf32 matrix 494.7e12, 3.35e12 B/s; A100 80GB: f16
// matrix 312e12, f32 vector 19.5e12, 2.039e12 B/s. Both: compute efficiency
// 0.75, memory efficiency 0.9, launch overhead 5e-6 s (zoo/hardware).
// CSV tail: ...,unit,dtype,peak_type,peak_ops_per_s,t_compute_s,t_memory_s,
//   t_overhead_s,latency_s,roofline_s,bound
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=- hardware=h100" -o /dev/null | FileCheck %s --check-prefix=H100
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=- hardware=a100" -o /dev/null | FileCheck %s --check-prefix=A100
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=- hardware=h100 tf32=true" -o /dev/null | FileCheck %s --check-prefix=TF32

// @big: f16 matmul 4096^3, f32 accumulator.
//   flops = 2*4096^3 = 137438953472; bytes = 2*4096^2*2 + 2*4096^2*4 (C read
//   and written) = 201326592
//   On H100, t_compute = 137438953472 / 989.4e12 / 0.75 = 1.8521521928711003e-04
//         t_memory  = 201326592 / 3.35e12 / 0.9      = 6.677498905472637e-05
//         latency   = 1.8521521928711003e-04 + 5e-6  = 1.9021521928711004e-04
//         roofline  = 137438953472 / 989.4e12        = 1.3891141446533252e-04
//         compute-bound on the f16 matrix unit
//   On A100, t_compute = 137438953472 / 312e12 / 0.75   = 5.87345955008547e-04
//         t_memory  = 201326592 / 2.039e12 / 0.9     = 1.0970878535229687e-04
//         latency = 5.92345955008547e-04; roofline = 4.405094662564103e-04
// H100-LABEL: id,op,func
// H100: 0,linalg.matmul,big,{{.*}},matrix,f16,f16,989400000000000,0.00018521521928711003,6.677498905472637e-05,5e-06,0.00019021521928711004,0.00013891141446533252,compute
// A100-LABEL: id,op,func
// A100: 0,linalg.matmul,big,{{.*}},matrix,f16,f16,312000000000000,0.000587345955008547,0.00010970878535229687,5e-06,0.000592345955008547,0.0004405094662564103,compute
func.func @big(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16>) outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// @stream: add of 2^24 f32 on the vector unit.
//   flops = 16777216; bytes = 2*2^24*4 read + 2^24*4 written = 201326592
//   On A100, t_compute = 16777216 / 19.5e12 / 0.75 = 1.1471600683760684e-06
//         t_memory  = 201326592 / 2.039e12 / 0.9 = 1.0970878535229687e-04
//         latency = 1.1470878535229687e-04: memory-bound
// A100: 1,linalg.add,stream,{{.*}},vector,f32,f32,19500000000000,1.1471600683760684e-06,0.00010970878535229687,5e-06,0.00011470878535229687,{{[^,]*}},memory
func.func @stream(%x: tensor<16777216xf32>, %y: tensor<16777216xf32>) -> tensor<16777216xf32> {
  %0 = linalg.add ins(%x, %x : tensor<16777216xf32>, tensor<16777216xf32>) outs(%y : tensor<16777216xf32>) -> tensor<16777216xf32>
  return %0 : tensor<16777216xf32>
}

// @tiny: add of 4 f32: 48 bytes take 48 / 3.35e12 / 0.9 = 1.6e-11 s, far
// below the 5e-6 s launch: overhead-bound.
// H100: 2,linalg.add,tiny,{{.*}},5e-06,{{[^,]*}},{{[^,]*}},overhead
func.func @tiny(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// @f32mm: an f32 matmul 1024^3 has no f32 tensor-core rate on H100, so the
// vector unit prices it, unless tf32=true allows TF32 tensor cores.
//   flops = 2*1024^3 = 2147483648; bytes = 4*1024^2*4 = 16777216
//   vector: 2147483648 / 66.9e12 / 0.75 = 4.2799873403089186e-05
//   tf32:   2147483648 / 494.7e12 / 0.75 = 5.7879756027221885e-06
//   memory: 16777216 / 3.35e12 / 0.9 = 5.564582421227197e-06
// H100: 3,linalg.matmul,f32mm,{{.*}},vector,f32,f32,66900000000000,4.2799873403089186e-05,5.564582421227197e-06,5e-06,{{[^,]*}},{{[^,]*}},compute
// TF32: 3,linalg.matmul,f32mm,{{.*}},matrix,f32,tf32,494700000000000,5.7879756027221885e-06,5.564582421227197e-06,5e-06,{{[^,]*}},{{[^,]*}},compute
func.func @f32mm(%a: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// @fp8mm: fp8 inputs use the fp8 tensor-core rate on H100 (1978.9e12); A100
// has no fp8 tensor cores: the vector unit at the next wider format it
// rates (f16, 78e12) prices it.
// H100: 4,linalg.matmul,fp8mm,{{.*}},matrix,f8E4M3FN,fp8,1978900000000000,
// A100: 4,linalg.matmul,fp8mm,{{.*}},vector,f8E4M3FN,f16,78000000000000,
func.func @fp8mm(%a: tensor<64x64xf8E4M3FN>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// @softmax_exp: transcendentals use the special-function rate
// (4.18e12/s on H100): 65536 exps take 65536 / 4.18e12 = 1.5678e-08 s ideal,
// more than the 65536 FLOPs at 66.9e12 (9.8e-10 s): the unit is
// special-function; t_compute = (9.796...e-10 + 1.5678...e-08) / 0.75.
// H100: 5,linalg.generic,softmax_exp,{{.*}},special-function,f32,f32,66900000000000,
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
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=- hardware=%S/../Hardware/Inputs/toy-llc.yaml memory-level=auto" -o /dev/null | FileCheck %s --check-prefix=AUTO
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=- hardware=%S/../Hardware/Inputs/toy-llc.yaml memory-level=llc" -o /dev/null | FileCheck %s --check-prefix=LLC
// RUN: not mlsysim-opt %s --mlsysim-report=memory-level=l2 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADLEVEL
// @stream moves 201326592 bytes: does not fit; 1e6 of them stay in the cache,
// max((201326592 - 1e6) / 1e12, 201326592 / 4e12) / 0.5 = 0.000400653184
// (everything from the last-level cache: 201326592 / 4e12 / 0.5 = 0.000100663296)
// @tiny moves 48 bytes: fits; t_memory = 48 / 4e12 / 0.5 = 2.4e-11
// AUTO: 1,linalg.add,stream,{{.*}},0.000400653184,{{.*}},dram
// AUTO: 2,linalg.add,tiny,{{.*}},2.4e-11,{{.*}},llc
// LLC: 1,linalg.add,stream,{{.*}},0.000100663296,{{.*}},llc
// BADLEVEL: error: unknown memory-level 'l2'; expected dram, llc or auto
