// A loop nest marked {mlsysim.kernel} (mlsysim-fuse marks the loops it tiles and fuses
// into) is one record and one launch: its work is the ops inside times their trip
// counts, its traffic every tensor from outside read once and its results written once.

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=json output=-" -o /dev/null 2>/dev/null | %fields | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN

// Four rows of 256 f32 added: 4 x 256 = 1024 FLOP; x and y read once (2 x 4096 B),
// the 4x256 result written once (4096 B). On the toy device: 12,288 B / 0.5 TB/s =
// 24.6 ns, 1024 FLOP / 5e12 = 0.2 ns, + 1 µs = 1.0246 µs.
func.func @kernel(%x: tensor<4x256xf32>, %y: tensor<4x256xf32>) -> tensor<4x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tensor.empty() : tensor<4x256xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> tensor<4x256xf32> {
    %xs = tensor.extract_slice %x[%i, 0] [1, 256] [1, 1] : tensor<4x256xf32> to tensor<256xf32>
    %ys = tensor.extract_slice %y[%i, 0] [1, 256] [1, 1] : tensor<4x256xf32> to tensor<256xf32>
    %e = tensor.empty() : tensor<256xf32>
    %s = linalg.add ins(%xs, %ys : tensor<256xf32>, tensor<256xf32>) outs(%e : tensor<256xf32>) -> tensor<256xf32>
    %u = tensor.insert_slice %s into %acc[%i, 0] [1, 256] [1, 1] : tensor<256xf32> into tensor<4x256xf32>
    scf.yield %u : tensor<4x256xf32>
  } {mlsysim.kernel}
  return %r : tensor<4x256xf32>
}
// CHECK: op #1 scf.for:{{.*}} bytes_read=8192;{{.*}} bytes_written=4096;{{.*}} dtype=f32;{{.*}} flops=1024;{{.*}} func=kernel;{{.*}} int_ops=0;{{.*}} latency_s=1.024{{[0-9]*}}e-06;{{.*}} modeled=true;{{.*}} peak_type=f32;{{.*}} t_overhead_s=1e-06;{{.*}} transcendentals=0;{{.*}} unit=vector;

// The same loop without the mark: each op inside is its own kernel, four times.
func.func @loop(%x: tensor<4x256xf32>, %y: tensor<4x256xf32>) -> tensor<4x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tensor.empty() : tensor<4x256xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> tensor<4x256xf32> {
    %xs = tensor.extract_slice %x[%i, 0] [1, 256] [1, 1] : tensor<4x256xf32> to tensor<256xf32>
    %ys = tensor.extract_slice %y[%i, 0] [1, 256] [1, 1] : tensor<4x256xf32> to tensor<256xf32>
    %e = tensor.empty() : tensor<256xf32>
    %s = linalg.add ins(%xs, %ys : tensor<256xf32>, tensor<256xf32>) outs(%e : tensor<256xf32>) -> tensor<256xf32>
    %u = tensor.insert_slice %s into %acc[%i, 0] [1, 256] [1, 1] : tensor<256xf32> into tensor<4x256xf32>
    scf.yield %u : tensor<4x256xf32>
  }
  return %r : tensor<4x256xf32>
}
// CHECK: op #{{[0-9]+}} linalg.add:{{.*}} bytes_read=8192;{{.*}} bytes_written=4096;{{.*}} flops=1024;{{.*}} func=loop;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} multiplier=4;{{.*}} transcendentals=0;

// A kernel whose trip count is unknown cannot be priced: unmodeled, with the reason.
func.func @unknown_trips(%x: tensor<4x256xf32>, %n: index) -> tensor<4x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<4x256xf32> {
    %xs = tensor.extract_slice %acc[0, 0] [1, 256] [1, 1] : tensor<4x256xf32> to tensor<256xf32>
    %e = tensor.empty() : tensor<256xf32>
    %s = linalg.exp ins(%xs : tensor<256xf32>) outs(%e : tensor<256xf32>) -> tensor<256xf32>
    %u = tensor.insert_slice %s into %acc[0, 0] [1, 256] [1, 1] : tensor<256xf32> into tensor<4x256xf32>
    scf.yield %u : tensor<4x256xf32>
  } {mlsysim.kernel}
  return %r : tensor<4x256xf32>
}
// CHECK: op #{{[0-9]+}} scf.for:{{.*}} func=unknown_trips;{{.*}} modeled=false;{{.*}} reason=kernel loop with an unknown trip count;
// WARN: warning: kernel loop with an unknown trip count; listed as unmodeled
