// Weights found without tags (Analysis/Weights.h). IR from other tools
// carries no mlsysim.param: a function argument, constant or global that a
// contraction reads (through views) as its stationary operand is a weight,
// and so is, beside a dynamic batch, every float argument of static shape.
// weights= names them instead; tags win over the inference.
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="fusion=0 output=-" -o /dev/null | FileCheck %s
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="fusion=0 format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="fusion=0 output=- weights=arg1" -o /dev/null | FileCheck %s --check-prefix=NAMED
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="fusion=0 output=- weights=*weight*" -o /dev/null | FileCheck %s --check-prefix=GLOB
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="fusion=0 output=- weights=none" -o /dev/null | FileCheck %s --check-prefix=NONE
// RUN: not mlsysim-opt %s --split-input-file --mlsysim-report="weights=arg9" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADINDEX
// RUN: not mlsysim-opt %s --split-input-file --mlsysim-report="weights=arg1,,arg2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not mlsysim-opt %s --split-input-file --mlsysim-report="weights=[ab" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADGLOB
// RUN: not mlsysim-opt %s --split-input-file --mlsysim-report="weights=none,arg1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONEPLUS

// @layer, an untagged decode-style layer: x is ?x4096 (the batch dynamic,
// bound to 1), the weights are arguments. Inferred: wq, wo (through
// linalg.transpose), w1, w2 as the matmuls' stationary operands, and gamma
// (static beside the dynamic batch): 5 values,
//   4096*4096*2 + 4096*11008*2 + 4096 = 123736064 elements,
//   x 2 B = 247472128 B (247 MB).
// The matmuls read wq + wo + w1 + w2 = 247463936 B of weights (247 MB): the
// batching lever now counts them (untagged, it used to count none) and says
// a larger batch turns them compute-bound.
// CHECK-LABEL: @layer: predicted
// CHECK: memory: {{.*}}; 124 Mparameters
// CHECK-NEXT: weights inferred: 5 values, 247 MB (arguments, constants or globals that a contraction reads as its stationary operand or a lookup indexes, or of static shape beside a dynamic batch; weights= overrides)
// CHECK: matmuls: 4 kernels, {{.*}} memory-bound; 247 MB of their {{.*}} are weights: {{[0-9.]+}}x the samples per run (batch 1 -> {{[0-9]+}}) {{makes them compute-bound|takes their intensity to the ridge point \(priced there, they stay memory-bound\)}}, reusing the weights
// CHECK: weights: the 247 MB of weights, read once per run
// JSON: "parameters": 123736064,
// JSON: "weight_bytes": 247472128,
// JSON-NEXT: "weight_source": "inferred",
// JSON-NEXT: "weight_values": 5
// JSON: "name": "layer",
//
// @small: a static 1x64 decode layer. Inferred: up and down (the other
// operand carries 1 token), 2 x 64*128 = 16384 elements, 32768 B
// (32.8 KB); gamma is not (no dynamic batch, no contraction reads it).
// CHECK-LABEL: @small: predicted
// CHECK: weights inferred: 2 values, 32.8 KB
// JSON: "parameters": 16384,
// JSON: "weight_bytes": 32768,
// JSON-NEXT: "weight_source": "inferred",
// JSON-NEXT: "weight_values": 2
// JSON: "name": "small",
//
// @tie: a matmul of two 64x64 arguments, neither of which the other's rows
// outnumber: nothing to infer.
// CHECK-LABEL: @tie: predicted
// CHECK: weights could not be inferred (no contraction reads an argument, constant or global as its stationary operand; weights= names them)
// JSON: "weight_bytes": 0,
// JSON-NEXT: "weight_source": "not_inferred",
// JSON-NEXT: "weight_values": 0
// JSON: "name": "tie",
//
// The module's summary says no more (its memory is its hungriest
// function's).
// CHECK-LABEL: the module: predicted
// CHECK-NOT: weights inferred
// CHECK: what limits it
//
// weights=arg1: wq alone, 4096*4096*2 = 33554432 B (33.6 MB); @small's up,
// 64*128*2 = 16384 B (16.4 KB); @tie's b, 64*64*2 = 8192 B (8.19 KB). The
// lever, with 33.6 MB of 248 MB weights, cannot turn @layer compute-bound.
// NAMED-LABEL: @layer: predicted
// NAMED: weights named by weights=: 1 value, 33.6 MB
// NAMED: matmuls: 4 kernels, {{.*}}; 33.6 MB of their {{.*}} are weights: 8x the samples per run
// NAMED-LABEL: @small: predicted
// NAMED: weights named by weights=: 1 value, 16.4 KB
// NAMED-LABEL: @tie: predicted
// NAMED: weights named by weights=: 1 value, 8.19 KB
//
// weights=*weight*: the names in the arguments' locations. @small's
// mlp.up.weight, mlp.down.weight and norm.weight: 16384 + 16384 + 64*2 =
// 32896 B (32.9 KB); @layer's arguments have no names.
// GLOB-LABEL: @layer: predicted
// GLOB: weights named by weights=: 0 values, 0 B
// GLOB-LABEL: @small: predicted
// GLOB: weights named by weights=: 3 values, 32.9 KB
//
// weights=none: no weights, and the untagged lever of before (half the
// element width, not the batch).
// NONE-LABEL: @layer: predicted
// NONE: weights named by weights=: 0 values, 0 B
// NONE: matmuls: 4 kernels, {{.*}} memory-bound; they move 248 MB: at half the element width
//
// Bad values: an error at the module's location.
// BADINDEX: weights-inferred.mlir:{{[0-9]+}}:{{[0-9]+}}: error: weights=arg9 names no function argument (arguments are named argN, by their mlsysim.input name or by the name in their location)
// EMPTY: weights-inferred.mlir:{{[0-9]+}}:{{[0-9]+}}: error: weights=arg1,,arg2: an empty item
// BADGLOB: weights-inferred.mlir:{{[0-9]+}}:{{[0-9]+}}: error: weights=[ab: '[ab' is no glob
// NONEPLUS: weights-inferred.mlir:{{[0-9]+}}:{{[0-9]+}}: error: weights=none,arg1: none with other items

