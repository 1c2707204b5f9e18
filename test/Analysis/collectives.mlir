// Collectives of the shard dialect priced with a system's links
// (Pricing/Collectives.h). The toy system (Inputs/two-level-system.yaml):
// 2 groups ("outer", 25e9 B/s per device per direction, alpha 5e-6 s) of 4
// devices ("inner", 100e9 B/s, alpha 1e-6 s) = 8 A100 80GB.
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- execution=eager hardware=%S/Inputs/two-level-system.yaml" -o /dev/null | %fields | FileCheck %s
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- execution=eager collectives=ring hardware=%S/Inputs/two-level-system.yaml" -o /dev/null | %fields | FileCheck %s --check-prefix=RING
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- execution=eager collectives=tree hardware=%S/Inputs/two-level-system.yaml" -o /dev/null | %fields | FileCheck %s --check-prefix=TREE
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=text hardware=a100" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// Every execution model pays the links: eager is the all-reduce's
// 1.208576e-04 s + the eager launch (5 µs), 126 µs; graph and compiled
// + 1.1 µs, 122 µs (eager and graph used to leave the links out).
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="output=- hardware=%S/Inputs/two-level-system.yaml" -o /dev/null | FileCheck %s --check-prefix=MODELS
// MODELS-LABEL: @all8: predicted 122 µs
// MODELS-NEXT: eager 126 µs (1 kernel) · graph 122 µs (1 kernel) · compiled 122 µs (1 kernel)

