// The text report: header with conventions and assumptions, an aligned table
// in program order with human units, free ops folded, unmodeled ops listed,
// totals per function and for the module, the time share by bound and the
// ops that take longest. It goes to stderr by default (the IR on stdout stays
// clean).
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100" 2>&1 >/dev/null | FileCheck %s
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager hardware=h100" 2>/dev/null | FileCheck %s --check-prefix=IR

// IR-LABEL: func.func @first
// IR-NOT: mlsysim roofline report

// CHECK: mlsysim roofline report: NVIDIA H100 SXM5 80GB (nvidia-h100-sxm)
// CHECK-NEXT: conventions: a multiply-accumulate counts as 2 FLOPs (flop-convention=fma2); bytes are decimal (1 KB = 1000 B); dynamic sizes unbound
// CHECK-NEXT: assumptions: 75.0% of peak compute (assumption: {{.*}}); 90.0% of peak bandwidth (assumption: {{.*}}); 5 µs launch overhead per kernel (assumption: {{.*}})
// CHECK: id op location runs work bytes ops/B unit compute memory latency bound
// matmul 2048^3 f16 -> f32: 2*2048^3 = 17179869184 FLOPs (17.2 G); bytes =
// A and B 2*8388608 + C read and written 2*16777216 = 50331648 (50.3 MB);
// AI = 17179869184/50331648 = 341.33; compute 17179869184/989.4e12/0.75 =
// 23.2 us, memory 50331648/3.35e12/0.9 = 16.7 us: compute-bound, latency
// 23.15 + 5 = 28.2 us.
// CHECK: 0 linalg.matmul {{.*}}report-text.mlir:{{[0-9]+}}:{{[0-9]+}} 1 17.2 GFLOP 50.3 MB 341.33 matrix:f16 23.2 µs 16.7 µs 28.2 µs compute
// add of 2^22 f32: 4.19 M FLOPs; bytes 3*16777216 = 50331648 (50.3 MB); AI
// 0.08; compute 4194304/66.9e12/0.75 = 83.6 ns, memory 16.7 us:
// memory-bound, latency 21.7 us.
// CHECK: 2 linalg.add {{.*}} 1 4.19 MFLOP 50.3 MB 0.08 vector:f32 83.6 ns 16.7 µs 21.7 µs memory
// CHECK: 3 foo.bar {{.*}} unmodeled
// The 16-element add: 192 B take 0.06 ns, the 5 us launch dominates.
// CHECK: 4 linalg.add {{.*}} 1 16 FLOP 192 B 0.08 vector:f32 0.00 ns 0.06 ns 5.00 µs overhead
// CHECK: (1 free ops not shown: 1 tensor.empty)
// CHECK: unmodeled #3 foo.bar at {{.*}}: no cost model for 'foo.bar'
// CHECK: totals for @first:
// CHECK: ops: 4 (3 modeled, of which 1 free; 1 unmodeled); kernel launches: 2
// CHECK: totals for @second:
// CHECK: ops: 1 (1 modeled, of which 0 free; 0 unmodeled); kernel launches: 1
// CHECK: totals for the module:
// CHECK-NEXT: ops: 5 (4 modeled, of which 1 free; 1 unmodeled); kernel launches: 3
// CHECK-NEXT: work: 17.2 GFLOP, 0 integer ops, 0 transcendentals
// traffic: 33554432 + 33554432 + 128 read, 16777216 + 16777216 + 64 written
// CHECK-NEXT: traffic: 67.1 MB read, 33.6 MB written
// latency: 28.152 + 21.694 + 5.000 = 54.846 us; shares 51.3%, 39.6%, 9.1%
// CHECK-NEXT: predicted latency: 54.8 µs
// CHECK-NEXT: time by bound: compute 51.3%, memory 39.6%, overhead 9.1%
// CHECK: ops that take longest:
// CHECK-NEXT: #0 linalg.matmul at {{.*}}: 28.2 µs (51.3%), compute-bound
// CHECK-NEXT: #2 linalg.add at {{.*}}: 21.7 µs (39.6%), memory-bound
// CHECK-NEXT: #4 linalg.add at {{.*}}: 5.00 µs (9.1%), overhead-bound
func.func @first(%a: tensor<2048x2048xf16>, %c: tensor<2048x2048xf32>, %x: tensor<4194304xf32>) -> tensor<2048x2048xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<2048x2048xf16>, tensor<2048x2048xf16>) outs(%c : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %e = tensor.empty() : tensor<4194304xf32>
  %1 = linalg.add ins(%x, %x : tensor<4194304xf32>, tensor<4194304xf32>) outs(%e : tensor<4194304xf32>) -> tensor<4194304xf32>
  %2 = "foo.bar"(%0, %1) : (tensor<2048x2048xf32>, tensor<4194304xf32>) -> tensor<2048x2048xf32>
  return %2 : tensor<2048x2048xf32>
}

func.func @second(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