#x = affine_map<(t, d) -> (t, d)>
#g = affine_map<(t, d) -> (d)>
func.func @layer(%x: tensor<?x4096xf16>, %wq: tensor<4096x4096xf16>,
                 %wo: tensor<4096x4096xf16>, %w1: tensor<4096x11008xf16>,
                 %w2: tensor<11008x4096xf16>, %gamma: tensor<4096xf16>) -> tensor<?x4096xf16> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f16
  %b = tensor.dim %x, %c0 : tensor<?x4096xf16>
  %ne = tensor.empty(%b) : tensor<?x4096xf16>
  %n = linalg.generic {indexing_maps = [#x, #g, #x], iterator_types = ["parallel", "parallel"]}
       ins(%x, %gamma : tensor<?x4096xf16>, tensor<4096xf16>) outs(%ne : tensor<?x4096xf16>) {
  ^bb0(%a: f16, %g: f16, %o: f16):
    %m = arith.mulf %a, %g : f16
    linalg.yield %m : f16
  } -> tensor<?x4096xf16>
  %qe = tensor.empty(%b) : tensor<?x4096xf16>
  %q0 = linalg.fill ins(%zero : f16) outs(%qe : tensor<?x4096xf16>) -> tensor<?x4096xf16>
  %q = linalg.matmul ins(%n, %wq : tensor<?x4096xf16>, tensor<4096x4096xf16>) outs(%q0 : tensor<?x4096xf16>) -> tensor<?x4096xf16>
  %te = tensor.empty() : tensor<4096x4096xf16>
  %wot = linalg.transpose ins(%wo : tensor<4096x4096xf16>) outs(%te : tensor<4096x4096xf16>) permutation = [1, 0]
  %o = linalg.matmul ins(%q, %wot : tensor<?x4096xf16>, tensor<4096x4096xf16>) outs(%q0 : tensor<?x4096xf16>) -> tensor<?x4096xf16>
  %he = tensor.empty(%b) : tensor<?x11008xf16>
  %h0 = linalg.fill ins(%zero : f16) outs(%he : tensor<?x11008xf16>) -> tensor<?x11008xf16>
  %h = linalg.matmul ins(%o, %w1 : tensor<?x4096xf16>, tensor<4096x11008xf16>) outs(%h0 : tensor<?x11008xf16>) -> tensor<?x11008xf16>
  %y = linalg.matmul ins(%h, %w2 : tensor<?x11008xf16>, tensor<11008x4096xf16>) outs(%q0 : tensor<?x4096xf16>) -> tensor<?x4096xf16>
  return %y : tensor<?x4096xf16>
}

func.func @small(%x: tensor<1x64xf16> loc("x"),
                 %up: tensor<64x128xf16> loc("mlp.up.weight"),
                 %down: tensor<128x64xf16> loc("mlp.down.weight"),
                 %gamma: tensor<64xf16> loc("norm.weight")) -> tensor<1x64xf16> {
  %zero = arith.constant 0.0 : f16
  %ne = tensor.empty() : tensor<1x64xf16>
  %n = linalg.generic {indexing_maps = [#x, #g, #x], iterator_types = ["parallel", "parallel"]}
       ins(%x, %gamma : tensor<1x64xf16>, tensor<64xf16>) outs(%ne : tensor<1x64xf16>) {
  ^bb0(%a: f16, %g: f16, %o: f16):
    %m = arith.mulf %a, %g : f16
    linalg.yield %m : f16
  } -> tensor<1x64xf16>
  %he = tensor.empty() : tensor<1x128xf16>
  %h0 = linalg.fill ins(%zero : f16) outs(%he : tensor<1x128xf16>) -> tensor<1x128xf16>
  %h = linalg.matmul ins(%n, %up : tensor<1x64xf16>, tensor<64x128xf16>) outs(%h0 : tensor<1x128xf16>) -> tensor<1x128xf16>
  %y0 = linalg.fill ins(%zero : f16) outs(%ne : tensor<1x64xf16>) -> tensor<1x64xf16>
  %y = linalg.matmul ins(%h, %down : tensor<1x128xf16>, tensor<128x64xf16>) outs(%y0 : tensor<1x64xf16>) -> tensor<1x64xf16>
  return %y : tensor<1x64xf16>
}

func.func @tie(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<64x64xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<64x64xf16>) -> tensor<64x64xf16>
  %y = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf16>) -> tensor<64x64xf16>
  return %y : tensor<64x64xf16>
}

// -----

// Tagged IR keeps its tags: u, untagged, would be inferred (static beside
// the dynamic batch, and the second matmul's stationary operand), but the
// module tags w alone: 1 value, 64*64*2 = 8192 B (8.19 KB).
// CHECK-LABEL: @tagged: predicted
// CHECK: weights tagged (mlsysim.param): 1 value, 8.19 KB
// JSON: "parameters": 4096,
// JSON: "weight_bytes": 8192,
// JSON-NEXT: "weight_source": "tagged",
// JSON-NEXT: "weight_values": 1
// JSON: "name": "tagged",
func.func @tagged(%x: tensor<?x64xf16>,
                  %w: tensor<64x64xf16> {mlsysim.param = "w"} loc("w.weight"),
                  %u: tensor<64x64xf16>) -> tensor<?x64xf16> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f16
  %b = tensor.dim %x, %c0 : tensor<?x64xf16>
  %e = tensor.empty(%b) : tensor<?x64xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<?x64xf16>) -> tensor<?x64xf16>
  %h = linalg.matmul ins(%x, %w : tensor<?x64xf16>, tensor<64x64xf16>) outs(%f : tensor<?x64xf16>) -> tensor<?x64xf16>
  %y = linalg.matmul ins(%h, %u : tensor<?x64xf16>, tensor<64x64xf16>) outs(%f : tensor<?x64xf16>) -> tensor<?x64xf16>
  return %y : tensor<?x64xf16>
}