// @all8: all_reduce of n = 1024*1024*4 = 4194304 B over the 8 devices.
//   flat ring at the slowest level:
//     2*7/8*n/25e9 + 2*7*5e-6                        = 3.6360128e-04 s
//   hierarchical: inside (4 devices) 2*3/4*n/100e9 + 2*3*1e-6 = 6.891712e-05,
//     across (2) on n/4: 2*1/2*(n/4)/25e9 + 2*1*5e-6       = 5.194048e-05,
//     total 1.208576e-04 s, sending 2*3/4*n + 2*1/2*n/4 = 7340032 B
//   tree: 2*n/25e9 + 2*ceil(log2 8)*5e-6             = 3.6554432e-04 s
//   auto takes hierarchical; each device reduces 1048576/8*7 = 917504 adds.
// CHECK-LABEL: report: hardware=toy-2x4
// CHECK: op #0 shard.all_reduce:{{.*}} bound=communication;{{.*}} bytes_communicated=7340032;{{.*}} class=collective;{{.*}} collective_algorithm=hierarchical;{{.*}} flops=917504;{{.*}} t_communication_s=0.0001208576;
// RING-LABEL: report: hardware=toy-2x4
// RING: op #0 shard.all_reduce:{{.*}} bytes_communicated=7340032;{{.*}} collective_algorithm=ring;{{.*}} t_communication_s=0.00036360128000000004;
// TREE-LABEL: report: hardware=toy-2x4
// TREE: op #0 shard.all_reduce:{{.*}} bytes_communicated=8388608;{{.*}} collective_algorithm=tree;{{.*}} t_communication_s=0.00036554432;
// ONE: warning: a collective over 8 devices needs a system (hardware=dgx-h100, or a system file): nvidia-a100-sxm4-80gb describes one device
shard.grid @g8(shape = 8)
func.func @all8(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = shard.all_reduce %x on @g8 grid_axes = [0] : tensor<1024x1024xf32> -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// A 2x4 grid, row-major over the devices: axis 1 runs inside a group,
// axis 0 across the groups.
// @inner: all_gather along axis 1 to n = 4194304 B: 4 devices of one group,
//   (4-1)/4*n/100e9 + 3*1e-6 = 3.445728e-05 s, sending 3/4*n = 3145728 B.
// @outer: all_reduce along axis 0: devices 0 and 4, one in each group, so
//   only the outer level: 2*1/2*n/25e9 + 2*1*5e-6 = 1.7777216e-04 s (a tree
//   of 2 costs 2*n/25e9 + 2*5e-6 = 3.4554432e-04), 4194304 B sent.
// CHECK-LABEL: report: hardware=toy-2x4
// CHECK: op #0 shard.all_gather:{{.*}} bytes_communicated=3145728;{{.*}} collective_algorithm=ring;{{.*}} t_communication_s=3.445728e-05;
// CHECK: op #1 shard.all_reduce:{{.*}} bytes_communicated=4194304;{{.*}} collective_algorithm=ring;{{.*}} t_communication_s=0.00017777216;
shard.grid @g2x4(shape = 2x4)
func.func @inner(%x: tensor<1024x256xf32>) -> tensor<1024x1024xf32> {
  %0 = shard.all_gather %x on @g2x4 grid_axes = [1] gather_axis = 1 : tensor<1024x256xf32> -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
func.func @outer(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = shard.all_reduce %x on @g2x4 grid_axes = [0] : tensor<1024x1024xf32> -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// A grid larger than the system is not priced, and says why.
// CHECK-LABEL: report: hardware=toy-2x4
// CHECK: op #0 shard.all_reduce:{{.*}} modeled=false;{{.*}} reason=its grid has 16 devices; toy-2x4 has 8;
shard.grid @g16(shape = 16)
func.func @too_many(%x: tensor<64xf32>) -> tensor<64xf32> {
  %0 = shard.all_reduce %x on @g16 grid_axes = [0] : tensor<64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// A grid too large for any system: its size saturates (2^32 x 2^32 devices
// do not wrap to 0), and it is refused by it.
// CHECK-LABEL: report: hardware=toy-2x4
// CHECK: op #0 shard.all_reduce:{{.*}} modeled=false;{{.*}} reason=its grid has 18446744073709551615 devices; toy-2x4 has 8;
shard.grid @huge(shape = 4294967296x4294967296)
func.func @too_huge(%x: tensor<64xf32>) -> tensor<64xf32> {
  %0 = shard.all_reduce %x on @huge grid_axes = [0, 1] : tensor<64xf32> -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// overlap=1: collectives on a stream of their own. Eager on the toy system:
// the all_reduce (hierarchical, 1.208576e-04 s + 5e-6 launch =
// 1.258576e-04 s) and the exp (8388608 B / 2.039e12 / 0.9 + the A100's
// device memory latency 3.901e-7 + 5e-6 = 9.961299389679037e-06 s, on the
// compute stream) do not depend on each other; the add (12582912 B /
// 2.039e12 / 0.9 + 3.901e-7 + 5e-6 = 1.2246899084518554e-05 s) reads both.
// Serially: the sum of the three; overlapped, the exp hides under the
// all_reduce: overlap_hidden_s is the exp's latency and the total
// 1.258576e-04 + 1.2246899084518554e-05 = 1.3810449908451856e-04 s (up to
// the rounding of the subtraction).
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- execution=eager overlap=1 hardware=%S/Inputs/two-level-system.yaml" -o /dev/null | %fields --section totals | FileCheck %s --check-prefix=OVERLAP
// OVERLAP: report: hardware=toy-2x4
// OVERLAP: report: hardware=toy-2x4
// OVERLAP: report: hardware=toy-2x4
// OVERLAP: report: hardware=toy-2x4
// OVERLAP: report: hardware=toy-2x4
// OVERLAP: totals:{{.*}} latency_s=0.0001381044990845185{{[0-9]}};{{.*}} overlap_hidden_s=9.9612993896790{{[0-9]+}}e-06;
shard.grid @g8o(shape = 8)
func.func @overlap(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %r = shard.all_reduce %x on @g8o grid_axes = [0] : tensor<1024x1024xf32> -> tensor<1024x1024xf32>
  %e = linalg.exp ins(%y : tensor<1024x1024xf32>) outs(%y : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %s = linalg.add ins(%r, %e : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %s : tensor<1024x1024xf32>
}
