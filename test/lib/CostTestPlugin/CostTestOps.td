//===- CostTestOps.td - An out-of-tree dialect with a cost --*- tablegen -*-===//
//
// Stands for a dialect this project knows nothing about: its plugin gives its
// op a cost through CostOpInterface without a change to mlsysim.
//
//===----------------------------------------------------------------------===//

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def CostTest_Dialect : Dialect {
  let name = "costtest";
  let cppNamespace = "::costtest";
}

def CostTest_BlasGemmOp : Op<CostTest_Dialect, "blas_gemm", [Pure]> {
  let summary = "An opaque library GEMM: C = A x B";
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b);
  let results = (outs AnyRankedTensor:$c);
  let assemblyFormat =
      "$a `,` $b attr-dict `:` type($a) `,` type($b) `->` type($c)";
}

def CostTest_OpaqueOp : Op<CostTest_Dialect, "opaque", [Pure]> {
  let summary = "An op of the same dialect that its plugin gives no cost";
  let arguments = (ins AnyRankedTensor:$input);
  let results = (outs AnyRankedTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}
