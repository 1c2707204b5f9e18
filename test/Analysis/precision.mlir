// precision=TYPE re-prices every floating-point tensor at TYPE: its bytes
// and the peak of its arithmetic; integer and index tensors keep theirs.
// The test is about the bytes and the peak, not tiling: realism=none prices
// the flat roofline, so the small matmul stays on the matrix unit (with the
// tiles it would leave the H100's tiles mostly padding and run as a vector
// kernel; Analysis/roofline.mlir).
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- precision=bf16 realism=none" -o /dev/null | %fields | FileCheck %s --check-prefix=BF16
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- precision=i8 realism=none" -o /dev/null | %fields | FileCheck %s --check-prefix=I8
// RUN: not mlsysim-opt %s --mlsysim-report=precision=f12 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// f32 matmul 64x32x128: 524288 FLOPs either way.
// bf16: read A 64*128*2 + B 128*32*2 + C 64*32*2 = 16384 + 8192 + 4096 =
//   28672, write 4096; the bf16 matrix peak (989.4e12 on H100).
// i8: read 8192 + 4096 + 2048 = 14336, write 2048; the i8 matrix peak
//   (1978.9e12).
// The gather's i64 indices keep 8 bytes: 10 * 8 = 80 read; its table rows
// (f32 -> 2 or 1 byte): 10*4 elements -> 80 or 40; output 80 or 40.
// BF16: op #0 linalg.matmul:{{.*}} bytes_read=28672;{{.*}} bytes_written=4096;{{.*}} dtype=bf16;{{.*}} flops=524288;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_ops_per_s=989400000000000;{{.*}} peak_type=bf16;{{.*}} transcendentals=0;{{.*}} unit=matrix;
// BF16: op #1 linalg.generic:{{.*}} bytes_read=160;{{.*}} bytes_written=80;{{.*}} flops=0;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// I8: op #0 linalg.matmul:{{.*}} bytes_read=14336;{{.*}} bytes_written=2048;{{.*}} dtype=i8;{{.*}} flops=524288;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} peak_ops_per_s=1978900000000000;{{.*}} peak_type=i8;{{.*}} transcendentals=0;{{.*}} unit=matrix;
// I8: op #1 linalg.generic:{{.*}} bytes_read=120;{{.*}} bytes_written=40;{{.*}} flops=0;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// BAD: error: precision=f12: unknown type 'f12'
func.func @f(%a: tensor<64x128xf32>, %b: tensor<128x32xf32>, %c: tensor<64x32xf32>,
             %table: tensor<100x4xf32>, %idx: tensor<10xi64>, %o: tensor<10x4xf32>) -> (tensor<64x32xf32>, tensor<10x4xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<64x128xf32>, tensor<128x32xf32>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
       ins(%idx : tensor<10xi64>) outs(%o : tensor<10x4xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %table[%row, %col] : tensor<100x4xf32>
    linalg.yield %v : f32
  } -> tensor<10x4xf32>
  return %0, %1 : tensor<64x32xf32>, tensor<10x4xf32>
}
