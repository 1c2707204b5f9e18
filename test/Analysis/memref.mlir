// After bufferization: the same structured rule on memrefs; copies move
// bytes; allocations, views and conversions are free.
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=-" -o /dev/null | FileCheck %s

// CHECK-LABEL: id,op,func
// alloc: free
// CHECK: 0,memref.alloc,bufferized,{{[^,]*}},true,,1,false,0,0,0,0,0,0,{{.*}},free
// matmul 16x16x16 f32 on memrefs: flops 2*16^3 = 8192; read 3*1024 = 3072 (C accumulates); write 1024
// CHECK: 1,linalg.matmul,bufferized,{{[^,]*}},true,,1,false,8192,0,0,3072,1024,
// subview: free
// CHECK: 2,memref.subview,bufferized,{{[^,]*}},true,,1,false,0,0,0,0,0,0,{{.*}},free
// relu on the 4x8 strided subview (f32): 32 FLOPs (maximumf); read 128, write 128
// CHECK: 3,linalg.generic,bufferized,{{[^,]*}},true,,1,false,32,0,0,128,128,
// copy of 16x16 f32: read 1024, write 1024
// CHECK: 4,memref.copy,bufferized,{{[^,]*}},true,,1,false,0,0,0,1024,1024,
// to_tensor: free; materialize_in_destination of 16x16 f32: read 1024, write 1024
// CHECK: 5,bufferization.to_tensor,bufferized,{{[^,]*}},true,,1,false,0,0,0,0,0,0,{{.*}},free
// CHECK: 6,bufferization.materialize_in_destination,bufferized,{{[^,]*}},true,,1,false,0,0,0,1024,1024,
// dealloc: free
// CHECK: 7,memref.dealloc,bufferized,{{[^,]*}},true,,1,false,0,0,0,0,0,0,{{.*}},free
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
