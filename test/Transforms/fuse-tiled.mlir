// A contraction with its fill and its epilogue (bias + ReLU), fused by tiling on the
// toy device (test/Hardware/Inputs/toy-device.yaml: matrix bf16 100 TFLOP/s, vector
// f32 10 TFLOP/s, 1 TB/s, all at 50%, 1 µs per launch).
//   fill:    writes 512x512 f32 = 1,048,576 B: 2.097 µs + 1 = 3.10 µs
//   matmul:  2 x 512^3 = 268,435,456 FLOP / 50e12 = 5.369 µs; reads A, B (bf16,
//            524,288 B each) and the init (1,048,576), writes 1,048,576:
//            3,145,728 B = 6.291 µs; + 1 = 7.29 µs
//   epilogue: add + max on 262,144 elements = 524,288 FLOP / 5e12 = 0.105 µs;
//            reads C and the bias (2,048 B), writes C: 2,099,200 B = 4.198 µs;
//            + 1 = 5.20 µs
//   apart: 15.6 µs. Fused: A, B, bias read (1,050,624 B), C written once:
//   2,099,200 B = 4.198 µs; compute 5.369 + 0.105 = 5.474 µs; + 1 = 6.47 µs.
//   Bytes saved: the fill's write, the matmul's read of it and its own write, the
//   epilogue's read of that: 4 x 1,048,576 = 4.19 MB; launches saved: 2.
// mlsysim-fuse tiles the epilogue by 128x128 and pulls the matmul and the fill into
// its loops (scf::tileConsumerAndFuseProducersUsingSCF); the loop nest is one kernel
// (mlsysim.kernel): its work is the tiles' work times 16 iterations, its traffic each
// outside tensor once. It prices all its arithmetic at the heaviest op's peak
// (matrix bf16): 268,959,744 FLOP / 50e12 = 5.379 µs; + 1 = 6.38 µs, 1.5% under the
// plan's 6.47 µs (which prices the epilogue on the vector unit).

// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=json output=-" -o /dev/null | %fields --section fusion | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-fuse=hardware=%S/../Hardware/Inputs/toy-device.yaml -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: mlsysim-opt %t.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=json output=-" -o /dev/null | %fields --section totals | FileCheck %s --check-prefix=AFTER

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @dense_relu(%a: tensor<512x512xbf16>, %b: tensor<512x512xbf16>, %bias: tensor<512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %m = linalg.matmul ins(%a, %b : tensor<512x512xbf16>, tensor<512x512xbf16>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  %o = tensor.empty() : tensor<512x512xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<512x512xf32>, tensor<512xf32>) outs(%o : tensor<512x512xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %relu = arith.maximumf %s, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}
// CHECK: fusion: bytes_saved=4194304; class=matmul; flops_added=0; func=dense_relu; group=0; kept=[]; kernel=0; kind=epilogue; latency_after_s=6.47356672e-06; latency_before_s=1.5587008e-05; launches_saved=2; ops=[1,2,4]; recomputed=[]; saving_s=9.11344128e-06; share=0.5846818889167184;

// REMARK: remark: fused group G0 (epilogue, 3 ops, tiled): predicted 15.6 µs -> 6.47 µs

// IR: scf.for %{{.*}} = %c0 to %c512 step %c128
// IR: scf.for %{{.*}} = %c0{{.*}} to %c512{{.*}} step %c128
// IR: linalg.fill ins(%cst : f32) outs(%{{.*}} : tensor<128x128xf32>)
// IR: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<128x512xbf16>, tensor<512x128xbf16>) outs(%{{.*}} : tensor<128x128xf32>)
// IR: linalg.generic
// IR: {mlsysim.kernel}
// IR-NOT: linalg.

// AFTER: totals: {{.*}} bytes_read=1050624; bytes_written=1048576;{{.*}} flops=268959744;{{.*}} latency_by_execution.compiled.kernels=1; latency_by_execution.compiled.latency_s=6.37919488e-06;{{.*}} unmodeled_count=0;
