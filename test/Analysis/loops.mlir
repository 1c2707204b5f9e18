// Loops with static trip counts multiply what they contain (the multiplier
// column); a loop whose trip count is unknown is flagged on the ops inside
// it, which are then counted once per run of the loop; `mlsysim.repeat` on a
// function multiplies its body (a zoo model exporting one of N layers).
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=-" -o /dev/null | %fields | FileCheck %s
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report=ops=all -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT

// One run of the add on 16 f32: 16 FLOPs, read 128, write 64.
// scf.for 0..8: x8 -> 128 FLOPs, read 1024, write 512
// CHECK-LABEL: report:
// CHECK: op #0 linalg.add:{{.*}} bytes_read=1024;{{.*}} bytes_written=512;{{.*}} flops=128;{{.*}} func=for8;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} multiplier=8;{{.*}} transcendentals=0;
// Eight runs are eight kernel launches in every execution model.
// TEXT-LABEL: mlsysim report:
// TEXT: @for8: predicted {{.*}} (8 kernels as a fusing compiler forms them)
// TEXT-NEXT: eager {{.*}} (8 kernels) · graph {{.*}} (8 kernels) · compiled {{.*}} (8 kernels)
// TEXT: every op
// TEXT: linalg.add {{.*}}  8  {{.*}}
func.func @for8(%x: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %x) -> tensor<16xf32> {
    %y = linalg.add ins(%acc, %acc : tensor<16xf32>, tensor<16xf32>) outs(%acc : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %y : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// -----

// Nested: 0..4 step 1 (4) x 0..10 step 3 (ceil(10/3) = 4) = 16 runs:
// 256 FLOPs, read 2048, write 1024.
// affine.for 0..5 (5 runs): 80 FLOPs, read 640, write 320.
// scf.forall (2, 3) (6 runs): 96 FLOPs, read 768, write 384.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.add:{{.*}} bytes_read=2048;{{.*}} bytes_written=1024;{{.*}} flops=256;{{.*}} func=nested;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} multiplier=16;{{.*}} transcendentals=0;
// CHECK: op #1 linalg.add:{{.*}} bytes_read=640;{{.*}} bytes_written=320;{{.*}} flops=80;{{.*}} func=nested;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} multiplier=5;{{.*}} transcendentals=0;
// CHECK: op #2 linalg.add:{{.*}} bytes_read=768;{{.*}} bytes_written=384;{{.*}} flops=96;{{.*}} func=nested;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} multiplier=6;{{.*}} transcendentals=0;
func.func @nested(%x: tensor<16xf32>, %m: memref<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c10 step %c3 {
      linalg.add ins(%m, %m : memref<16xf32>, memref<16xf32>) outs(%m : memref<16xf32>)
    }
  }
  affine.for %k = 0 to 5 {
    linalg.add ins(%m, %m : memref<16xf32>, memref<16xf32>) outs(%m : memref<16xf32>)
  }
  %r = scf.forall (%a, %b) in (2, 3) shared_outs(%o = %x) -> tensor<16xf32> {
    %y = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%o : tensor<16xf32>) -> tensor<16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %o[0] [16] [1] : tensor<16xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}

// -----

// scf.while has no static trip count, nor does a for loop with a dynamic
// bound: the ops inside are flagged and counted once per run of the loop.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.add:{{.*}} bytes_read=128;{{.*}} bytes_written=64;{{.*}} flops=16;{{.*}} func=unknown_trips;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;{{.*}} trip_count_unknown=true;
// CHECK: op #1 linalg.add:{{.*}} bytes_read=128;{{.*}} bytes_written=64;{{.*}} flops=16;{{.*}} func=unknown_trips;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;{{.*}} trip_count_unknown=true;
// TEXT-LABEL: mlsysim report:
// TEXT: linalg.add {{.*}}  1?  {{.*}}
// TEXT: note: ops marked '?' are inside a loop whose trip count is unknown
func.func @unknown_trips(%m: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 0 : index
  %r = scf.while (%i = %init) : (index) -> index {
    %cond = arith.cmpi slt, %i, %n : index
    scf.condition(%cond) %i : index
  } do {
  ^bb0(%i: index):
    linalg.add ins(%m, %m : memref<16xf32>, memref<16xf32>) outs(%m : memref<16xf32>)
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  scf.for %i = %c0 to %n step %c1 {
    linalg.add ins(%m, %m : memref<16xf32>, memref<16xf32>) outs(%m : memref<16xf32>)
  }
  return
}

// -----

// mlsysim.repeat = 32 on the function (one of 32 identical layers):
// 32 runs -> 512 FLOPs, read 4096, write 2048; with a static loop of 2
// inside: 64 runs -> 1024 FLOPs, read 8192, write 4096.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.add:{{.*}} bytes_read=4096;{{.*}} bytes_written=2048;{{.*}} flops=512;{{.*}} func=layer;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} multiplier=32;{{.*}} transcendentals=0;
// CHECK: op #1 linalg.add:{{.*}} bytes_read=8192;{{.*}} bytes_written=4096;{{.*}} flops=1024;{{.*}} func=layer;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} multiplier=64;{{.*}} transcendentals=0;
func.func @layer(%m: memref<16xf32>) attributes {mlsysim.repeat = 32 : i64} {
  linalg.add ins(%m, %m : memref<16xf32>, memref<16xf32>) outs(%m : memref<16xf32>)
  affine.for %k = 0 to 2 {
    linalg.add ins(%m, %m : memref<16xf32>, memref<16xf32>) outs(%m : memref<16xf32>)
  }
  return
}

// -----

// A loop that never runs (5..5): the op runs 0 times, costs nothing, and
// launches nothing.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.add:{{.*}} bound=free;{{.*}} bytes_read=0;{{.*}} bytes_written=0;{{.*}} flops=0;{{.*}} func=zero_trips;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} multiplier=0;{{.*}} transcendentals=0;
func.func @zero_trips(%m: memref<16xf32>) {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c5 to %c5 step %c1 {
    linalg.add ins(%m, %m : memref<16xf32>, memref<16xf32>) outs(%m : memref<16xf32>)
  }
  return
}
