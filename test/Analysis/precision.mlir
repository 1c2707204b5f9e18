// precision=TYPE re-prices every floating-point tensor at TYPE: its bytes
// and the peak of its arithmetic; integer and index tensors keep theirs.
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=- precision=bf16" -o /dev/null | FileCheck %s --check-prefix=BF16
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=- precision=i8" -o /dev/null | FileCheck %s --check-prefix=I8
// RUN: not mlsysim-opt %s --mlsysim-report=precision=f12 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// f32 matmul 64x32x128: 524288 FLOPs either way.
// bf16: read A 64*128*2 + B 128*32*2 + C 64*32*2 = 16384 + 8192 + 4096 =
//   28672, write 4096; the bf16 matrix peak (989.4e12 on H100).
// i8: read 8192 + 4096 + 2048 = 14336, write 2048; the i8 matrix peak
//   (1978.9e12).
// The gather's i64 indices keep 8 bytes: 10 * 8 = 80 read; its table rows
// (f32 -> 2 or 1 byte): 10*4 elements -> 80 or 40; output 80 or 40.
// BF16: 0,linalg.matmul,f,{{[^,]*}},true,,1,false,524288,0,0,28672,4096,{{[^,]*}},matrix,bf16,bf16,989400000000000,
// BF16: 1,linalg.generic,f,{{[^,]*}},true,,1,false,0,0,0,160,80,
// I8: 0,linalg.matmul,f,{{[^,]*}},true,,1,false,524288,0,0,14336,2048,{{[^,]*}},matrix,i8,i8,1978900000000000,
// I8: 1,linalg.generic,f,{{[^,]*}},true,,1,false,0,0,0,120,40,
// BAD: error: unknown precision 'f12'; expected f32, bf16, f16, fp8, fp4, i8 or i4
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
