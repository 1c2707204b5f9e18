// The structured rule on contractions: trip count = product of the loop
// ranges, 2 FLOPs per multiply-accumulate, inputs read once per distinct
// element, the accumulator read and written in full.
// CSV columns: id,op,func,loc,modeled,reason,multiplier,trip_count_unknown,
//   flops,int_ops,transcendentals,bytes_read,bytes_written,
//   arithmetic_intensity,unit,dtype,peak_type,...
// The test is about counting, not tiling: realism=none prices each op on the
// flat roofline, so a contraction stays on the matrix unit however small
// (with the tiles, a problem this small would leave the H100's tiles mostly
// padding and run as a vector kernel instead; Analysis/roofline.mlir).
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- realism=none" -o /dev/null | %fields | FileCheck %s

// M=64 N=32 K=128, f16 inputs accumulating in f32.
// flops = 2*64*32*128 = 524288
// read  = A 64*128*2 + B 128*32*2 + C 64*32*4 = 16384 + 8192 + 8192 = 32768
// write = C 64*32*4 = 8192
// AI = 524288 / 40960 = 12.8; the matrix unit at the input type (f16).
// CHECK-LABEL: report:
// CHECK: op #0 linalg.matmul:{{.*}} arithmetic_intensity=12.8;{{.*}} bytes_read=32768;{{.*}} bytes_written=8192;{{.*}} dtype=f16;{{.*}} flops=524288;{{.*}} func=matmul_f16;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_type=f16;{{.*}} transcendentals=0;{{.*}} unit=matrix;
func.func @matmul_f16(%a: tensor<64x128xf16>, %b: tensor<128x32xf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x128xf16>, tensor<128x32xf16>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}

// -----

// B=4 M=16 N=8 K=32, f32.
// flops = 2*4*16*8*32 = 32768
// read  = A 4*16*32*4 + B 4*32*8*4 + C 4*16*8*4 = 8192 + 4096 + 2048 = 14336
// write = 2048; f32 contractions are priced on the vector unit unless tf32.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.batch_matmul:{{.*}} bytes_read=14336;{{.*}} bytes_written=2048;{{.*}} dtype=f32;{{.*}} flops=32768;{{.*}} func=bmm;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_type=f32;{{.*}} transcendentals=0;{{.*}} unit=vector;
func.func @bmm(%a: tensor<4x16x32xf32>, %b: tensor<4x32x8xf32>, %c: tensor<4x16x8xf32>) -> tensor<4x16x8xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<4x16x32xf32>, tensor<4x32x8xf32>) outs(%c : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  return %0 : tensor<4x16x8xf32>
}

// -----

// matvec 256x512 (bf16): flops = 2*256*512 = 262144
// read = A 256*512*2 + x 512*2 + y 256*2 = 262144 + 1024 + 512 = 263680
// write = y 512; AI = 262144 / 264192 = 0.992248...
// CHECK-LABEL: report:
// CHECK: op #0 linalg.matvec:{{.*}} arithmetic_intensity=0.9922480620155039;{{.*}} bytes_read=263680;{{.*}} bytes_written=512;{{.*}} dtype=bf16;{{.*}} flops=262144;{{.*}} func=mv;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_type=bf16;{{.*}} transcendentals=0;{{.*}} unit=matrix;
func.func @mv(%a: tensor<256x512xbf16>, %x: tensor<512xbf16>, %y: tensor<256xbf16>) -> tensor<256xbf16> {
  %0 = linalg.matvec ins(%a, %x : tensor<256x512xbf16>, tensor<512xbf16>) outs(%y : tensor<256xbf16>) -> tensor<256xbf16>
  return %0 : tensor<256xbf16>
}

// -----

