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
  // Every attribute name mlsysim reads or writes on other dialects' ops, one
  // spelling each: `MLSysimDialect::RepeatAttrHelper::getNameStr()` is
  // "mlsysim.repeat".
  let discardableAttrs = (ins
    // Multiplies the cost of everything nested in the op (a model zoo
    // exporting one of N identical layers sets it to N).
    "::mlir::IntegerAttr":$repeat,
    // Makes a loop nest one kernel (mlsysim-fuse marks the loops of a tiled
    // and fused group with it).
    "::mlir::UnitAttr":$kernel,
    // On a function argument: a weight (its state-dict name); constant
    // across runs, so a compiler may fold what depends only on weights.
    "::mlir::StringAttr":$param,
    // On a function argument: a runtime input (its name).
    "::mlir::StringAttr":$input,
    // On a function argument or result of a training step: what the tensor
    // is (`weight`, `input`, `activation`, `gradient`, `optimizer_state`).
    "::mlir::StringAttr":$role,
    // On a function: the phase of a training step it is (`forward`,
    // `backward`, `optimizer`).
    "::mlir::StringAttr":$phase,
    // The #mlsysim.cost of an op (mlsysim-annotate).
    "::mlir::Attribute":$cost,
    // Why no model prices an op (mlsysim-annotate).
    "::mlir::StringAttr":$unmodeled,
    // The device an annotated module was priced on (mlsysim-annotate).
    "::mlir::StringAttr":$hardware,
    // The fusion group an op belongs to while mlsysim-fuse works.
    "::mlir::IntegerAttr":$fusion_group
  );
}

#endif // MLSYSIM_DIALECT_MLSYSIM_MLSYSIMDIALECT
