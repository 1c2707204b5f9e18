//===- MLSysimDialect.td - The mlsysim dialect -------------*- tablegen -*-===//

#ifndef MLSYSIM_DIALECT_MLSYSIM_MLSYSIMDIALECT
#define MLSYSIM_DIALECT_MLSYSIM_MLSYSIMDIALECT

include "mlir/IR/OpBase.td"

def MLSysim_Dialect : Dialect {
  let name = "mlsysim";
  let cppNamespace = "::mlsysim";
  let summary = "Attributes that carry roofline costs in the IR";
  let description = [{
    The `mlsysim` dialect holds no ops: it defines the attributes that the
    `mlsysim-annotate` pass attaches to ops (`#mlsysim.cost<...>`) so that
    costs travel with the IR, round-trip through the printer and parser, and
    can be read by later passes.
  }];
  let useDefaultAttributePrinterParser = 1;
}

#endif // MLSYSIM_DIALECT_MLSYSIM_MLSYSIMDIALECT