// vecmat 512 x (512x256), f16: flops = 2*512*256 = 262144
// read = x 1024 + A 262144 + y 512 = 263680; write = 512
// dot of two 1000-vectors (f32): flops = 2000; read = 4000 + 4000 + 4 = 8004; write 4
// CHECK-LABEL: report:
// CHECK: op #0 linalg.vecmat:{{.*}} bytes_read=263680;{{.*}} bytes_written=512;{{.*}} flops=262144;{{.*}} func=vm_dot;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #1 linalg.dot:{{.*}} bytes_read=8004;{{.*}} bytes_written=4;{{.*}} flops=2000;{{.*}} func=vm_dot;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @vm_dot(%x: tensor<512xf16>, %a: tensor<512x256xf16>, %y: tensor<256xf16>,
                  %u: tensor<1000xf32>, %v: tensor<1000xf32>, %s: tensor<f32>) -> (tensor<256xf16>, tensor<f32>) {
  %0 = linalg.vecmat ins(%x, %a : tensor<512xf16>, tensor<512x256xf16>) outs(%y : tensor<256xf16>) -> tensor<256xf16>
  %1 = linalg.dot ins(%u, %v : tensor<1000xf32>, tensor<1000xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  return %0, %1 : tensor<256xf16>, tensor<f32>
}

// -----

// A transposed through indexing_maps: A is (K, M) = 128x64, same counts as
// the plain f16 matmul above: 524288 FLOPs, read 32768, write 8192.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.matmul:{{.*}} arithmetic_intensity=12.8;{{.*}} bytes_read=32768;{{.*}} bytes_written=8192;{{.*}} dtype=f16;{{.*}} flops=524288;{{.*}} func=transposed;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;{{.*}} unit=matrix;
func.func @transposed(%a: tensor<128x64xf16>, %b: tensor<128x32xf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                      affine_map<(m, n, k) -> (k, n)>,
                                      affine_map<(m, n, k) -> (m, n)>]
       ins(%a, %b : tensor<128x64xf16>, tensor<128x32xf16>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}

// -----

// A linalg.generic matmul with casts in its body: casts are free, the
// multiply feeding the add is one multiply-accumulate (2 FLOPs).
// M=N=K=16: flops = 2*16^3 = 8192; read = 512 + 512 + 1024 = 2048; write 1024
// CHECK-LABEL: report:
// CHECK: op #0 linalg.generic:{{.*}} bytes_read=2048;{{.*}} bytes_written=1024;{{.*}} dtype=f16;{{.*}} flops=8192;{{.*}} func=generic_mm;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;{{.*}} unit=matrix;
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @generic_mm(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = linalg.generic {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"]}
       ins(%a, %b : tensor<16x16xf16>, tensor<16x16xf16>) outs(%c : tensor<16x16xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// An int8 matmul accumulating in i32: integer ops, priced at the matrix
// unit's i8 rate. M=N=K=32: int_ops = 2*32^3 = 65536;
// read = 1024 + 1024 + 32*32*4 = 6144; write = 4096.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.matmul:{{.*}} bytes_read=6144;{{.*}} bytes_written=4096;{{.*}} dtype=i8;{{.*}} flops=0;{{.*}} func=int8;{{.*}} int_ops=65536;{{.*}} modeled=true;{{.*}} peak_type=i8;{{.*}} transcendentals=0;{{.*}} unit=matrix;
func.func @int8(%a: tensor<32x32xi8>, %b: tensor<32x32xi8>, %c: tensor<32x32xi32>) -> tensor<32x32xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<32x32xi8>, tensor<32x32xi8>) outs(%c : tensor<32x32xi32>) -> tensor<32x32xi32>
  return %0 : tensor<32x32xi32>
}

// -----

// quantized_matmul subtracts the zero points (2 subi) before the
// multiply-accumulate: 4 integer ops per iteration. M=N=K=8:
// int_ops = 4*512 = 2048. The zero points are i32 scalars (registers, not
// memory): read = A 64 + B 64 + C 256 = 384; write = 256.
// Still a contraction: the matrix unit at i8.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.quantized_matmul:{{.*}} bytes_read=384;{{.*}} bytes_written=256;{{.*}} dtype=i8;{{.*}} flops=0;{{.*}} func=qmm;{{.*}} int_ops=2048;{{.*}} modeled=true;{{.*}} transcendentals=0;{{.*}} unit=matrix;
func.func @qmm(%a: tensor<8x8xi8>, %b: tensor<8x8xi8>, %za: i32, %zb: i32, %c: tensor<8x8xi32>) -> tensor<8x8xi32> {
  %0 = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<8x8xi8>, tensor<8x8xi8>, i32, i32) outs(%c : tensor<8x8xi32>) -> tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}

// -----

// batch_reduce_matmul sums over the batch too: B=2 M=8 N=8 K=4 (f32)
// flops = 2*2*8*8*4 = 1024; read = A 2*8*4*4 + B 2*4*8*4 + C 8*8*4 = 256 + 256 + 256 = 768; write 256
// CHECK-LABEL: report:
// CHECK: op #0 linalg.batch_reduce_matmul:{{.*}} bytes_read=768;{{.*}} bytes_written=256;{{.*}} flops=1024;{{.*}} func=brmm;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @brmm(%a: tensor<2x8x4xf32>, %b: tensor<2x4x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x8x4xf32>, tensor<2x4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// linalg.contract with explicit maps: C[m,n] += A[k,m] * B[k,n], M=4 N=6 K=10 (f16)
// flops = 2*4*6*10 = 480; read = A 80 + B 120 + C 48 = 248; write 48
// CHECK-LABEL: report:
// CHECK: op #0 linalg.contract:{{.*}} bytes_read=248;{{.*}} bytes_written=48;{{.*}} dtype=f16;{{.*}} flops=480;{{.*}} func=contract;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;{{.*}} unit=matrix;
func.func @contract(%a: tensor<10x4xf16>, %b: tensor<10x6xf16>, %c: tensor<4x6xf16>) -> tensor<4x6xf16> {
  %0 = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                        affine_map<(m, n, k) -> (k, n)>,
                                        affine_map<(m, n, k) -> (m, n)>]
       ins(%a, %b : tensor<10x4xf16>, tensor<10x6xf16>) outs(%c : tensor<4x6xf16>) -> tensor<4x6xf16>
  return %0 : tensor<4x6xf16>
}

// -----

// mmt4d: lhs (M1,K1,M0,K0) = 2x3x4x5, rhs (N1,K1,N0,K0) = 6x3x7x5, acc (M1,N1,M0,N0) = 2x6x4x7 (f32)
// trips = M1*N1*K1*M0*N0*K0 = 2*6*3*4*7*5 = 5040; flops = 10080
// read = lhs 120*4 + rhs 630*4 + acc 336*4 = 480 + 2520 + 1344 = 4344; write 1344
// CHECK-LABEL: report:
// CHECK: op #0 linalg.mmt4d:{{.*}} bytes_read=4344;{{.*}} bytes_written=1344;{{.*}} flops=10080;{{.*}} func=mmt4d;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @mmt4d(%l: tensor<2x3x4x5xf32>, %r: tensor<6x3x7x5xf32>, %acc: tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32> {
  %0 = linalg.mmt4d ins(%l, %r : tensor<2x3x4x5xf32>, tensor<6x3x7x5xf32>) outs(%acc : tensor<2x6x4x7xf32>) -> tensor<2x6x4x7xf32>
  return %0 : tensor<2x6x4x7xf32>
}
