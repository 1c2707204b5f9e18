// Elementwise, data-movement and reduction structured ops, and the linalg ops
// that are not LinalgOps (softmax, pack/unpack, Winograd), plus elementwise
// arith/math applied to whole tensors.
// CSV columns: id,op,func,loc,modeled,reason,multiplier,trip_count_unknown,
//   flops,int_ops,transcendentals,bytes_read,bytes_written,
//   arithmetic_intensity,unit,dtype,...
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=-" -o /dev/null | %fields | FileCheck %s

// map addf on 2x3x4 f32 (24 elements): 24 FLOPs; read 2*96 = 192; write 96
// (the init's value is not used, so it is not read).
// Named linalg.exp on 1000 f32: 1000 transcendentals; read 4000, write 4000.
// Named linalg.add on 1000 f32: 1000 FLOPs; read 8000, write 4000.
// linalg.elementwise exp on 128 f16: 128 transcendentals; read 256, write 256.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.map:{{.*}} bytes_read=192;{{.*}} bytes_written=96;{{.*}} dtype=f32;{{.*}} flops=24;{{.*}} func=eltwise;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;{{.*}} unit=vector;
// CHECK: op #1 linalg.exp:{{.*}} arithmetic_intensity=0;{{.*}} bytes_read=4000;{{.*}} bytes_written=4000;{{.*}} dtype=f32;{{.*}} flops=0;{{.*}} func=eltwise;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=1000;{{.*}} unit=special-function;
// CHECK: op #2 linalg.add:{{.*}} bytes_read=8000;{{.*}} bytes_written=4000;{{.*}} flops=1000;{{.*}} func=eltwise;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #3 linalg.elementwise:{{.*}} arithmetic_intensity=0;{{.*}} bytes_read=256;{{.*}} bytes_written=256;{{.*}} dtype=f16;{{.*}} flops=0;{{.*}} func=eltwise;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=128;{{.*}} unit=special-function;
func.func @eltwise(%a: tensor<2x3x4xf32>, %b: tensor<2x3x4xf32>, %o: tensor<2x3x4xf32>,
                   %x: tensor<1000xf32>, %y: tensor<1000xf32>, %h: tensor<128xf16>)
    -> (tensor<2x3x4xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<128xf16>) {
  %0 = linalg.map { arith.addf } ins(%a, %b : tensor<2x3x4xf32>, tensor<2x3x4xf32>) outs(%o : tensor<2x3x4xf32>)
  %1 = linalg.exp ins(%x : tensor<1000xf32>) outs(%y : tensor<1000xf32>) -> tensor<1000xf32>
  %2 = linalg.add ins(%x, %1 : tensor<1000xf32>, tensor<1000xf32>) outs(%y : tensor<1000xf32>) -> tensor<1000xf32>
  %3 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%h : tensor<128xf16>) outs(%h : tensor<128xf16>) -> tensor<128xf16>
  return %0, %1, %2, %3 : tensor<2x3x4xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<128xf16>
}

// -----

// fill 64x64 f32 from a scalar: no work, reads nothing, writes 16384.
// copy 100 f16: read 200, write 200.
// transpose 8x16 -> 16x8 f32: read 512, write 512.
// broadcast 16 -> 8x16 f32: the input is read once (64), write 512.
// CHECK-LABEL: report:
// No arithmetic: no unit and no peak, the dtype is the data's.
// CHECK: op #0 linalg.fill:{{.*}} arithmetic_intensity=0;{{.*}} bytes_read=0;{{.*}} bytes_written=16384;{{.*}} dtype=f32;{{.*}} flops=0;{{.*}} func=moves;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_type=null;{{.*}} transcendentals=0;{{.*}} unit=null;
// CHECK: op #1 linalg.copy:{{.*}} arithmetic_intensity=0;{{.*}} bytes_read=200;{{.*}} bytes_written=200;{{.*}} dtype=f16;{{.*}} flops=0;{{.*}} func=moves;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_type=null;{{.*}} transcendentals=0;{{.*}} unit=null;
// CHECK: op #2 linalg.transpose:{{.*}} arithmetic_intensity=0;{{.*}} bytes_read=512;{{.*}} bytes_written=512;{{.*}} dtype=f32;{{.*}} flops=0;{{.*}} func=moves;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_type=null;{{.*}} transcendentals=0;{{.*}} unit=null;
// CHECK: op #3 linalg.broadcast:{{.*}} arithmetic_intensity=0;{{.*}} bytes_read=64;{{.*}} bytes_written=512;{{.*}} dtype=f32;{{.*}} flops=0;{{.*}} func=moves;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_type=null;{{.*}} transcendentals=0;{{.*}} unit=null;
func.func @moves(%s: f32, %m: tensor<64x64xf32>, %c: tensor<100xf16>, %c2: tensor<100xf16>,
                 %t: tensor<8x16xf32>, %t2: tensor<16x8xf32>, %v: tensor<16xf32>, %b: tensor<8x16xf32>)
    -> (tensor<64x64xf32>, tensor<100xf16>, tensor<16x8xf32>, tensor<8x16xf32>) {
  %0 = linalg.fill ins(%s : f32) outs(%m : tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = linalg.copy ins(%c : tensor<100xf16>) outs(%c2 : tensor<100xf16>) -> tensor<100xf16>
  %2 = linalg.transpose ins(%t : tensor<8x16xf32>) outs(%t2 : tensor<16x8xf32>) permutation = [1, 0]
  %3 = linalg.broadcast ins(%v : tensor<16xf32>) outs(%b : tensor<8x16xf32>) dimensions = [0]
  return %0, %1, %2, %3 : tensor<64x64xf32>, tensor<100xf16>, tensor<16x8xf32>, tensor<8x16xf32>
}

// -----

// reduce (sum over dim 1) of 32x64 f32: 2048 FLOPs; read = input 8192 +
// init 128 (the payload accumulates into it) = 8320; write 128.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.reduce:{{.*}} bytes_read=8320;{{.*}} bytes_written=128;{{.*}} flops=2048;{{.*}} func=reduce;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @reduce(%in: tensor<32x64xf32>, %init: tensor<32xf32>) -> tensor<32xf32> {
  %0 = linalg.reduce { arith.addf } ins(%in : tensor<32x64xf32>) outs(%init : tensor<32xf32>) dimensions = [1]
  return %0 : tensor<32xf32>
}

