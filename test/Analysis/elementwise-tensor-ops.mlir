// arith ops on whole tensors (frontends emit them on index and integer
// tensors): sizes bound through them without querying the upstream bounds
// models, which describe index values only (this crashed with any binding),
// and the compiled plan fuses them as a linalg.generic would be; mlsysim-fuse
// rewrites them as linalg.generic ops first.
// RUN: mlsysim-opt %s --mlsysim-report="dynamic-dim=2 format=json output=-" -o /dev/null | %fields | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="dynamic-dim=2 format=json output=-" -o /dev/null | %fields --section totals | FileCheck %s --check-prefix=TOTALS
// RUN: mlsysim-opt %s --mlsysim-report="sweep=1,2,...,1024" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SWEEP
// RUN: mlsysim-opt %s --mlsysim-annotate="dynamic-dim=2" | mlsysim-opt --mlsysim-strip | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mlsysim-opt %s --mlsysim-track=h100 --mlsysim-track-batch=2 --canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACK
// RUN: mlsysim-opt %s --mlsysim-fuse="dynamic-dim=2" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=FUSED < %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null

// 2x4 i64: each op reads two 64-byte tensors and writes one; 8 integer ops.
// CHECK: op #0 arith.subi:{{.*}} bytes_read=128; bytes_written=64;{{.*}} int_ops=8;{{.*}} modeled=true;
// CHECK: op #1 arith.muli:{{.*}} bytes_read=128; bytes_written=64;{{.*}} int_ops=8;
// CHECK: op #2 arith.floordivsi:{{.*}} bytes_read=128; bytes_written=64;{{.*}} int_ops=8;
// One kernel: it reads x and y (128 B) and writes the result (64 B).
// TOTALS: bytes_read=128; bytes_written=64;{{.*}} latency_by_execution.compiled.kernels=1;{{.*}} latency_by_execution.eager.kernels=3;
// SWEEP: 1024
// ROUNDTRIP: arith.floordivsi
// TRACK: mlsysim-track: after canonicalize: compiled {{.*}} in 1 kernel; eager {{.*}} in 3 kernels
// REMARK: remark: fused group G0 (elementwise-chain, 3 ops, 2 fusions)
// FUSED: linalg.generic
// FUSED: arith.subi
// FUSED-NEXT: arith.muli
// FUSED-NEXT: arith.floordivsi
// FUSED-NOT: linalg.generic
func.func @f(%x: tensor<?x4xi64>, %y: tensor<?x4xi64>) -> tensor<?x4xi64> {
  %0 = arith.subi %x, %y : tensor<?x4xi64>
  %1 = arith.muli %0, %y : tensor<?x4xi64>
  %2 = arith.floordivsi %1, %y : tensor<?x4xi64>
  return %2 : tensor<?x4xi64>
}
