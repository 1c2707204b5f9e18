// Activation checkpointing per block. The forward pass of a two-layer step
// whose ops name their module path (the exporter writes
// loc("<aten op>#<n>"("<path>")); a block is the path up to its first
// numbered item: layers.0 and layers.1; the head's sum is in no block).
// Every tensor<8x64xf32> is 2048 B.
//   saved: the loss (4 B) and h, g, a of each layer: 4 + 6 * 2048 = 12292 B.
//   block inputs: x into layers.0 and a0 into layers.1 (weights, fills and
//     empty tensors are not inputs): 4096 B.
//   saved outside every block: the loss, 4 B.
//   one block's recomputation: layers.0 saves h0 and g0 (a0 is an input of
//     layers.1, kept already), 4096 B; layers.1 saves h1, g1 and a1,
//     6144 B: the largest.
//   kept with checkpointing: 4096 + 4 + 6144 = 10244 B.
//   time added: the blocks' ops once more under the headline (eager) model,
//     ops #1-#8 below: 2 * (2.0070630e-08 + 1.0208894e-06 + 1.008192e-06 +
//     1.008192e-06) = 6.1147 us (the head's #10-#11 are not re-run).

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager" -o /dev/null 2>&1 | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager format=json output=-" -o /dev/null | %fields | FileCheck %s --check-prefix=OPS

// CHECK: activations saved for the backward pass: 12.3 KB; checkpointing each of its 2 blocks keeps 10.2 KB (the blocks' inputs 4.10 KB, what is saved outside them 4 B, one block's recomputed 6.14 KB) and adds 6.11 µs

// JSON:      "activation_bytes": {
// JSON-NEXT:   "block_inputs": 4096,
// JSON-NEXT:   "blocks": 2,
// JSON-NEXT:   "largest_block": 6144,
// JSON-NEXT:   "recompute_s": 6.114{{[0-9]*}}e-06,
// JSON-NEXT:   "recomputed": 10244,
// JSON-NEXT:   "saved": 12292,
// JSON-NEXT:   "saved_outside_blocks": 4

// OPS: op #1 linalg.fill:{{.*}} latency_s=2.00706{{[0-9]*}}e-08;
// OPS: op #2 linalg.matmul:{{.*}} latency_s=1.02088{{[0-9]*}}e-06;
// OPS: op #3 linalg.generic:{{.*}} latency_s=1.008192e-06;
// OPS: op #4 linalg.generic:{{.*}} latency_s=1.008192e-06;
// OPS: op #5 linalg.fill:{{.*}} latency_s=2.00706{{[0-9]*}}e-08;
// OPS: op #6 linalg.matmul:{{.*}} latency_s=1.02088{{[0-9]*}}e-06;
// OPS: op #7 linalg.generic:{{.*}} latency_s=1.008192e-06;
// OPS: op #8 linalg.generic:{{.*}} latency_s=1.008192e-06;

#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> ()>
module {
  func.func @forward(%w0: tensor<64x64xf32> {mlsysim.role = "weight"}, %w1: tensor<64x64xf32> {mlsysim.role = "weight"},
                     %x: tensor<8x64xf32> {mlsysim.role = "input"})
      -> (tensor<f32> {mlsysim.role = "activation"},
          tensor<8x64xf32> {mlsysim.role = "activation"}, tensor<8x64xf32> {mlsysim.role = "activation"}, tensor<8x64xf32> {mlsysim.role = "activation"},
          tensor<8x64xf32> {mlsysim.role = "activation"}, tensor<8x64xf32> {mlsysim.role = "activation"}, tensor<8x64xf32> {mlsysim.role = "activation"})
      attributes {mlsysim.phase = "forward"} {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x64xf32> loc("aten.mm.default#0"("layers.0.fc"))
    %f0 = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32> loc("aten.mm.default#0"("layers.0.fc"))
    %h0 = linalg.matmul ins(%x, %w0 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%f0 : tensor<8x64xf32>) -> tensor<8x64xf32> loc("aten.mm.default#0"("layers.0.fc"))
    %g0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h0 : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.mulf %a, %a : f32
      linalg.yield %r : f32
    } -> tensor<8x64xf32> loc("aten.mul.Tensor#1"("layers.0"))
    %a0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%g0 : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.maximumf %a, %zero : f32
      linalg.yield %r : f32
    } -> tensor<8x64xf32> loc("aten.relu.default#2"("layers.0.act"))
    %f1 = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32> loc("aten.mm.default#3"("layers.1.fc"))
    %h1 = linalg.matmul ins(%a0, %w1 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%f1 : tensor<8x64xf32>) -> tensor<8x64xf32> loc("aten.mm.default#3"("layers.1.fc"))
    %g1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h1 : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.mulf %a, %a : f32
      linalg.yield %r : f32
    } -> tensor<8x64xf32> loc("aten.mul.Tensor#4"("layers.1"))
    %a1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%g1 : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.maximumf %a, %zero : f32
      linalg.yield %r : f32
    } -> tensor<8x64xf32> loc("aten.relu.default#5"("layers.1.act"))
    %s0 = tensor.empty() : tensor<f32>
    %s1 = linalg.fill ins(%zero : f32) outs(%s0 : tensor<f32>) -> tensor<f32> loc("aten.sum.default#6"("head"))
    %loss = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["reduction", "reduction"]} ins(%a1 : tensor<8x64xf32>) outs(%s1 : tensor<f32>) {
    ^bb0(%in: f32, %acc: f32):
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    } -> tensor<f32> loc("aten.sum.default#6"("head"))
    return %loss, %h0, %g0, %a0, %h1, %g1, %a1 : tensor<f32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>
  }
}
