// An eager framework launches its library's kernel for each op the program
// calls, not one kernel per linalg op: when the IR names the framework op
// each op came from (a name location, as zoo/models/export_train.py writes
// loc("<aten op>#<n>")), the eager and graph models run a framework op's
// connected ops as one kernel. @named and @unnamed are the same program; only
// @named says that its exp and its halving are one framework op (a GELU
// stand-in) and the residual add another.
//
// Toy NPU (test/Hardware/Inputs/toy-device.yaml): 1e12 B/s and 1e12
// transcendentals/s, efficiency 0.5, 1 us per launch in every model. Each
// tensor<1024x1024xf32> is 4194304 B.
//   exp alone: 4194304 B read + 4194304 B written = 8388608 B / 0.5e12 B/s
//     = 16.777216 us (its 1048576 transcendentals take 2.097152 us) + 1 us
//     launch = 17.777216 us; the halving likewise 17.777216 us.
//   add alone: 2 * 4194304 B read + 4194304 B written = 12582912 B
//     = 25.165824 us + 1 us = 26.165824 us.
//   Op by op (@unnamed): 3 kernels, 17.777216 * 2 + 26.165824 = 61.720256 us.
//   By framework op (@named): exp + halving one kernel reading x and writing
//     the result, 8388608 B = 16.777216 us + 1 us = 17.777216 us; with the
//     add, 2 kernels, 43.943040 us.
//   Compiled (either): one kernel reading x once and writing once, 17.777216 us.

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=json output=-" -o /dev/null | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager format=json output=-" -o /dev/null | %fields | FileCheck %s --check-prefix=OPS
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT

// CHECK:      "name": "named"
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 1,
// CHECK-NEXT:     "latency_s": 1.7777216e-05
// CHECK-NEXT:   },
// CHECK-NEXT:   "eager": {
// CHECK-NEXT:     "kernels": 2,
// CHECK-NEXT:     "latency_s": 4.394304e-05
// CHECK-NEXT:   },
// CHECK-NEXT:   "graph": {
// CHECK-NEXT:     "kernels": 2,
// CHECK-NEXT:     "latency_s": 4.394304e-05
// CHECK:      "name": "unnamed"
// CHECK:      "latency_by_execution": {
// CHECK-NEXT:   "compiled": {
// CHECK-NEXT:     "kernels": 1,
// CHECK-NEXT:     "latency_s": 1.7777216e-05
// CHECK-NEXT:   },
// CHECK-NEXT:   "eager": {
// CHECK-NEXT:     "kernels": 3,
// CHECK-NEXT:     "latency_s": 6.1720256e-05
// CHECK-NEXT:   },
// CHECK-NEXT:   "graph": {
// CHECK-NEXT:     "kernels": 3,
// CHECK-NEXT:     "latency_s": 6.1720256e-05

// Under eager execution the framework op's ops share its kernel's time, each
// as its own latency weighs (half each: 8.388608 us), the launch on the
// last: exp 8.388608 us, halving 9.388608 us; the add keeps its own.
// OPS: op #1 linalg.generic:{{.*}} bound=memory;{{.*}} latency_s=8.388608e-06;{{.*}} t_overhead_s=0;
// OPS: op #2 linalg.generic:{{.*}} latency_s=9.388608e-06;{{.*}} t_overhead_s=1e-06;
// OPS: op #3 linalg.generic:{{.*}} latency_s=2.6165824{{0*[0-9]?}}e-05;
// OPS: op #5 linalg.generic:{{.*}} latency_s=1.7777216e-05;

// The text's story counts what the framework launches: @named's work is its
// two kernels' traffic (the GELU kernel reads x and writes its result,
// 4194304 B each; the add reads 2 * 4194304 B and writes 4194304 B): 12.6 MB
// read, 8.39 MB written, 21.0 MB moved by 2 elementwise kernels (op by op it
// would be 16.8 MB read and 12.6 MB written by 3, as @unnamed says).
// TEXT: @named: predicted 43.9 µs, eager (2 kernels)
// TEXT: work: 2.10 MFLOP + 1.05 Mtranscendentals, 12.6 MB read, 8.39 MB written by the eager kernels
// TEXT: elementwise: 2 kernels, 43.9 µs (100.0%), memory-bound; they move 21.0 MB:
// TEXT: @unnamed: predicted 61.7 µs, eager (3 kernels)
// TEXT: work: 2.10 MFLOP + 1.05 Mtranscendentals, 16.8 MB read, 12.6 MB written by the eager kernels
// TEXT: elementwise: 3 kernels, 61.7 µs (100.0%), memory-bound; they move 29.4 MB:

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func @named(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %e = tensor.empty() : tensor<1024x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<1024x1024xf32> loc("aten.gelu.default#0")
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %h = arith.constant 0.5 : f32
    %r = arith.mulf %a, %h : f32
    linalg.yield %r : f32
  } -> tensor<1024x1024xf32> loc("aten.gelu.default#0")
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%z, %x : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<1024x1024xf32> loc("aten.add.Tensor#1")
  return %s : tensor<1024x1024xf32>
}

func.func @unnamed(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %e = tensor.empty() : tensor<1024x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<1024x1024xf32>
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %h = arith.constant 0.5 : f32
    %r = arith.mulf %a, %h : f32
    linalg.yield %r : f32
  } -> tensor<1024x1024xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%z, %x : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<1024x1024xf32>
  return %s : tensor<1024x1024xf32>
}
