// A training step as the model zoo exports one (docs/training.md): one
// function per phase (`mlsysim.phase`), every argument and result tagged
// with its role (`mlsysim.role`). One linear layer y = x W^T (W: 32x64,
// f32), the loss the sum of y; the backward pass computes the gradient of
// the input (dX = dY W) and of the weight (dW = dY^T X); AdamW updates W.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml batch=8 fusion=0 output=-" -o /dev/null | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml batch=8 fusion=0 format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// Data parallel on a DGX H100 (8 GPUs): every GPU runs batch 8, 64 samples
// a step; the 8192 B of gradients are one bucket (under DDP's 25 MB), so
// the all-reduce cannot start before the backward pass ends: all of it is
// exposed.
// RUN: mlsysim-opt %s --mlsysim-report="hardware=dgx-h100 batch=8 fusion=0 output=-" -o /dev/null | FileCheck %s --check-prefix=DP
// RUN: mlsysim-opt %s --mlsysim-report="hardware=dgx-h100 batch=8 fusion=0 format=json output=-" -o /dev/null | FileCheck %s --check-prefix=DPJSON
// DP: training step: {{.*}} at batch 8 per device (64 over 8 devices)
// DP: data parallel over 8 devices: the gradients' all-reduce (8.19 KB, {{ring|tree|hierarchical}}) takes [[T:[0-9.]+ µs]]; in 25 MB buckets during the backward pass, 0 s of it is hidden and [[T]] exposed
// DPJSON:      "gradient_sync": {
// DPJSON-NEXT:   "algorithm":
// DPJSON-NEXT:   "all_reduce_s": [[S:[0-9.e-]+]],
// DPJSON-NEXT:   "bucket_bytes": 25000000,
// DPJSON-NEXT:   "bytes": 8192,
// DPJSON-NEXT:   "devices": 8,
// DPJSON-NEXT:   "exposed_s": [[S]],
// DPJSON-NEXT:   "hidden_s": 0
// DPJSON:      "samples": 64,

// Hand counts at batch 8:
//   forward: the matmul [8,64] x [64,32]: 2 * 8 * 64 * 32 = 32768 FLOP; the
//     loss, 8 * 32 = 256 adds.
//   backward: dX [8,32] x [32,64] = 32768 FLOP and dW [32,8] x [8,64] =
//     32768 FLOP: 65536, twice the forward's matmul.
//   optimizer: 2048 parameters; reads W, dW, m, v (4 x 4 B) and writes W,
//     m, v (3 x 4 B): 28 B per parameter, 57344 B.
//   memory by role: weight 32*64*4 = 8192 B (the optimizer's), input x
//     8*64*4 = 2048 B, activation (the loss, 4 B, and x saved, 2048 B)
//     2052 B, gradient dW 8192 B, optimizer state m and v 16384 B.
// CHECK:      training step: {{.*}} at batch 8
// CHECK-NEXT:   phase      function    eager  graph  compiled  share  work  bytes  limited by
// CHECK-NEXT:   forward    @forward
// CHECK-NEXT:   backward   @backward
// CHECK-NEXT:   optimizer  @optimizer
// CHECK-NEXT:   memory: {{.*}} (weight 8.19 KB; input 2.05 KB; activation 2.05 KB; gradient 8.19 KB; optimizer_state 16.4 KB; workspace
// CHECK-NEXT:   activations saved for the backward pass: 2.05 KB; checkpointing not priced: the IR names no blocks
// CHECK-NEXT:   MFU: {{.*}} (no token ids: the 6 x parameters x tokens count does not apply)

// JSON:      "activation_bytes": {
// JSON-NEXT:   "block_inputs": null,
// JSON-NEXT:   "blocks": null,
// JSON-NEXT:   "largest_block": null,
// JSON-NEXT:   "recompute_s": null,
// JSON-NEXT:   "recomputed": null,
// JSON-NEXT:   "saved": 2052,
// JSON-NEXT:   "saved_outside_blocks": null
// JSON:      "memory_by_role": {
// JSON-NEXT:   "activation": 2052,
// JSON-NEXT:   "gradient": 8192,
// JSON-NEXT:   "input": 2048,
// JSON-NEXT:   "optimizer_state": 16384,
// JSON-NEXT:   "weight": 8192
// JSON:      "phases": {
// JSON-NEXT:   "backward": {
// JSON-NEXT:     "bound":
// JSON-NEXT:     "bytes":
// JSON-NEXT:     "flops": 65536,
// JSON:        "forward": {
// JSON-NEXT:     "bound":
// JSON-NEXT:     "bytes":
// JSON-NEXT:     "flops": 33024,
// JSON:        "optimizer": {
// JSON-NEXT:     "bound":
// JSON-NEXT:     "bytes": 57344,
// JSON:      "step_mfu": {
// JSON-NEXT:   "exact":
// JSON-NEXT:   "six_n": null
// JSON:      "training": {
// JSON:        "parameters": 2048,
// JSON:        "samples": 8,
// JSON-NEXT:   "samples_per_s":
// JSON-NEXT:   "tokens": null,