// -----

// The toy decode step of serving.mlir without a tag: the embedding is
// inferred (the table a payload's tensor.extract indexes, and the logits'
// stationary operand), 100*16*2 = 3200 B, so the token ids are found and the
// serving view prices the step (untagged, it had none).
// CHECK-LABEL: @step: predicted
// CHECK: weights inferred: 1 value, 3.20 KB
// CHECK: serving: @step is a decode step (1 token per sequence, a KV cache of 8 positions)
// CHECK-NEXT: KV cache 32 B per token; weights 3.20 KB of 80 GB
// JSON: "weight_bytes": 3200,
// JSON: "name": "step",
// JSON: "parameter_bytes": 3200,

#id = affine_map<(b, t, d) -> (b, t, d)>
func.func @step(%emb: tensor<100x16xf16> loc("embed.weight"),
                %ids: tensor<?x1xi64>,
                %cache: tensor<?x8x16xf16>) -> tensor<?x1x100xf16> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %ids, %c0 : tensor<?x1xi64>
  %e = tensor.empty(%b) : tensor<?x1x16xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(b, t, d) -> (b, t)>, #id], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%ids : tensor<?x1xi64>) outs(%e : tensor<?x1x16xf16>) {
  ^bb0(%id: i64, %out: f16):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 2 : index
    %v = tensor.extract %emb[%row, %col] : tensor<100x16xf16>
    linalg.yield %v : f16
  } -> tensor<?x1x16xf16>
  %kv = tensor.concat dim(1) %cache, %h : (tensor<?x8x16xf16>, tensor<?x1x16xf16>) -> tensor<?x9x16xf16>
  %zero = arith.constant 0.0 : f16
  %se = tensor.empty(%b) : tensor<?x1x9xf16>
  %s0 = linalg.fill ins(%zero : f16) outs(%se : tensor<?x1x9xf16>) -> tensor<?x1x9xf16>
  %s = linalg.generic {indexing_maps = [affine_map<(b, t, p, d) -> (b, t, d)>, affine_map<(b, t, p, d) -> (b, p, d)>, affine_map<(b, t, p, d) -> (b, t, p)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
       ins(%h, %kv : tensor<?x1x16xf16>, tensor<?x9x16xf16>) outs(%s0 : tensor<?x1x9xf16>) {
  ^bb0(%x: f16, %y: f16, %acc: f16):
    %m = arith.mulf %x, %y : f16
    %a = arith.addf %acc, %m : f16
    linalg.yield %a : f16
  } -> tensor<?x1x9xf16>
  %le = tensor.empty(%b) : tensor<?x1x100xf16>
  %l0 = linalg.fill ins(%zero : f16) outs(%le : tensor<?x1x100xf16>) -> tensor<?x1x100xf16>
  %logits = linalg.generic {indexing_maps = [affine_map<(b, t, v, d) -> (b, t, d)>, affine_map<(b, t, v, d) -> (v, d)>, affine_map<(b, t, v, d) -> (b, t, v)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
       ins(%h, %emb : tensor<?x1x16xf16>, tensor<100x16xf16>) outs(%l0 : tensor<?x1x100xf16>) {
  ^bb0(%x: f16, %w: f16, %acc: f16):
    %m = arith.mulf %x, %w : f16
    %a = arith.addf %acc, %m : f16
    linalg.yield %a : f16
  } -> tensor<?x1x100xf16>
  return %logits : tensor<?x1x100xf16>
}
