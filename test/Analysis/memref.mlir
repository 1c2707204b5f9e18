// After bufferization: the same structured rule on memrefs; copies move
// bytes; allocations, views and conversions are free.
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=-" -o /dev/null | %fields | FileCheck %s

// CHECK-LABEL: report:
// alloc: free
// CHECK: op #0 memref.alloc:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=bufferized;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// matmul 16x16x16 f32 on memrefs: flops 2*16^3 = 8192; read 3*1024 = 3072 (C accumulates); write 1024
// CHECK: op #1 linalg.matmul:{{.*}} bytes_read=3072;{{.*}} bytes_written=1024;{{.*}} flops=8192;{{.*}} func=bufferized;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// subview: free
// CHECK: op #2 memref.subview:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=bufferized;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// relu on the 4x8 strided subview (f32): 32 FLOPs (maximumf); read 128, write 128
// CHECK: op #3 linalg.generic:{{.*}} bytes_read=128;{{.*}} bytes_written=128;{{.*}} flops=32;{{.*}} func=bufferized;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// copy of 16x16 f32: read 1024, write 1024
// CHECK: op #4 memref.copy:{{.*}} bytes_read=1024;{{.*}} bytes_written=1024;{{.*}} flops=0;{{.*}} func=bufferized;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// to_tensor: free; materialize_in_destination of 16x16 f32: read 1024, write 1024
// CHECK: op #5 bufferization.to_tensor:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=bufferized;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #6 bufferization.materialize_in_destination:{{.*}} bytes_read=1024;{{.*}} bytes_written=1024;{{.*}} flops=0;{{.*}} func=bufferized;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// dealloc: free
// CHECK: op #7 memref.dealloc:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=bufferized;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @bufferized(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c = memref.alloc() : memref<16x16xf32>
  linalg.matmul ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  %sv = memref.subview %c[0, 0] [4, 8] [1, 1] : memref<16x16xf32> to memref<4x8xf32, strided<[16, 1]>>
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%sv : memref<4x8xf32, strided<[16, 1]>>) {
  ^bb0(%x: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  memref.copy %c, %out : memref<16x16xf32> to memref<16x16xf32>
  %t = bufferization.to_tensor %a : memref<16x16xf32> to tensor<16x16xf32>
  bufferization.materialize_in_destination %t in writable %b : (tensor<16x16xf32>, memref<16x16xf32>) -> ()
  memref.dealloc %c : memref<16x16xf32>
  return
}
