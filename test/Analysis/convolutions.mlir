// Convolutions and pooling: the input costs the distinct pixels its window
// touches (strides that skip pixels do not count them), a pooling window
// operand is never read, depthwise convolutions run on the vector unit.
// CSV columns: id,op,func,loc,modeled,reason,multiplier,trip_count_unknown,
//   flops,int_ops,transcendentals,bytes_read,bytes_written,
//   arithmetic_intensity,unit,dtype,...
// The test is about counting, not tiling: realism=none prices the flat
// roofline, so the small convolutions stay on the matrix unit (with the tiles,
// the 3x3 one would leave the H100's tiles mostly padding and run as a vector
// kernel; Analysis/roofline.mlir).
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- realism=none" -o /dev/null | %fields | FileCheck %s

// 3x3 stride 1, f16 in / f32 out. Loops n,oh,ow,f,kh,kw,c = 1,32,32,16,3,3,8
// trips = 32*32*16*9*8 = 1179648; flops = 2359296
// read = input 34*34*8*2 (every pixel) 18496 + filter 3*3*8*16*2 2304
//        + output 32*32*16*4 65536 = 86336; write = 65536
// CHECK-LABEL: report:
// CHECK: op #0 linalg.conv_2d_nhwc_hwcf:{{.*}} bytes_read=86336;{{.*}} bytes_written=65536;{{.*}} dtype=f16;{{.*}} flops=2359296;{{.*}} func=conv3x3;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_type=f16;{{.*}} transcendentals=0;{{.*}} unit=matrix;
func.func @conv3x3(%in: tensor<1x34x34x8xf16>, %f: tensor<3x3x8x16xf16>, %o: tensor<1x32x32x16xf32>) -> tensor<1x32x32x16xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%in, %f : tensor<1x34x34x8xf16>, tensor<3x3x8x16xf16>) outs(%o : tensor<1x32x32x16xf32>) -> tensor<1x32x32x16xf32>
  return %0 : tensor<1x32x32x16xf32>
}

// -----

// 1x1 stride 2: a quarter of the input. Loops 1,16,16,8,1,1,4: trips = 8192
// flops = 16384; read = input 16*16*4*4 = 4096 (of 32*32*4*4 = 16384)
//        + filter 4*8*4 = 128 + output 16*16*8*4 = 8192 -> 12416; write 8192
// CHECK-LABEL: report:
// CHECK: op #0 linalg.conv_2d_nhwc_hwcf:{{.*}} bytes_read=12416;{{.*}} bytes_written=8192;{{.*}} flops=16384;{{.*}} func=strided1x1;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @strided1x1(%in: tensor<1x32x32x4xf32>, %f: tensor<1x1x4x8xf32>, %o: tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
       ins(%in, %f : tensor<1x32x32x4xf32>, tensor<1x1x4x8xf32>) outs(%o : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  return %0 : tensor<1x16x16x8xf32>
}

// -----

// 2x2 window, stride 3: rows 3*oh+kh for oh<8, kh<2 hit 16 of the 23 rows.
// trips = 8*8*2*2 = 256; flops = 512
// read = input 16*16*4 = 1024 + filter 4*4 = 16 + output 64*4 = 256 -> 1296; write 256
// CHECK-LABEL: report:
// CHECK: op #0 linalg.conv_2d_nhwc_hwcf:{{.*}} bytes_read=1296;{{.*}} bytes_written=256;{{.*}} flops=512;{{.*}} func=gaps;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @gaps(%in: tensor<1x23x23x1xf32>, %f: tensor<2x2x1x1xf32>, %o: tensor<1x8x8x1xf32>) -> tensor<1x8x8x1xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>}
       ins(%in, %f : tensor<1x23x23x1xf32>, tensor<2x2x1x1xf32>) outs(%o : tensor<1x8x8x1xf32>) -> tensor<1x8x8x1xf32>
  return %0 : tensor<1x8x8x1xf32>
}

// -----

// Dilation 2, 3x3: rows oh+2*kh for oh<8, kh<3 cover all 12 rows.
// trips = 8*8*9 = 576; flops = 1152
// read = input 144*4 = 576 + filter 9*4 = 36 + output 64*4 = 256 -> 868; write 256
// CHECK-LABEL: report:
// CHECK: op #0 linalg.conv_2d_nhwc_hwcf:{{.*}} bytes_read=868;{{.*}} bytes_written=256;{{.*}} flops=1152;{{.*}} func=dilated;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @dilated(%in: tensor<1x12x12x1xf32>, %f: tensor<3x3x1x1xf32>, %o: tensor<1x8x8x1xf32>) -> tensor<1x8x8x1xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%in, %f : tensor<1x12x12x1xf32>, tensor<3x3x1x1xf32>) outs(%o : tensor<1x8x8x1xf32>) -> tensor<1x8x8x1xf32>
  return %0 : tensor<1x8x8x1xf32>
}

// -----

