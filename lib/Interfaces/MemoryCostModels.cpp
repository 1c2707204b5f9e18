//===- MemoryCostModels.cpp - memref, bufferization and constants ---------===//
//
// After bufferization the same programs hold memrefs: copies move bytes,
// allocations and views move none. Tensor constants are free (their bytes are
// read by the ops that use them).
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Interfaces/CostModels.h"

#include "ModelTemplates.h"
#include "mlsysim/Interfaces/CountingRules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

// The costs models::ForwardingCostModel forwards to (ModelTemplates.h): in
// namespace mlsysim, where argument-dependent lookup finds them.
namespace mlsysim {
static OpCost costOf(memref::CopyOp op, const CostContext &context) {
  return computeDataMovementCost(op.getSource(), op.getSource(), context);
}
static OpCost costOf(memref::LoadOp op, const CostContext &context) {
  return computeElementAccessCost(op.getMemRef(), /*write=*/false, context);
}
static OpCost costOf(memref::StoreOp op, const CostContext &context) {
  return computeElementAccessCost(op.getMemRef(), /*write=*/true, context);
}
static OpCost costOf(bufferization::MaterializeInDestinationOp op,
                     const CostContext &context) {
  return computeDataMovementCost(op.getSource(), op.getSource(), context);
}
static OpCost costOf(bufferization::CloneOp op, const CostContext &context) {
  return computeDataMovementCost(op.getInput(), op.getResult(), context);
}
// An allocation is free unless it copies a tensor into the new buffer.
static OpCost costOf(bufferization::AllocTensorOp op,
                     const CostContext &context) {
  if (!op.getCopy())
    return OpCost::free();
  return computeDataMovementCost(op.getCopy(), op.getResult(), context);
}

} // namespace mlsysim

void mlsysim::registerMemoryCostModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, memref::MemRefDialect *) {
    models::attachModels<models::FreeCostModel, memref::AllocOp,
                         memref::AllocaOp, memref::DeallocOp, memref::SubViewOp,
                         memref::ViewOp, memref::CastOp,
                         memref::ReinterpretCastOp, memref::ExpandShapeOp,
                         memref::CollapseShapeOp, memref::ReshapeOp,
                         memref::GetGlobalOp, memref::DimOp, memref::RankOp,
                         memref::TransposeOp, memref::ExtractStridedMetadataOp,
                         memref::AssumeAlignmentOp, memref::MemorySpaceCastOp>(
        ctx);
    models::attachModels<models::ForwardingCostModel, memref::CopyOp,
                         memref::LoadOp, memref::StoreOp>(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx,
                            bufferization::BufferizationDialect *) {
    models::attachModels<models::FreeCostModel, bufferization::ToTensorOp,
                         bufferization::ToBufferOp,
                         bufferization::DeallocTensorOp,
                         bufferization::DeallocOp>(ctx);
    models::attachModels<models::ForwardingCostModel,
                         bufferization::MaterializeInDestinationOp,
                         bufferization::CloneOp, bufferization::AllocTensorOp>(
        ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    arith::ConstantOp::attachInterface<
        models::FreeCostModel<arith::ConstantOp>>(*ctx);
  });
}

void mlsysim::registerAllCostModels(DialectRegistry &registry) {
  registerLinalgCostModels(registry);
  registerTensorCostModels(registry);
  registerMemoryCostModels(registry);
  registerShardCostModels(registry);
}
