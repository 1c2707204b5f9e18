//===- FusionRoles.cpp - What an op is to a fusing compiler ---------------===//

#include "mlsysim/Analysis/FusionRoles.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlsysim;

bool mlsysim::isElementwiseOnTensors(Operation *op) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1)
    return false;
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return result && llvm::all_of(op->getOperandTypes(), [&](Type type) {
           auto operand = dyn_cast<RankedTensorType>(type);
           return operand && operand.getShape() == result.getShape();
         });
}

FusionRole mlsysim::classifyForFusion(Operation *op, const OpCost &cost) {
  if (isa<linalg::FillOp>(op))
    return FusionRole::Fill;
  if (isa<tensor::PadOp>(op))
    return FusionRole::Pad;
  // A slice is read in place by its consumer; a concatenation's inputs are
  // written in place by their producers and read in place by its consumers.
  if (isa<tensor::ExtractSliceOp, tensor::ConcatOp>(op) && !cost.isFree())
    return FusionRole::Layout;
  // arith and math ops on tensors compute element by element, as a
  // linalg.generic with identity maps would.
  if (isElementwiseOnTensors(op))
    return FusionRole::Elementwise;
  // linalg.softmax is a row reduction (max and sum along one dimension)
  // with an elementwise tail, as the kernels compilers emit for it.
  if (auto softmax = dyn_cast<linalg::SoftmaxOp>(op))
    return isa<RankedTensorType>(softmax.getOutput().getType())
               ? FusionRole::Reduction
               : FusionRole::None;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureTensorSemantics())
    return FusionRole::None;
  if (cost.matrixUnit)
    return FusionRole::Matrix;
  if (isa<linalg::BroadcastOp, linalg::TransposeOp, linalg::CopyOp>(op))
    return FusionRole::Layout;
  if (linalgOp.getNumReductionLoops() != 0)
    return FusionRole::Reduction;
  // An all-parallel op whose body only forwards an input moves data.
  Block *body = linalgOp.getBlock();
  if (body && body->getOperations().size() == 1 &&
      llvm::all_of(body->getTerminator()->getOperands(),
                   [](Value v) { return isa<BlockArgument>(v); }))
    return FusionRole::Layout;
  return FusionRole::Elementwise;
}
