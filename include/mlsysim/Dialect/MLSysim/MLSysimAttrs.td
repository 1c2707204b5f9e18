//===- MLSysimAttrs.td - mlsysim attributes ----------------*- tablegen -*-===//

#ifndef MLSYSIM_DIALECT_MLSYSIM_MLSYSIMATTRS
#define MLSYSIM_DIALECT_MLSYSIM_MLSYSIMATTRS

include "mlsysim/Dialect/MLSysim/MLSysimDialect.td"
include "mlir/IR/AttrTypeBase.td"

def MLSysim_CostAttr : AttrDef<MLSysim_Dialect, "Cost"> {
  let mnemonic = "cost";
  let summary = "The roofline cost of one op on one device";
  let description = [{
    Attached by `mlsysim-annotate` under the name `mlsysim.cost`. Counts are
    for all executions of the op (loop trip counts included), FLOPs in the
    convention the pass was run with; times are in seconds.

    An op with dynamic sizes also carries its counts as formulas of them
    (`symbolic`, strings in the grammar of docs/report-json.md). When its
    sizes are not bound (no dynamic-dim= or batch=), it has formulas and no
    numbers: `#mlsysim.cost<symbolic = {flops = "2097152*M", ...}>`.

    ```mlir
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>)
           outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
      {mlsysim.cost = #mlsysim.cost<flops = 524288, int_ops = 0,
        transcendentals = 0, bytes_read = 32768, bytes_written = 16384,
        intensity = 10.666666666666666, latency_s = 5.02e-06,
        bound = "overhead", unit = "matrix:f16">}
    ```
  }];
  let parameters = (ins
    APFloatParameter<"FLOPs">:$flops,
    APFloatParameter<"integer ops">:$intOps,
    APFloatParameter<"transcendentals">:$transcendentals,
    APFloatParameter<"bytes read">:$bytesRead,
    APFloatParameter<"bytes written">:$bytesWritten,
    APFloatParameter<"operations per byte">:$intensity,
    APFloatParameter<"predicted latency in seconds">:$latency,
    StringRefParameter<"compute, memory, overhead or free">:$bound,
    StringRefParameter<"the unit and format that priced the arithmetic">:$unit,
    OptionalParameter<"::mlir::DictionaryAttr",
                      "the counts as formulas of the dynamic sizes">:$symbolic,
    DefaultValuedParameter<"bool", "true",
                           "whether the numbers are set (sizes bound)">:$priced
  );
  let builders = [
    AttrBuilder<(ins "double":$flops, "double":$intOps,
                     "double":$transcendentals, "double":$bytesRead,
                     "double":$bytesWritten, "double":$intensity,
                     "double":$latency, "::llvm::StringRef":$bound,
                     "::llvm::StringRef":$unit), [{
      return $_get($_ctxt, ::llvm::APFloat(flops), ::llvm::APFloat(intOps),
                   ::llvm::APFloat(transcendentals), ::llvm::APFloat(bytesRead),
                   ::llvm::APFloat(bytesWritten), ::llvm::APFloat(intensity),
                   ::llvm::APFloat(latency), bound, unit,
                   ::mlir::DictionaryAttr(), true);
    }]>,
    // Formulas only: an op whose sizes are not bound.
    AttrBuilder<(ins "::mlir::DictionaryAttr":$symbolic), [{
      ::llvm::APFloat zero(0.0);
      return $_get($_ctxt, zero, zero, zero, zero, zero, zero, zero, "", "",
                   symbolic, false);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
}

#endif // MLSYSIM_DIALECT_MLSYSIM_MLSYSIMATTRS
