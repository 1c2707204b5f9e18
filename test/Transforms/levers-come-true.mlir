// Each lever that names an option prices its what-if by pricing the program
// under that option: the figure it gives is the time the option's own report
// prints for the same kind of work.

// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=h100" 2>&1 >/dev/null | FileCheck %s --check-prefix=BASE
// RUN: (mlsysim-opt %s --split-input-file --mlsysim-report="hardware=h100" 2>&1 >/dev/null; mlsysim-opt %s --split-input-file --mlsysim-report="hardware=h100 tf32=1" 2>&1 >/dev/null) | FileCheck %s --check-prefix=TF32
// RUN: (mlsysim-opt %s --split-input-file --mlsysim-report="hardware=h100" 2>&1 >/dev/null; mlsysim-opt %s --split-input-file --mlsysim-report="hardware=h100 precision=bf16" 2>&1 >/dev/null) | FileCheck %s --check-prefix=BF16
// RUN: (mlsysim-opt %s --split-input-file --mlsysim-report="hardware=h100" 2>&1 >/dev/null; mlsysim-opt %s --split-input-file --mlsysim-report="hardware=h100 batch=37" 2>&1 >/dev/null) | FileCheck %s --check-prefix=BATCH
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=h100 format=json output=-" -o /dev/null | %fields --section diagnosis | FileCheck %s --check-prefix=JSON

// An f32 matmul on the vector unit: tf32=1 moves it to the matrix unit, where
// it pays the tiles and waves the option's own report prices.
func.func @tf32(%a: tensor<4096x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4096x4096xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %c = linalg.matmul ins(%a, %b : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%init : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %c : tensor<4096x4096xf32>
}

// BASE-LABEL: what limits it
// BASE: matmuls: 1 kernel, {{.*}}compute-bound on the vector unit's f32 peak {{.*}} (tf32=1 prices it)
// TF32-LABEL: what limits it
// TF32: matmuls: 1 kernel, {{.*}} they would take [[T:[0-9.]+ [^ ]+]] (tf32=1 prices it)
// TF32: mlsysim report
// TF32: mlsysim report
// TF32: mlsysim report
// TF32: what limits it
// TF32-NEXT: matmuls: 1 kernel, [[T]] (

// JSON: diagnosis kinds[0]: {{.*}}kind=matmuls; {{.*}}lever_option=tf32=1; lever_time_s={{[0-9.e+-]+}};

// -----

// A memory-bound f32 elementwise op: precision=bf16 halves its floats.
func.func @narrow(%a: tensor<4096x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %c = arith.addf %a, %b : tensor<4096x4096xf32>
  return %c : tensor<4096x4096xf32>
}

// BASE: elementwise: 1 kernel, {{.*}}memory-bound; {{.*}}at half the element width {{.*}}(precision=bf16 prices it)
// BF16: elementwise: 1 kernel, {{.*}} they would take [[N:[0-9.]+ [^ ]+]] (precision=bf16 prices it)
// BF16: mlsysim report
// BF16: mlsysim report
// BF16: mlsysim report
// BF16: what limits it
// BF16-NEXT: elementwise: 1 kernel, [[N]] (

// JSON: diagnosis kinds[0]: {{.*}}kind=elementwise; {{.*}}lever_option=precision=bf16; lever_time_s={{[0-9.e+-]+}};

// -----

// A projection by weights at a dynamic batch: memory-bound on its weights at
// batch 1; batch= binds the dynamic rows, so the batch that turns it
// compute-bound is priced.
func.func @batch(%x: tensor<?x8192xf16>, %w: tensor<8192x8192xf16>) -> tensor<?x8192xf16> {
  %zero = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %rows = tensor.dim %x, %c0 : tensor<?x8192xf16>
  %empty = tensor.empty(%rows) : tensor<?x8192xf16>
  %init = linalg.fill ins(%zero : f16) outs(%empty : tensor<?x8192xf16>) -> tensor<?x8192xf16>
  %y = linalg.matmul ins(%x, %w : tensor<?x8192xf16>, tensor<8192x8192xf16>) outs(%init : tensor<?x8192xf16>) -> tensor<?x8192xf16>
  return %y : tensor<?x8192xf16>
}

// BATCH: mlsysim report
// BATCH: mlsysim report
// The ridge is reached at batch 37, but priced there the tiles still wait on
// memory: the lever says so instead of "makes them compute-bound".
// BATCH: matmuls: 1 kernel, {{.*}}(batch 1 -> 37) takes their intensity to the ridge point (priced there, they stay memory-bound), reusing the weights; they would take [[B:[0-9.]+ [^ ]+]] (batch=37 prices it)
// BATCH: mlsysim report
// BATCH: mlsysim report
// BATCH: mlsysim report
// BATCH: what limits it
// BATCH-NEXT: matmuls: 1 kernel, [[B]] (

// JSON: diagnosis kinds[0]: {{.*}}kind=matmuls; {{.*}}lever_option=batch=37; lever_time_s={{[0-9.e+-]+}};
