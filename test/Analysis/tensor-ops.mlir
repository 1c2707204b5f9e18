// tensor ops: what materializes data moves its bytes; reshapes, casts,
// empty, dim and constants are modeled as free (listed, not skipped).
// CSV columns: id,op,func,loc,modeled,reason,multiplier,trip_count_unknown,
//   flops,int_ops,transcendentals,bytes_read,bytes_written,...,bound
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=-" -o /dev/null | %fields | FileCheck %s

// pad 4x4 -> 6x6 f32: read 64, write 144
// concat 2x3 + 4x3 f16 -> 6x3: read 12 + 24 = 36, write 36
// insert_slice of 2x2 f32 into 8x8: only the slice moves: read 16, write 16
// extract_slice 4x4 of 8x8 f32: read 64, write 64
// CHECK-LABEL: report:
// CHECK: op #0 tensor.pad:{{.*}} bytes_read=64;{{.*}} bytes_written=144;{{.*}} flops=0;{{.*}} func=copies;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #1 tensor.concat:{{.*}} bytes_read=36;{{.*}} bytes_written=36;{{.*}} flops=0;{{.*}} func=copies;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #2 tensor.insert_slice:{{.*}} bytes_read=16;{{.*}} bytes_written=16;{{.*}} flops=0;{{.*}} func=copies;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #3 tensor.extract_slice:{{.*}} bytes_read=64;{{.*}} bytes_written=64;{{.*}} flops=0;{{.*}} func=copies;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @copies(%t: tensor<4x4xf32>, %a: tensor<2x3xf16>, %b: tensor<4x3xf16>, %s: tensor<2x2xf32>, %big: tensor<8x8xf32>)
    -> (tensor<6x6xf32>, tensor<6x3xf16>, tensor<8x8xf32>, tensor<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  %1 = tensor.concat dim(0) %a, %b : (tensor<2x3xf16>, tensor<4x3xf16>) -> tensor<6x3xf16>
  %2 = tensor.insert_slice %s into %big[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  %3 = tensor.extract_slice %big[2, 2] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  return %0, %1, %2, %3 : tensor<6x6xf32>, tensor<6x3xf16>, tensor<8x8xf32>, tensor<4x4xf32>
}

// -----

// gather 3 rows of a 10x4 f32 table by 3x1 index (i64 = 8 bytes each):
//   read = indices 24 + gathered 3*4*4 = 48 -> 72; write 48
// scatter them back: read = source 48 + indices 24 = 72; write 48
// CHECK-LABEL: report:
// CHECK: op #0 tensor.gather:{{.*}} bytes_read=72;{{.*}} bytes_written=48;{{.*}} flops=0;{{.*}} func=gather_scatter;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #1 tensor.scatter:{{.*}} bytes_read=72;{{.*}} bytes_written=48;{{.*}} flops=0;{{.*}} func=gather_scatter;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @gather_scatter(%table: tensor<10x4xf32>, %idx: tensor<3x1xindex>) -> (tensor<3x1x4xf32>, tensor<10x4xf32>) {
  %0 = tensor.gather %table[%idx] gather_dims([0]) : (tensor<10x4xf32>, tensor<3x1xindex>) -> tensor<3x1x4xf32>
  %1 = tensor.scatter %0 into %table[%idx] scatter_dims([0]) unique : (tensor<3x1x4xf32>, tensor<10x4xf32>, tensor<3x1xindex>) -> tensor<10x4xf32>
  return %0, %1 : tensor<3x1x4xf32>, tensor<10x4xf32>
}

// -----

