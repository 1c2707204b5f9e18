//===- ShardCostModels.cpp - Cost models for the shard dialect ------------===//
//
// A collective is priced in two parts. Its counts here are the device's own:
// it reads its buffer and writes its result, and a reduction adds the other
// devices' shares (each device reduces 1/p of the data p - 1 times, as ring
// and tree algorithms do). What crosses the links is described by a
// `Collective` (the buffer the algorithm is written for, and the devices of
// the grid taking part), which the roofline prices with the system's
// topology (Pricing/Collectives.h). Annotations (grids, shardings,
// shard.shard) and process queries are free.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Interfaces/CostModels.h"

#include "ModelTemplates.h"
#include "mlsysim/Interfaces/CountingRules.h"

#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlsysim;
using namespace mlir;

/// The cost of collective `op` of `kind` on the grid it names: reads
/// `input`, writes `result`, and moves `message` across the devices along
/// its grid axes. `reduces` when the collective combines the buffers.
template <typename OpTy>
static OpCost collectiveCost(OpTy op, CollectiveKind kind, Value message,
                             bool reduces, const CostContext &context) {
  auto grid = SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(
      op.getOperation(), op.getGridAttr());
  if (!grid)
    return OpCost::unmodeled("names no shard.grid in scope");
  Collective collective;
  collective.kind = kind;
  llvm::append_range(collective.gridShape, grid.getShape());
  for (int16_t axis : op.getGridAxes()) {
    if (axis < 0 || axis >= static_cast<int64_t>(collective.gridShape.size()))
      return OpCost::unmodeled("names a grid axis the grid does not have");
    if (ShapedType::isDynamic(collective.gridShape[axis]))
      return OpCost::unmodeled(
          ("grid '" + grid.getSymName() + "' has a dynamic size along axis " +
           Twine(axis) + ": the number of devices is unknown")
              .str());
    collective.gridAxes.push_back(axis);
  }
  OpCost cost = computeDataMovementCost(op.getInput(), op.getResult(), context);
  std::optional<Count> bytes = context.bytesOf(message);
  if (!cost.modeled || !bytes)
    return cost.modeled ? OpCost::unmodeled("its message has no size") : cost;
  collective.bytes = *bytes;
  int64_t devices = collective.getGroupSize();
  if (reduces && devices > 1) {
    std::optional<Count> elements = context.numElements(op.getInput());
    Type elementType = getElementTypeOrSelf(op.getInput().getType());
    if (!elements)
      return OpCost::unmodeled("its buffer has no size");
    // Each device reduces its 1/p of the buffer with the p - 1 others'.
    Count adds =
        elements->isExact()
            ? Count(elements->getExact() / devices * (devices - 1))
            : Count::fromDouble(elements->toDouble() * (devices - 1) / devices);
    if (isa<FloatType>(elementType))
      cost.flops = adds;
    else
      cost.intOps = adds;
    cost.elementType = elementType;
  }
  cost.opClass = OpClass::Collective;
  cost.collective = std::move(collective);
  return cost;
}

// The costs models::ForwardingCostModel forwards to (ModelTemplates.h).
namespace mlsysim {
static OpCost costOf(shard::AllReduceOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::AllReduce, op.getInput(),
                        /*reduces=*/true, context);
}
static OpCost costOf(shard::AllGatherOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::AllGather, op.getResult(),
                        /*reduces=*/false, context);
}
static OpCost costOf(shard::ReduceScatterOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::ReduceScatter, op.getInput(),
                        /*reduces=*/true, context);
}
static OpCost costOf(shard::AllToAllOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::AllToAll, op.getInput(),
                        /*reduces=*/false, context);
}
static OpCost costOf(shard::BroadcastOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::Broadcast, op.getInput(),
                        /*reduces=*/false, context);
}
static OpCost costOf(shard::GatherOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::Gather, op.getResult(),
                        /*reduces=*/false, context);
}
static OpCost costOf(shard::ScatterOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::Scatter, op.getInput(),
                        /*reduces=*/false, context);
}
static OpCost costOf(shard::ReduceOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::Reduce, op.getInput(),
                        /*reduces=*/true, context);
}
static OpCost costOf(shard::SendOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::PointToPoint, op.getInput(),
                        /*reduces=*/false, context);
}
static OpCost costOf(shard::RecvOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::PointToPoint, op.getResult(),
                        /*reduces=*/false, context);
}
static OpCost costOf(shard::ShiftOp op, const CostContext &context) {
  return collectiveCost(op, CollectiveKind::PointToPoint, op.getInput(),
                        /*reduces=*/false, context);
}
// Each device keeps its own slice: a local copy, no communication.
static OpCost costOf(shard::AllSliceOp op, const CostContext &context) {
  return computeDataMovementCost(op.getResult(), op.getResult(), context);
}

} // namespace mlsysim

void mlsysim::registerShardCostModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, shard::ShardDialect *) {
    models::attachModels<
        models::FreeCostModel, shard::GridOp, shard::GridShapeOp,
        shard::ShardingOp, shard::GetShardingOp, shard::ShardShapeOp,
        shard::ShardOp, shard::ProcessMultiIndexOp, shard::ProcessLinearIndexOp,
        shard::NeighborsLinearIndicesOp>(ctx);
    models::attachModels<models::ForwardingCostModel, shard::AllReduceOp,
                         shard::AllGatherOp, shard::ReduceScatterOp,
                         shard::AllToAllOp, shard::BroadcastOp, shard::GatherOp,
                         shard::ScatterOp, shard::ReduceOp, shard::SendOp,
                         shard::RecvOp, shard::ShiftOp, shard::AllSliceOp>(ctx);
  });
}
