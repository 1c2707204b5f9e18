// Dynamic sizes: an op whose loop ranges are not all static is unmodeled
// ("dynamic shape") unless dynamic-dim=N binds every unknown size to N.
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=-" -o /dev/null --verify-diagnostics | FileCheck %s --check-prefix=UNBOUND
// RUN: mlsysim-opt %s --mlsysim-report="format=csv output=- dynamic-dim=4" -o /dev/null | FileCheck %s --check-prefix=BOUND

// Unbound: listed, with its reason and no numbers (never a zero).
// UNBOUND-LABEL: id,op,func
// UNBOUND: 0,linalg.matmul,dyn,{{[^,]*}},false,dynamic shape (bind dynamic sizes with the option dynamic-dim=N),1,false,,,,,,,,,,,,,,,,
// UNBOUND: 1,tensor.empty,dyn,{{[^,]*}},true,
// UNBOUND: 2,linalg.add,dyn,{{[^,]*}},false,dynamic shape

// Bound to 4: M = 4, N = 32, K = 128 (f16 in, f32 out)
// flops = 2*4*32*128 = 32768; read = 4*128*2 + 128*32*2 + 4*32*4 = 1024 + 8192 + 512 = 9728; write 512
// The add on ?x32 f32 with ? = 4: 128 FLOPs, read 1024, write 512.
// BOUND-LABEL: id,op,func
// BOUND: 0,linalg.matmul,dyn,{{[^,]*}},true,,1,false,32768,0,0,9728,512,
// BOUND: 1,tensor.empty,dyn,{{[^,]*}},true,
// BOUND: 2,linalg.add,dyn,{{[^,]*}},true,,1,false,128,0,0,1024,512,
func.func @dyn(%a: tensor<?x128xf16>, %b: tensor<128x32xf16>, %c: tensor<?x32xf32>, %n: index) -> tensor<?x32xf32> {
  // expected-warning @below {{dynamic shape (bind dynamic sizes with the option dynamic-dim=N); listed as unmodeled (2 'linalg.matmul' ops)}}
  %0 = linalg.matmul ins(%a, %b : tensor<?x128xf16>, tensor<128x32xf16>) outs(%c : tensor<?x32xf32>) -> tensor<?x32xf32>
  %e = tensor.empty(%n) : tensor<?x32xf32>
  // expected-warning @below {{dynamic shape (bind dynamic sizes with the option dynamic-dim=N); listed as unmodeled}}
  %1 = linalg.add ins(%0, %0 : tensor<?x32xf32>, tensor<?x32xf32>) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<?x128xf16>, tensor<128x32xf16>) outs(%1 : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %2 : tensor<?x32xf32>
}

