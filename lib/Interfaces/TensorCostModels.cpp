//===- TensorCostModels.cpp - Cost models for the tensor dialect ----------===//
//
// Ops that materialize data move their bytes; reshapes of contiguous data,
// casts, `empty` and shape queries move none and are modeled as free (listed,
// never skipped).
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Interfaces/CostModels.h"

#include "ModelTemplates.h"
#include "mlsysim/Interfaces/CountingRules.h"
#include "mlsysim/Interfaces/PayloadCounting.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlsysim;
using namespace mlir;

// The costs models::ForwardingCostModel forwards to (ModelTemplates.h).
namespace mlsysim {
// Copies: read the source, write the result.
static OpCost costOf(tensor::PadOp op, const CostContext &context) {
  return computeDataMovementCost(op.getSource(), op.getResult(), context);
}
static OpCost costOf(tensor::ConcatOp op, const CostContext &context) {
  return computeDataMovementCost(op.getInputs(), op.getResult(), context);
}
static OpCost costOf(tensor::ExtractSliceOp op, const CostContext &context) {
  return computeDataMovementCost(op.getResult(), op.getResult(), context);
}
// In-place updates: only the inserted elements are read and written.
static OpCost costOf(tensor::InsertSliceOp op, const CostContext &context) {
  return computeDataMovementCost(op.getSource(), op.getSource(), context);
}
static OpCost costOf(tensor::ParallelInsertSliceOp op,
                     const CostContext &context) {
  return computeDataMovementCost(op.getSource(), op.getSource(), context);
}
// Gather reads its indices and one source slice per result element;
// scatter reads its source and indices and writes the source's elements.
static OpCost costOf(tensor::GatherOp op, const CostContext &context) {
  return computeDataMovementCost(ValueRange{op.getIndices(), op.getResult()},
                                 op.getResult(), context);
}
static OpCost costOf(tensor::ScatterOp op, const CostContext &context) {
  return computeDataMovementCost(ValueRange{op.getSource(), op.getIndices()},
                                 op.getSource(), context);
}
// Materializations from scalars: write the result.
static OpCost costOf(tensor::SplatOp op, const CostContext &context) {
  return computeDataMovementCost({}, op.getResult(), context);
}
static OpCost costOf(tensor::FromElementsOp op, const CostContext &context) {
  // One operand per element: a handful of scalars (a shape, an index
  // vector) stored by the code that computed them, not a kernel.
  OpCost cost = computeDataMovementCost({}, op.getResult(), context);
  cost.launchesKernel = false;
  return cost;
}
// generate: its body runs once per element.
static OpCost costOf(tensor::GenerateOp op, const CostContext &context) {
  OpCost cost = computeDataMovementCost({}, op.getResult(), context);
  if (!cost.modeled)
    return cost;
  PayloadCounts payload = countPayload(op.getBody().front());
  cost = addPayloadWork(cost, payload, *context.numElements(op.getResult()));
  if (cost.modeled && payload.computeType)
    cost.elementType = getElementTypeOrSelf(payload.computeType);
  return cost;
}
// Single elements.
static OpCost costOf(tensor::ExtractOp op, const CostContext &context) {
  return computeElementAccessCost(op.getTensor(), /*write=*/false, context);
}
static OpCost costOf(tensor::InsertOp op, const CostContext &context) {
  return computeElementAccessCost(op.getDest(), /*write=*/true, context);
}

} // namespace mlsysim

void mlsysim::registerTensorCostModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *) {
    models::attachModels<models::FreeCostModel, tensor::EmptyOp, tensor::CastOp,
                         tensor::BitcastOp, tensor::ExpandShapeOp,
                         tensor::CollapseShapeOp, tensor::ReshapeOp,
                         tensor::DimOp, tensor::RankOp>(ctx);
    models::attachModels<models::ForwardingCostModel, tensor::PadOp,
                         tensor::ConcatOp, tensor::ExtractSliceOp,
                         tensor::InsertSliceOp, tensor::ParallelInsertSliceOp,
                         tensor::GatherOp, tensor::ScatterOp, tensor::SplatOp,
                         tensor::FromElementsOp, tensor::GenerateOp,
                         tensor::ExtractOp, tensor::InsertOp>(ctx);
  });
}
