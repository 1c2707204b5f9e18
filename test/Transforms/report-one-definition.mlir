// Each figure of the summary has one definition, whatever the execution
// model: "each op at peak" is the ops as written, each its own kernel at the
// roofline (it used to be the kernels that run, so it changed with
// execution=); the fusion line's counts are the summary's eager and
// compiled kernel counts; the work line's traffic names what it counts.
// RUN: (mlsysim-opt %s --mlsysim-report="execution=compiled" -o /dev/null; mlsysim-opt %s --mlsysim-report="execution=eager" -o /dev/null) 2>&1 | FileCheck %s

// Four ops that launch (fill, matmul, add, max) in one compiled kernel (the
// fill made in place, the epilogue fused): 4 eager kernels, 1 compiled.
// CHECK: @f: predicted {{.*}}, compiled (1 kernel as a fusing compiler forms them)
// CHECK-NEXT: eager {{.*}} (4 kernels) · graph {{.*}} (4 kernels) · compiled {{.*}} (1 kernel) · fully fused {{.*}} · each op at peak [[PEAK:[0-9.]+ [^ ]*s]]
// CHECK: written by the compiled kernels;
// CHECK: fusion: 4 kernels as the ops are written run as 1 kernel
// CHECK: @f: predicted {{.*}}, eager (4 kernels)
// CHECK-NEXT: eager {{.*}} · each op at peak [[PEAK]]
// CHECK: written by the eager kernels;
// CHECK: fusion: 4 kernels as the ops are written run as 1 kernel
func.func @f(%a: tensor<512x512xf16>, %b: tensor<512x512xf16>, %bias: tensor<512x512xf16>) -> tensor<512x512xf16> {
  %e = tensor.empty() : tensor<512x512xf16>
  %cst = arith.constant 0.0 : f16
  %z = linalg.fill ins(%cst : f16) outs(%e : tensor<512x512xf16>) -> tensor<512x512xf16>
  %m = linalg.matmul ins(%a, %b : tensor<512x512xf16>, tensor<512x512xf16>) outs(%z : tensor<512x512xf16>) -> tensor<512x512xf16>
  %s = linalg.add ins(%m, %bias : tensor<512x512xf16>, tensor<512x512xf16>) outs(%e : tensor<512x512xf16>) -> tensor<512x512xf16>
  %r = linalg.max ins(%s, %z : tensor<512x512xf16>, tensor<512x512xf16>) outs(%e : tensor<512x512xf16>) -> tensor<512x512xf16>
  return %r : tensor<512x512xf16>
}