// -----

// A normalization body on 4x8: subf, addf, mulf (3 FLOPs) and rsqrt (1
// transcendental) per element, with broadcast row statistics.
// flops = 3*32 = 96; transcendentals = 32
// read = x 128 + mean 16 + var 16 = 160 (each statistic read once); write 128
// CHECK-LABEL: report:
// CHECK: op #0 linalg.generic:{{.*}} bytes_read=160;{{.*}} bytes_written=128;{{.*}} flops=96;{{.*}} func=norm;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=32;
func.func @norm(%x: tensor<4x8xf32>, %mean: tensor<4xf32>, %var: tensor<4xf32>, %o: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %eps = arith.constant 1.0e-5 : f32
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                        affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%x, %mean, %var : tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>) outs(%o : tensor<4x8xf32>) {
  ^bb0(%xv: f32, %m: f32, %v: f32, %out: f32):
    %d = arith.subf %xv, %m : f32
    %ve = arith.addf %v, %eps : f32
    %r = math.rsqrt %ve : f32
    %n = arith.mulf %d, %r : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// select picks (free); its i1 condition of 64 elements is 64 bits = 8 bytes.
// read = 8 + 256 + 256 = 520; write 256
// CHECK-LABEL: report:
// CHECK: op #0 linalg.select:{{.*}} bytes_read=520;{{.*}} bytes_written=256;{{.*}} flops=0;{{.*}} func=select;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @select(%c: tensor<64xi1>, %a: tensor<64xf32>, %b: tensor<64xf32>, %o: tensor<64xf32>) -> tensor<64xf32> {
  %0 = linalg.select ins(%c, %a, %b : tensor<64xi1>, tensor<64xf32>, tensor<64xf32>) outs(%o : tensor<64xf32>) -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// Elementwise arith/math on whole tensors, and an integer op:
// addf on 10 f32: 10 FLOPs, read 80, write 40
// exp on 10 f16: 10 transcendentals, read 20, write 20
// muli on 6 i32: 6 integer ops, read 48, write 24
// CHECK-LABEL: report:
// CHECK: op #0 arith.addf:{{.*}} bytes_read=80;{{.*}} bytes_written=40;{{.*}} flops=10;{{.*}} func=tensor_arith;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #1 math.exp:{{.*}} bytes_read=20;{{.*}} bytes_written=20;{{.*}} flops=0;{{.*}} func=tensor_arith;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=10;
// CHECK: op #2 arith.muli:{{.*}} bytes_read=48;{{.*}} bytes_written=24;{{.*}} flops=0;{{.*}} func=tensor_arith;{{.*}} int_ops=6;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @tensor_arith(%a: tensor<10xf32>, %h: tensor<10xf16>, %i: tensor<6xi32>) -> (tensor<10xf32>, tensor<10xf16>, tensor<6xi32>) {
  %0 = arith.addf %a, %a : tensor<10xf32>
  %1 = math.exp %h : tensor<10xf16>
  %2 = arith.muli %i, %i : tensor<6xi32>
  return %0, %1, %2 : tensor<10xf32>, tensor<10xf16>, tensor<6xi32>
}

// -----

// An embedding lookup: each of the 8x16 iterations extracts one element of a
// captured 100x16 table: 128 elements (512 bytes), not the whole table.
// read = indices 8*8 = 64 + 512 = 576; write 8*16*4 = 512
// CHECK-LABEL: report:
// CHECK: op #0 linalg.generic:{{.*}} bytes_read=576;{{.*}} bytes_written=512;{{.*}} flops=0;{{.*}} func=gather;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @gather(%table: tensor<100x16xf32>, %idx: tensor<8xi64>, %o: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%idx : tensor<8xi64>) outs(%o : tensor<8x16xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %table[%row, %col] : tensor<100x16xf32>
    linalg.yield %v : f32
  } -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// softmax over dim 1 of 4x10 f32 (40 elements): max, subtract, sum, divide
