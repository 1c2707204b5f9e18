//===- CostOpInterface.td - Per-op cost models -------------*- tablegen -*-===//
//
// The extension point of the cost model: an op (or an external model attached
// to an upstream op, or a dialect plugin's model for an out-of-tree op) says
// what one execution costs. The analysis asks this interface first.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_INTERFACES_COSTOPINTERFACE
#define MLSYSIM_INTERFACES_COSTOPINTERFACE

include "mlir/IR/OpBase.td"

def CostOpInterface : OpInterface<"CostOpInterface"> {
  let cppNamespace = "::mlsysim";
  let description = [{
    Gives the hardware-independent cost of one execution of the op: FLOPs
    (a multiply-accumulate counted as 2, with the multiply-accumulates also
    recorded), integer ops, transcendentals, bytes read and written, the element
    type that prices the arithmetic and whether it runs on the matrix unit.

    Models read shapes through the `CostContext`, which binds dynamic sizes
    when the user asked for it (`dynamic-dim=N`). An op the model cannot price
    (for example a dynamic shape) returns `OpCost::unmodeled(reason)`: never a
    silent zero.

    Upstream ops get this interface as external models
    (`mlsysim::registerAllCostModels`); an out-of-tree dialect attaches its own
    from a dialect plugin.
  }];
  let methods = [
    InterfaceMethod<
      /*desc=*/"Returns the cost of one execution of this op.",
      /*retTy=*/"::mlsysim::OpCost",
      /*methodName=*/"getCost",
      /*args=*/(ins "const ::mlsysim::CostContext &":$context)>,
  ];
}

#endif // MLSYSIM_INTERFACES_COSTOPINTERFACE