#tr = affine_map<(d0, d1, d2) -> (d1, d2)>
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
#ta = affine_map<(d0, d1, d2) -> (d2, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> ()>
module {
  func.func @forward(%w: tensor<32x64xf32> {mlsysim.role = "weight", mlsysim.param = "fc.weight"},
                     %x: tensor<?x64xf32> {mlsysim.role = "input", mlsysim.input = "x"})
      -> (tensor<f32> {mlsysim.role = "activation"}, tensor<?x64xf32> {mlsysim.role = "activation"})
      attributes {mlsysim.phase = "forward"} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %b = tensor.dim %x, %c0 : tensor<?x64xf32>
    %e = tensor.empty(%b) : tensor<?x32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
    %y = linalg.matmul indexing_maps = [#a, #tr, #c] ins(%x, %w : tensor<?x64xf32>, tensor<32x64xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
    %s0 = tensor.empty() : tensor<f32>
    %s1 = linalg.fill ins(%zero : f32) outs(%s0 : tensor<f32>) -> tensor<f32>
    %loss = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["reduction", "reduction"]} ins(%y : tensor<?x32xf32>) outs(%s1 : tensor<f32>) {
    ^bb0(%in: f32, %acc: f32):
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    } -> tensor<f32>
    return %loss, %x : tensor<f32>, tensor<?x64xf32>
  }

  func.func @backward(%w: tensor<32x64xf32> {mlsysim.role = "weight", mlsysim.param = "fc.weight"},
                      %x: tensor<?x64xf32> {mlsysim.role = "activation"})
      -> (tensor<32x64xf32> {mlsysim.role = "gradient"}, tensor<?x64xf32>)
      attributes {mlsysim.phase = "backward"} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %b = tensor.dim %x, %c0 : tensor<?x64xf32>
    // dL/dy = 1 everywhere (the loss is a sum).
    %e = tensor.empty(%b) : tensor<?x32xf32>
    %dy = linalg.fill ins(%one : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
    %ex = tensor.empty(%b) : tensor<?x64xf32>
    %fx = linalg.fill ins(%zero : f32) outs(%ex : tensor<?x64xf32>) -> tensor<?x64xf32>
    %dx = linalg.matmul ins(%dy, %w : tensor<?x32xf32>, tensor<32x64xf32>) outs(%fx : tensor<?x64xf32>) -> tensor<?x64xf32>
    %ew = tensor.empty() : tensor<32x64xf32>
    %fw = linalg.fill ins(%zero : f32) outs(%ew : tensor<32x64xf32>) -> tensor<32x64xf32>
    %dw = linalg.matmul indexing_maps = [#ta, affine_map<(d0, d1, d2) -> (d2, d1)>, #c] ins(%dy, %x : tensor<?x32xf32>, tensor<?x64xf32>) outs(%fw : tensor<32x64xf32>) -> tensor<32x64xf32>
    return %dw, %dx : tensor<32x64xf32>, tensor<?x64xf32>
  }

  func.func @optimizer(%w: tensor<32x64xf32> {mlsysim.role = "weight", mlsysim.param = "fc.weight"},
                       %g: tensor<32x64xf32> {mlsysim.role = "gradient"},
                       %m: tensor<32x64xf32> {mlsysim.role = "optimizer_state"},
                       %v: tensor<32x64xf32> {mlsysim.role = "optimizer_state"})
      -> (tensor<32x64xf32> {mlsysim.role = "weight"}, tensor<32x64xf32> {mlsysim.role = "optimizer_state"}, tensor<32x64xf32> {mlsysim.role = "optimizer_state"})
      attributes {mlsysim.phase = "optimizer"} {
    %b1 = arith.constant 0.9 : f32
    %nb1 = arith.constant 0.1 : f32
    %b2 = arith.constant 0.999 : f32
    %nb2 = arith.constant 0.001 : f32
    %lr = arith.constant 0.001 : f32
    %eps = arith.constant 1.0e-8 : f32
    %wd = arith.constant 0.01 : f32
    %ow = tensor.empty() : tensor<32x64xf32>
    %om = tensor.empty() : tensor<32x64xf32>
    %ov = tensor.empty() : tensor<32x64xf32>
    %r:3 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%w, %g, %m, %v : tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>) outs(%ow, %om, %ov : tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>) {
    ^bb0(%wi: f32, %gi: f32, %mi: f32, %vi: f32, %o0: f32, %o1: f32, %o2: f32):
      %m1 = arith.mulf %b1, %mi : f32
      %m2 = arith.mulf %nb1, %gi : f32
      %mn = arith.addf %m1, %m2 : f32
      %v1 = arith.mulf %b2, %vi : f32
      %g2 = arith.mulf %gi, %gi : f32
      %v2 = arith.mulf %nb2, %g2 : f32
      %vn = arith.addf %v1, %v2 : f32
      %sq = math.sqrt %vn : f32
      %den = arith.addf %sq, %eps : f32
      %upd = arith.divf %mn, %den : f32
      %dec = arith.mulf %wd, %wi : f32
      %tot = arith.addf %upd, %dec : f32
      %step = arith.mulf %lr, %tot : f32
      %wn = arith.subf %wi, %step : f32
      linalg.yield %wn, %mn, %vn : f32, f32, f32
    } -> (tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>)
    return %r#0, %r#1, %r#2 : tensor<32x64xf32>, tensor<32x64xf32>, tensor<32x64xf32>
  }
}

