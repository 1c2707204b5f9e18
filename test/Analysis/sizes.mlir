// Element sizes come from the DataLayout: sub-byte types count bits, rounded
// up to whole bytes per tensor; index is 64 bits. Shapes whose counts exceed
// 64 bits are approximated in floating point, never wrapped.
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=-" -o /dev/null | %fields | FileCheck %s

// copy of 7 i4: 28 bits -> 4 bytes read, 4 written
// copy of 10 i1: 10 bits -> 2 bytes each way
// copy of 3 f4E2M1FN (4-bit floats): 12 bits -> 2 bytes each way
// copy of 5 index: 5*64 bits = 40 bytes each way
// CHECK-LABEL: report:
// CHECK: op #0 linalg.copy:{{.*}} bytes_read=4;{{.*}} bytes_written=4;{{.*}} flops=0;{{.*}} func=subbyte;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #1 linalg.copy:{{.*}} bytes_read=2;{{.*}} bytes_written=2;{{.*}} flops=0;{{.*}} func=subbyte;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #2 linalg.copy:{{.*}} bytes_read=2;{{.*}} bytes_written=2;{{.*}} flops=0;{{.*}} func=subbyte;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// CHECK: op #3 linalg.copy:{{.*}} bytes_read=40;{{.*}} bytes_written=40;{{.*}} flops=0;{{.*}} func=subbyte;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @subbyte(%a: tensor<7xi4>, %b: tensor<10xi1>, %c: tensor<3xf4E2M1FN>, %d: tensor<5xindex>)
    -> (tensor<7xi4>, tensor<10xi1>, tensor<3xf4E2M1FN>, tensor<5xindex>) {
  %0 = linalg.copy ins(%a : tensor<7xi4>) outs(%a : tensor<7xi4>) -> tensor<7xi4>
  %1 = linalg.copy ins(%b : tensor<10xi1>) outs(%b : tensor<10xi1>) -> tensor<10xi1>
  %2 = linalg.copy ins(%c : tensor<3xf4E2M1FN>) outs(%c : tensor<3xf4E2M1FN>) -> tensor<3xf4E2M1FN>
  %3 = linalg.copy ins(%d : tensor<5xindex>) outs(%d : tensor<5xindex>) -> tensor<5xindex>
  return %0, %1, %2, %3 : tensor<7xi4>, tensor<10xi1>, tensor<3xf4E2M1FN>, tensor<5xindex>
}

// -----

// A 2^32 x 2^32 x 2^32 f32 matmul: 2*2^96 = 1.5845632502852868e+29 FLOPs
// (wrapping 64 bits would give 0); A and B 2^64 elements * 4 bytes = 2^66
// bytes each and C read too: 3*2^66 = 2.2136092888451462e+20; written 2^66
// = 7.378697629483821e+19.
// CHECK-LABEL: report:
// CHECK: op #0 linalg.matmul:{{.*}} bytes_read=2.2136092888451462e+20;{{.*}} bytes_written=7.378697629483821e+19;{{.*}} flops=1.5845632502852868e+29;{{.*}} func=huge;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @huge(%a: tensor<4294967296x4294967296xf32>, %c: tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32> {
  %0 = linalg.matmul ins(%a, %a : tensor<4294967296x4294967296xf32>, tensor<4294967296x4294967296xf32>)
                     outs(%c : tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32>
  return %0 : tensor<4294967296x4294967296xf32>
}