// splat into 16 f32: write 64; from_elements of 3 f32: write 12
// generate 8 f32, each a sqrt: 8 transcendentals, write 32
// extract one f32: read 4; insert one f32: write 4
// CHECK-LABEL: report:
// CHECK: op #0 tensor.splat:{{.*}} bytes_read=0;{{.*}} bytes_written=64;{{.*}} flops=0;{{.*}} func=materialize;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #1 tensor.from_elements:{{.*}} bytes_read=0;{{.*}} bytes_written=12;{{.*}} flops=0;{{.*}} func=materialize;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #2 tensor.generate:{{.*}} bytes_read=0;{{.*}} bytes_written=32;{{.*}} flops=0;{{.*}} func=materialize;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=8;
// CHECK: op #3 tensor.extract:{{.*}} bytes_read=4;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=materialize;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #4 tensor.insert:{{.*}} bytes_read=0;{{.*}} bytes_written=4;{{.*}} flops=0;{{.*}} func=materialize;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @materialize(%x: f32, %t: tensor<4x4xf32>, %i: index) -> (tensor<16xf32>, tensor<3xf32>, tensor<8xf32>, f32, tensor<4x4xf32>) {
  %0 = tensor.splat %x : tensor<16xf32>
  %1 = tensor.from_elements %x, %x, %x : tensor<3xf32>
  %2 = tensor.generate {
  ^bb0(%k: index):
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %r = math.sqrt %kf : f32
    tensor.yield %r : f32
  } : tensor<8xf32>
  %3 = tensor.extract %t[%i, %i] : tensor<4x4xf32>
  %4 = tensor.insert %x into %t[%i, %i] : tensor<4x4xf32>
  return %0, %1, %2, %3, %4 : tensor<16xf32>, tensor<3xf32>, tensor<8xf32>, f32, tensor<4x4xf32>
}

// -----

// Free: reshapes of contiguous data, casts, empty, dim, constants. Listed
// with zero work and traffic and bound "free".
// CHECK-LABEL: report:
// CHECK: op #0 tensor.empty:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=free_ops;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #1 arith.constant:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=free_ops;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #2 tensor.expand_shape:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=free_ops;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #3 tensor.collapse_shape:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=free_ops;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #4 tensor.cast:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=free_ops;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #5 tensor.bitcast:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=free_ops;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #6 tensor.dim:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=free_ops;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #7 tensor.reshape:{{.*}} arithmetic_intensity=0;{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=free_ops;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @free_ops(%t: tensor<4x4xf32>, %i: tensor<4xi32>) -> (tensor<2x2x4xf32>, tensor<16xf32>, tensor<?x4xf32>, tensor<4xf32>, index, tensor<16xf32>) {
  %e = tensor.empty() : tensor<4x4xf32>
  %shape = arith.constant dense<[16]> : tensor<1xindex>
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 2, 4] : tensor<4x4xf32> into tensor<2x2x4xf32>
  %1 = tensor.collapse_shape %e [[0, 1]] : tensor<4x4xf32> into tensor<16xf32>
  %2 = tensor.cast %t : tensor<4x4xf32> to tensor<?x4xf32>
  %3 = tensor.bitcast %i : tensor<4xi32> to tensor<4xf32>
  %c0 = arith.constant 0 : index
  %4 = tensor.dim %t, %c0 : tensor<4x4xf32>
  %5 = tensor.reshape %t(%shape) : (tensor<4x4xf32>, tensor<1xindex>) -> tensor<16xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x2x4xf32>, tensor<16xf32>, tensor<?x4xf32>, tensor<4xf32>, index, tensor<16xf32>
}

// -----

// Single-element accesses launch no kernel: no overhead, so 4 bytes at
// 3.35e12 B/s and 0.9 efficiency = 1.3266998341625206e-12 s; bound memory.
// An unranked elementwise op has no shape to price.
// CHECK-LABEL: report:
// CHECK: op #0 tensor.extract:{{.*}} bound=memory;{{.*}} func=scalars;{{.*}} latency_s=1.3266998341625206e-12;{{.*}} t_memory_s=1.3266998341625206e-12;{{.*}} t_overhead_s=0;
// CHECK: op #1 math.exp:{{.*}} func=scalars;{{.*}} modeled=false;{{.*}} reason=unranked tensor: the shape is unknown;
func.func @scalars(%t: tensor<4x4xf32>, %i: index, %u: tensor<*xf32>) -> (f32, tensor<*xf32>) {
  %0 = tensor.extract %t[%i, %i] : tensor<4x4xf32>
  %1 = math.exp %u : tensor<*xf32>
  return %0, %1 : f32, tensor<*xf32>
}
