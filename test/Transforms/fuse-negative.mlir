// Where fusion must not happen, on the toy device
// (test/Hardware/Inputs/toy-device.yaml: vector f32 10 TFLOP/s, special
// functions 1e12/s, 1 TB/s, all at 50% efficiency, 1 µs per launch).

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml ops=all" -o /dev/null 2>&1 | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml ops=all" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCYCLE
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml fusion=1 format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: mlsysim-opt %s --mlsysim-fuse=hardware=%S/../Hardware/Inputs/toy-device.yaml -o %t.mlir 2>&1 | FileCheck %s --check-prefix=FUSE
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: mlsysim-opt %t.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER

// RUN: not mlsysim-opt %s --mlsysim-fuse="hardware=h100,a100" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not mlsysim-opt %s --mlsysim-fuse="hardware=no-such-gpu" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// TWO: error: mlsysim-fuse plans for one device; got 2 in hardware=h100,a100
// UNKNOWN: error: {{.*}}no-such-gpu

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#vec = affine_map<(d0) -> (d0)>

// A producer over 1000 elements, eight exps each, read by a 1000x1000
// consumer along its columns. Fused, the producer runs once per consumer
// element: 1000x its work.
//   producer: 8000 exp / 0.5e12 = 16 ns; 8 KB / 0.5 TB/s = 16 ns; + 1 µs
//             = 1.016 µs (#1)
//   consumer: 1e6 adds / 5e12 = 0.2 µs; reads 4 KB, writes 4 MB: 8.008 µs;
//             + 1 µs = 9.008 µs (#3)
//   apart 10.024 µs; fused: compute 16 µs + 0.2 µs = 16.2 µs over 8.008 µs
//   of traffic, + 1 µs = 17.2 µs: recomputation costs more than the round
//   trip and the launch it saves. No group.
func.func @expensive_recompute(%x: tensor<1000xf32>) -> tensor<1000x1000xf32> {
  %e1 = tensor.empty() : tensor<1000xf32>
  %p = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%x : tensor<1000xf32>) outs(%e1 : tensor<1000xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    %1 = math.exp %0 : f32
    %2 = math.exp %1 : f32
    %3 = math.exp %2 : f32
    %4 = math.exp %3 : f32
    %5 = math.exp %4 : f32
    %6 = math.exp %5 : f32
    %7 = math.exp %6 : f32
    linalg.yield %7 : f32
  } -> tensor<1000xf32>
  %e2 = tensor.empty() : tensor<1000x1000xf32>
  %r = linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<1000xf32>) outs(%e2 : tensor<1000x1000xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<1000x1000xf32>
  return %r : tensor<1000x1000xf32>
}
// JSON: "as_is_s": {{1\.0024(0*[0-9])?e-05|1\.00239999[0-9]*e-05}},
// JSON-NEXT: "fully_fused_s":
// JSON-NEXT: "func": "expensive_recompute",
// JSON-NEXT: "with_groups_fused_s": {{1\.0024(0*[0-9])?e-05|1\.00239999[0-9]*e-05}}

// The same with one exp: fused, compute 2 µs + 0.2 µs stays under the
// 8.008 µs of traffic: 9.008 µs against 1.016 + 9.008 = 10.024 µs apart. The
// producer's 1000 exps are redone 1000 times: 999,000 added.
func.func @cheap_recompute(%x: tensor<1000xf32>) -> tensor<1000x1000xf32> {
  %e1 = tensor.empty() : tensor<1000xf32>
  %p = linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%x : tensor<1000xf32>) outs(%e1 : tensor<1000xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  } -> tensor<1000xf32>
  %e2 = tensor.empty() : tensor<1000x1000xf32>
  %r = linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<1000xf32>) outs(%e2 : tensor<1000x1000xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<1000x1000xf32>
  return %r : tensor<1000x1000xf32>
}
// CHECK-DAG: elementwise-chain  8 KB  1  999 K{{.*}}  10.0 µs  9.01 µs  1.02 µs  10.1%  #5 linalg.generic, #7 linalg.generic; recomputed: #5 linalg.generic{{$}}

// A group that would form a cycle: #9 add feeds #10 matmul and #12 add,
// which also reads the matmul. {#9, #12} would need the matmul both after
// and before it. The matmul takes the add as its epilogue instead.
func.func @cycle(%x: tensor<256x256xf32>, %y: tensor<256x256xf32>, %w: tensor<256x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %e = tensor.empty() : tensor<256x256xf32>
  %a = linalg.add ins(%x, %y : tensor<256x256xf32>, tensor<256x256xf32>) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = linalg.matmul ins(%a, %w : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  %e3 = tensor.empty() : tensor<256x256xf32>
  %b = linalg.add ins(%a, %m : tensor<256x256xf32>, tensor<256x256xf32>) outs(%e3 : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %b : tensor<256x256xf32>
}
// CHECK-DAG: epilogue {{.*}} #10 linalg.matmul, #12 linalg.add{{$}}
// NOCYCLE-NOT: #9 linalg.add,
// CHECK-DAG: @expensive_recompute: 10.0 µs with every op its own kernel, 10.0 µs as planned
// JSON: "id": 9,
// JSON: "fusion_group": null

// mlsysim-fuse: the cheap group fused, the rest alone.
// FUSE-DAG: remark: fused group G{{[0-9]}} (elementwise-chain, 2 ops, 1 fusions): predicted 10.0 µs -> 9.01 µs
// FUSE-DAG: remark: fused group G{{[0-9]}} (epilogue, 2 ops, tiled): predicted 10.3 µs -> 7.72 µs
// IR-LABEL: func.func @expensive_recompute
// IR-COUNT-2: linalg.generic
// IR-LABEL: func.func @cheap_recompute
// IR: linalg.generic
// IR: math.exp
// IR-NEXT: arith.addf
// IR-NOT: linalg.generic
// IR-LABEL: func.func @cycle
// IR-COUNT-2: linalg.add

// AFTER: @cheap_recompute: predicted 9.01 µs
// The cycle function: 12.9 µs as is, the epilogue group predicted to save 2.56 µs.
// AFTER: @cycle: predicted 10.3 µs