// Depthwise 3x3, 8 channels: no reduction over channels -> vector unit.
// trips = 8*8*8*9 = 4608; flops = 9216
// read = input 10*10*8*4 = 3200 + filter 72*4 = 288 + output 512*4 = 2048 -> 5536; write 2048
// CHECK-LABEL: report:
// CHECK: op #0 linalg.depthwise_conv_2d_nhwc_hwc:{{.*}} bytes_read=5536;{{.*}} bytes_written=2048;{{.*}} dtype=f32;{{.*}} flops=9216;{{.*}} func=depthwise;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;{{.*}} unit=vector;
func.func @depthwise(%in: tensor<1x10x10x8xf32>, %f: tensor<3x3x8xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%in, %f : tensor<1x10x10x8xf32>, tensor<3x3x8xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

// NCHW / FCHW: loops n,f,oh,ow,c,kh,kw = 2,4,7,7,3,3,3: trips = 10584; flops = 21168
// read = input 2*3*9*9*4 = 1944 + filter 4*3*3*3*4 = 432 + output 2*4*7*7*4 = 1568 -> 3944; write 1568
// CHECK-LABEL: report:
// CHECK: op #0 linalg.conv_2d_nchw_fchw:{{.*}} bytes_read=3944;{{.*}} bytes_written=1568;{{.*}} flops=21168;{{.*}} func=nchw;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @nchw(%in: tensor<2x3x9x9xf32>, %f: tensor<4x3x3x3xf32>, %o: tensor<2x4x7x7xf32>) -> tensor<2x4x7x7xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%in, %f : tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<2x4x7x7xf32>) -> tensor<2x4x7x7xf32>
  return %0 : tensor<2x4x7x7xf32>
}

// -----

// 1-D: loops n,ow,f,kw,c = 1,8,2,3,4: trips 192; flops 384
// read = 10*4*4 = 160 + 3*4*2*4 = 96 + 8*2*4 = 64 -> 320; write 64
// 3-D: loops n,od,oh,ow,f,kd,kh,kw,c = 1,3,3,3,3,2,2,2,2: trips 1296; flops 2592
// read = 4*4*4*2*4 = 512 + 2*2*2*2*3*4 = 192 + 3*3*3*3*4 = 324 -> 1028; write 324
// CHECK-LABEL: report:
// CHECK: op #0 linalg.conv_1d_nwc_wcf:{{.*}} bytes_read=320;{{.*}} bytes_written=64;{{.*}} flops=384;{{.*}} func=conv1d3d;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #1 linalg.conv_3d_ndhwc_dhwcf:{{.*}} bytes_read=1028;{{.*}} bytes_written=324;{{.*}} flops=2592;{{.*}} func=conv1d3d;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @conv1d3d(%i1: tensor<1x10x4xf32>, %f1: tensor<3x4x2xf32>, %o1: tensor<1x8x2xf32>,
                    %i3: tensor<1x4x4x4x2xf32>, %f3: tensor<2x2x2x2x3xf32>, %o3: tensor<1x3x3x3x3xf32>)
    -> (tensor<1x8x2xf32>, tensor<1x3x3x3x3xf32>) {
  %0 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
       ins(%i1, %f1 : tensor<1x10x4xf32>, tensor<3x4x2xf32>) outs(%o1 : tensor<1x8x2xf32>) -> tensor<1x8x2xf32>
  %1 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
       ins(%i3, %f3 : tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) outs(%o3 : tensor<1x3x3x3x3xf32>) -> tensor<1x3x3x3x3xf32>
  return %0, %1 : tensor<1x8x2xf32>, tensor<1x3x3x3x3xf32>
}

// -----

// Grouped: conv_2d_ngchw_gfchw, G=2, input 1x2x3x6x6, filter 2x4x3x3x3,
// output 1x2x4x4x4. Loops n,g,f,oh,ow,c,kh,kw = 1,2,4,4,4,3,3,3: trips 3456; flops 6912
// read = input 216*4 = 864 + filter 216*4 = 864 + output 128*4 = 512 -> 2240; write 512
// CHECK-LABEL: report:
// CHECK: op #0 linalg.conv_2d_ngchw_gfchw:{{.*}} bytes_read=2240;{{.*}} bytes_written=512;{{.*}} flops=6912;{{.*}} func=grouped;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @grouped(%in: tensor<1x2x3x6x6xf32>, %f: tensor<2x4x3x3x3xf32>, %o: tensor<1x2x4x4x4xf32>) -> tensor<1x2x4x4x4xf32> {
  %0 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%in, %f : tensor<1x2x3x6x6xf32>, tensor<2x4x3x3x3xf32>) outs(%o : tensor<1x2x4x4x4xf32>) -> tensor<1x2x4x4x4xf32>
  return %0 : tensor<1x2x4x4x4xf32>
}

// -----

// 2x2 max pooling, stride 2, on 1x8x8x4 (f32). The window tensor only gives
// the loop range: its block argument is unused, so it is not read.
// trips = 4*4*4*2*2 = 256; flops = 256 (one maximumf each)
// read = input 8*8*4*4 = 1024 + window 0 + output 64*4 = 256 -> 1280; write 256
// Sum pooling: the same, with addf. Both on the vector unit.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.pooling_nhwc_max:{{.*}} bytes_read=1280;{{.*}} bytes_written=256;{{.*}} dtype=f32;{{.*}} flops=256;{{.*}} func=pools;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;{{.*}} unit=vector;
// CHECK: op #1 linalg.pooling_nhwc_sum:{{.*}} bytes_read=1280;{{.*}} bytes_written=256;{{.*}} dtype=f32;{{.*}} flops=256;{{.*}} func=pools;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;{{.*}} unit=vector;
func.func @pools(%in: tensor<1x8x8x4xf32>, %w: tensor<2x2xf32>, %o: tensor<1x4x4x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) {
  %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
       ins(%in, %w : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%o : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %1 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
       ins(%in, %w : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%o : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0, %1 : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>
}
