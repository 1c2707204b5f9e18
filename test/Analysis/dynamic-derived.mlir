// Sizes a frontend computes: view(-1) arithmetic in i64 (index_cast, muli,
// divsi, select) into a tensor.reshape shape built by from_elements, then a
// collapse. With the batch bound to 2: the reshape's first size is the
// batch 2, the collapse's 2 * 128 = 256 rows, so the matmul is
// 2 * 256 * 768 * 768 = 301989888 FLOPs (not 2 * 2 * 768 * 768).
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- dynamic-dim=2" -o /dev/null | %fields | FileCheck %s --check-prefix=DERIVED
// DERIVED: op #{{[0-9]+}} linalg.matmul:{{.*}} flops=301989888;{{.*}} func=derived;{{.*}} modeled=true;
func.func @derived(%x: tensor<?x128x12x64xf32>, %w: tensor<768x768xf32>) -> tensor<?x768xf32> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : i64
  %c768 = arith.constant 768 : i64
  %c98304 = arith.constant 98304 : i64
  %d = tensor.dim %x, %c0 : tensor<?x128x12x64xf32>
  %di = arith.index_cast %d : index to i64
  %n = arith.muli %di, %c98304 : i64
  %rows = arith.divsi %n, %c98304 : i64
  %pos = arith.cmpi sgt, %rows, %di : i64
  %b = arith.select %pos, %rows, %di : i64
  %shape = tensor.from_elements %b, %c128, %c768 : tensor<3xi64>
  %r = tensor.reshape %x(%shape) : (tensor<?x128x12x64xf32>, tensor<3xi64>) -> tensor<?x128x768xf32>
  %c = tensor.collapse_shape %r [[0, 1], [2]] : tensor<?x128x768xf32> into tensor<?x768xf32>
  %m0 = tensor.dim %c, %c0 : tensor<?x768xf32>
  %e = tensor.empty(%m0) : tensor<?x768xf32>
  %m = linalg.matmul ins(%c, %w : tensor<?x768xf32>, tensor<768x768xf32>) outs(%e : tensor<?x768xf32>) -> tensor<?x768xf32>
  return %m : tensor<?x768xf32>
}
