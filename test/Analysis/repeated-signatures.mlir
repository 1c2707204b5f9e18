// A named op's cost is priced once per signature (op name, attributes and
// properties, operand and result types) and reused for every op that shares
// it. Ops that differ only in a property are priced apart, ops with a
// written payload (linalg.generic) share a price only with the same payload,
// and ops with dynamic shapes are priced every time. The fusion plan takes
// what else is a function of the op alone from the first op of a signature.
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- dynamic-dim=-1" -o /dev/null 2>/dev/null | %fields | FileCheck %s
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json dynamic-dim=8 output=-" -o /dev/null | %fields | FileCheck %s --check-prefix=DYN

// 64x64 f32: 4096 elements, 16384 bytes in and out.
// exp: 4096 transcendentals, no FLOPs; negf (the same types, another kind):
// 4096 FLOPs, no transcendentals; the second exp as the first.
// CHECK-LABEL: report:
// CHECK: op #1 linalg.elementwise:{{.*}} bytes_read=16384;{{.*}} bytes_written=16384;{{.*}} flops=0;{{.*}} transcendentals=4096;
// CHECK: op #2 linalg.elementwise:{{.*}} bytes_read=16384;{{.*}} bytes_written=16384;{{.*}} flops=4096;{{.*}} transcendentals=0;
// CHECK: op #3 linalg.elementwise:{{.*}} bytes_read=16384;{{.*}} bytes_written=16384;{{.*}} flops=0;{{.*}} transcendentals=4096;
// M=64 N=32 K=64 f32, as written and with A read transposed (indexing_maps,
// a property): flops = 2*64*32*64 = 262144 each; read A 16384 + B 8192 +
// the accumulator 8192 = 32768, write 8192. A third matmul on 32x64 by
// 64x32 (other types): 2*32*32*64 = 131072, read 8192 + 8192 + 4096 = 20480.
// CHECK: op #5 linalg.matmul:{{.*}} bytes_read=32768;{{.*}} bytes_written=8192;{{.*}} flops=262144;
// CHECK: op #6 linalg.matmul:{{.*}} bytes_read=32768;{{.*}} bytes_written=8192;{{.*}} flops=262144;
// CHECK: op #8 linalg.matmul:{{.*}} bytes_read=20480;{{.*}} bytes_written=4096;{{.*}} flops=131072;
func.func @named(%a: tensor<64x64xf32>, %b: tensor<64x32xf32>, %c: tensor<32x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<32x32xf32>) {
  %e = tensor.empty() : tensor<64x64xf32>
  %0 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = linalg.elementwise kind=#linalg.elementwise_kind<negf> ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %f = tensor.empty() : tensor<64x32xf32>
  %3 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  %4 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<64x64xf32>, tensor<64x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  %g = tensor.empty() : tensor<32x32xf32>
  %5 = linalg.matmul ins(%c, %b : tensor<32x64xf32>, tensor<64x32xf32>) outs(%g : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<32x32xf32>
}

// -----

// Dynamic shapes are never taken from another op's price: each is bound on
// its own (dynamic-dim=8), and unmodeled without a binding.
// ?x64 f32 at 8 rows: 512 elements, 2048 bytes; the same op with 64 rows
// fixed in its type: 4096 elements, 16384 bytes.
// CHECK-LABEL: report:
// CHECK: op #2 linalg.elementwise:{{.*}} modeled=false;
// CHECK: op #4 linalg.elementwise:{{.*}} bytes_read=16384;{{.*}} transcendentals=4096;
// DYN-LABEL: report:
// DYN: op #2 linalg.elementwise:{{.*}} bytes_read=2048;{{.*}} transcendentals=512;
// DYN: op #4 linalg.elementwise:{{.*}} bytes_read=16384;{{.*}} transcendentals=4096;
func.func @dynamic(%a: tensor<?x64xf32>, %s: tensor<64x64xf32>) -> (tensor<?x64xf32>, tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?x64xf32>
  %0 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  %f = tensor.empty() : tensor<64x64xf32>
  %1 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%s : tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0, %1 : tensor<?x64xf32>, tensor<64x64xf32>
}

// -----

// Written payloads: the same payload twice is priced once; another payload
// (an add of a constant from outside, an add reading the destination) on the
// same types is priced apart. 64x64 f32: 16384 bytes; reading the
// destination too: 32768.
// CHECK-LABEL: report:
// CHECK: op #1 linalg.generic:{{.*}} bytes_read=16384;{{.*}} flops=0;{{.*}} transcendentals=4096;
// CHECK: op #2 linalg.generic:{{.*}} bytes_read=16384;{{.*}} flops=4096;{{.*}} transcendentals=0;
// CHECK: op #3 linalg.generic:{{.*}} bytes_read=16384;{{.*}} flops=0;{{.*}} transcendentals=4096;
// CHECK: op #4 linalg.generic:{{.*}} bytes_read=32768;{{.*}} flops=4096;{{.*}} transcendentals=0;
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @payloads(%a: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %c2 = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %x = math.exp %i : f32
    linalg.yield %x : f32
  } -> tensor<64x64xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %x = arith.addf %i, %c2 : f32
    linalg.yield %x : f32
  } -> tensor<64x64xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %x = math.exp %i : f32
    linalg.yield %x : f32
  } -> tensor<64x64xf32>
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %x = arith.addf %i, %o : f32
    linalg.yield %x : f32
  } -> tensor<64x64xf32>
  return %0, %1, %2, %3 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}