// = 4 FLOPs and one exp per element: 160 FLOPs, 40 transcendentals;
// read 160, write 160.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.softmax:{{.*}} bytes_read=160;{{.*}} bytes_written=160;{{.*}} flops=160;{{.*}} func=softmax;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=40;
func.func @softmax(%x: tensor<4x10xf32>, %o: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %0 = linalg.softmax dimension(1) ins(%x : tensor<4x10xf32>) outs(%o : tensor<4x10xf32>) -> tensor<4x10xf32>
  return %0 : tensor<4x10xf32>
}

// -----

// pack 16x8 f32 into 4x2x4x4 tiles: read 512, write 512.
// pack with padding 15x8 -> 4x2x4x4: read 480, write 512 (padding written).
// unpack 4x2x4x4 -> 16x8: read 512, write 512.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.pack:{{.*}} bytes_read=512;{{.*}} bytes_written=512;{{.*}} flops=0;{{.*}} func=relayout;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #1 linalg.pack:{{.*}} bytes_read=480;{{.*}} bytes_written=512;{{.*}} flops=0;{{.*}} func=relayout;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #2 linalg.unpack:{{.*}} bytes_read=512;{{.*}} bytes_written=512;{{.*}} flops=0;{{.*}} func=relayout;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @relayout(%s: tensor<16x8xf32>, %s15: tensor<15x8xf32>, %d: tensor<4x2x4x4xf32>, %pad: f32)
    -> (tensor<4x2x4x4xf32>, tensor<4x2x4x4xf32>, tensor<16x8xf32>) {
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<16x8xf32> -> tensor<4x2x4x4xf32>
  %1 = linalg.pack %s15 padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<15x8xf32> -> tensor<4x2x4x4xf32>
  %2 = linalg.unpack %0 inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %s : tensor<4x2x4x4xf32> -> tensor<16x8xf32>
  return %0, %1, %2 : tensor<4x2x4x4xf32>, tensor<4x2x4x4xf32>, tensor<16x8xf32>
}

// -----

// Winograd F(4,3) (alpha = 6), each tile multiplied by two dense matrices:
// filter (F,KH,KW,C) = 2x3x3x4 -> 6x6x4x2: 8 tiles x (6*3*3 + 6*3*6 = 162)
//   = 1296 MACs = 2592 FLOPs; read 72*4 = 288, write 288*4 = 1152
// input 1x10x10x2 -> 6x6x2x2x1x2: 8 tiles x (6*6*6 + 6*6*6 = 432) = 3456 MACs
//   = 6912 FLOPs; read 200*4 = 800, write 288*4 = 1152
// output 6x6x2x2x1x2 -> 1x8x8x2 (m = 4): 8 tiles x (4*6*6 + 4*6*4 = 240)
//   = 1920 MACs = 3840 FLOPs; read 1152, write 128*4 = 512
// CHECK-LABEL: report:
// CHECK: op #0 linalg.winograd_filter_transform:{{.*}} bytes_read=288;{{.*}} bytes_written=1152;{{.*}} flops=2592;{{.*}} func=winograd;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #1 linalg.winograd_input_transform:{{.*}} bytes_read=800;{{.*}} bytes_written=1152;{{.*}} flops=6912;{{.*}} func=winograd;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #2 linalg.winograd_output_transform:{{.*}} bytes_read=1152;{{.*}} bytes_written=512;{{.*}} flops=3840;{{.*}} func=winograd;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @winograd(%f: tensor<2x3x3x4xf32>, %fo: tensor<6x6x4x2xf32>, %in: tensor<1x10x10x2xf32>,
                    %io: tensor<6x6x2x2x1x2xf32>, %out: tensor<1x8x8x2xf32>)
    -> (tensor<6x6x4x2xf32>, tensor<6x6x2x2x1x2xf32>, tensor<1x8x8x2xf32>) {
  %0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%f : tensor<2x3x3x4xf32>) outs(%fo : tensor<6x6x4x2xf32>) -> tensor<6x6x4x2xf32>
  %1 = linalg.winograd_input_transform fmr(F_4_3) ins(%in : tensor<1x10x10x2xf32>) outs(%io : tensor<6x6x2x2x1x2xf32>) -> tensor<6x6x2x2x1x2xf32>
  %2 = linalg.winograd_output_transform fmr(F_4_3) ins(%1 : tensor<6x6x2x2x1x2xf32>) outs(%out : tensor<1x8x8x2xf32>) -> tensor<1x8x8x2xf32>
  return %0, %1, %2 : tensor<6x6x4x2xf32>, tensor<6x6x2x2x1x2xf32>, tensor<1x8x8x2xf32>
}
