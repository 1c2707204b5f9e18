//===- ModelTemplates.h - Shared pieces of the external models --*- C++ -*-===//

#ifndef MLSYSIM_LIB_INTERFACES_MODELTEMPLATES_H
#define MLSYSIM_LIB_INTERFACES_MODELTEMPLATES_H

#include "mlsysim/Interfaces/CostOpInterface.h"

#include "mlir/IR/MLIRContext.h"

namespace mlsysim {
namespace models {

/// Ops that only reinterpret or describe data: modeled, with no cost.
template <typename OpTy>
struct FreeCostModel
    : public CostOpInterface::ExternalModel<FreeCostModel<OpTy>, OpTy> {
  OpCost getCost(mlir::Operation *, const CostContext &) const {
    return OpCost::free();
  }
};

/// Ops whose cost is a function of the op alone: `costOf(OpTy, const
/// CostContext &)`, which the file attaching the model defines in namespace
/// mlsysim, where argument-dependent lookup finds it (by the context).
template <typename OpTy>
struct ForwardingCostModel
    : public CostOpInterface::ExternalModel<ForwardingCostModel<OpTy>, OpTy> {
  OpCost getCost(mlir::Operation *op, const CostContext &context) const {
    return costOf(llvm::cast<OpTy>(op), context);
  }
};

/// Attaches `Model<Op>` to every op of `OpTys`.
template <template <typename> class Model, typename... OpTys>
void attachModels(mlir::MLIRContext *ctx) {
  (OpTys::template attachInterface<Model<OpTys>>(*ctx), ...);
}

} // namespace models
} // namespace mlsysim

#endif // MLSYSIM_LIB_INTERFACES_MODELTEMPLATES_H
