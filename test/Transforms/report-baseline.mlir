// baseline=FILE: what a transformation bought. The IR after upstream
// elementwise fusion (printed with its locations) against the IR before it.
// RUN: mlsysim-opt %S/Inputs/two-elementwise.mlir --linalg-fuse-elementwise-ops -mlir-print-debuginfo -o %t.after.mlir
// RUN: mlsysim-opt %t.after.mlir --mlsysim-report="execution=eager baseline=%S/Inputs/two-elementwise.mlir" -o /dev/null 2>&1 | FileCheck %s
// RUN: mlsysim-opt %t.after.mlir --mlsysim-report="execution=eager baseline=%S/Inputs/two-elementwise.mlir format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: not mlsysim-opt %t.after.mlir --mlsysim-report="execution=eager baseline=%S/no-such-file.mlir" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// Before: two generics over 2^20 f32, each reading 4 MiB and writing 4 MiB
// (8388608 bytes, 8388608 / 3.35e12 / 0.9 = 2.782 us + the HBM latency once
// per kernel, memory.latency_s 0.3535 us, + 5 us launch = 8.136 us):
// 16.3 us, 16.8 MB, 2 launches. After: one generic reading x and writing the
// result: 8.14 us, 8.39 MB, 1 launch; its work doubles (a mulf and an addf
// per element: 2^20 -> 2^21).
// CHECK: what changed against {{.*}}two-elementwise.mlir on NVIDIA H100 SXM5 80GB:
// CHECK-NEXT: predicted latency: 16.3 µs -> 8.14 µs (-50.0%)
// CHECK-NEXT: traffic: 16.8 MB -> 8.39 MB (-50.0%)
// CHECK-NEXT: work: 2.10 MFLOP -> 2.10 MFLOP (+0.0%)
// CHECK-NEXT: kernel launches: 2 -> 1 (-50.0%)
// CHECK-NEXT: ops: 3 -> 2; 1 vanished, 0 appeared, 1 changed, 1 unchanged
// CHECK-NEXT: vanished #1 linalg.generic at {{.*}}two-elementwise.mlir:5:8: 8.14 µs
// CHECK-NEXT: changed #2 -> #1 linalg.generic at {{.*}}two-elementwise.mlir:10:8: 8.14 µs -> 8.14 µs (+0.0%), 8.39 MB -> 8.39 MB (+0.0%), 1.05 Mop -> 2.10 Mop (+100.0%)

// JSON: "schema": "mlsysim-diff/1",
// JSON: "vanished": [

// BAD: error: cannot read the baseline '{{.*}}no-such-file.mlir'

// Free ops (no work, no traffic) that vanish or appear are counted, not
// listed: canonicalization removes a constant nothing reads, and the diff
// says so in one line instead of "vanished arith.constant ...: 0 s".
// RUN: mlsysim-opt %S/Inputs/dead-constant.mlir --canonicalize -mlir-print-debuginfo -o %t.canon.mlir
// RUN: mlsysim-opt %t.canon.mlir --mlsysim-report="execution=eager baseline=%S/Inputs/dead-constant.mlir" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FREE
// RUN: mlsysim-opt %t.canon.mlir --mlsysim-report="execution=eager baseline=%S/Inputs/dead-constant.mlir format=json output=-" -o /dev/null | FileCheck %s --check-prefix=FREEJSON
// FREE: ops: 3 -> 2; 0 vanished, 0 appeared, 0 changed, 2 unchanged
// FREE-NEXT: not listed: 1 free op vanished, 0 appeared (no work and no traffic: constants, empty tensors)
// FREE-NOT: arith.constant
// FREEJSON: "free_vanished_count": 1,
// FREEJSON: "vanished": []