// -----

// Ops of one signature share their cost, and the fusion plan takes their
// price and role from the first one only when it runs as often and as
// surely. 1024 f32 on the H100 (3.35e12 B/s at 0.9, device memory latency
// 3.535e-7 s per launched kernel, compiled launch 1.1e-6 s): read 4096 +
// write 4096 = 8192 B, t_memory = 8192 / 3.35e12 / 0.9 + 3.535e-7 =
// 3.5621708126036485e-07 s, latency 1.1e-6 + that = 1.456217081260365e-06
// s. In the loop of 4 trips: 4 launches (4.4e-06 s) and 4 x (8192 B +
// latency) = 1.4248683250414594e-06 s: 5.82486832504146e-06 s, not the
// first exp's price. In the loop of unknown trips the exp and negf are
// not fused (kernels 2 and 3), though the first exp and negf are (kernel 0).
// CHECK-LABEL: report:
// CHECK: op #1 linalg.elementwise:{{.*}} fusion_group=1;{{.*}} kernel=0;{{.*}} latency_s=1.45621708126036{{[0-9]*}}e-06;{{.*}} multiplier=1;
// CHECK: op #2 linalg.elementwise:{{.*}} fusion_group=1;{{.*}} kernel=0;
// CHECK: op #3 linalg.elementwise:{{.*}} kernel=1;{{.*}} latency_s=5.8248683250414{{[0-9]*}}e-06;{{.*}} multiplier=4;{{.*}} t_memory_s=1.424868325041459{{[0-9]*}}e-06;{{.*}} t_overhead_s=4.4e-06;
// CHECK: op #5 linalg.elementwise:{{.*}} fusion_group=null;{{.*}} kernel=2;{{.*}} latency_s=1.45621708126036{{[0-9]*}}e-06;{{.*}} trip_count_unknown=true;
// CHECK: op #6 linalg.elementwise:{{.*}} fusion_group=null;{{.*}} kernel=3;{{.*}} trip_count_unknown=true;
func.func @loops(%x: tensor<1024xf32>, %n: index) -> (tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<1024xf32>
  %0 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%x : tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  %1 = linalg.elementwise kind=#linalg.elementwise_kind<negf> ins(%0 : tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  %r4 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> tensor<1024xf32> {
    %a = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%acc : tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
    %b = linalg.elementwise kind=#linalg.elementwise_kind<negf> ins(%a : tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
    scf.yield %b : tensor<1024xf32>
  }
  %rn = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<1024xf32> {
    %a = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%acc : tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
    %b = linalg.elementwise kind=#linalg.elementwise_kind<negf> ins(%a : tensor<1024xf32>) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
    scf.yield %b : tensor<1024xf32>
  }
  return %1, %r4, %rn : tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>
}
