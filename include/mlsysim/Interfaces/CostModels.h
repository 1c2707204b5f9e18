//===- CostModels.h - Cost models attached to upstream ops ------*- C++ -*-===//

#ifndef MLSYSIM_INTERFACES_COSTMODELS_H
#define MLSYSIM_INTERFACES_COSTMODELS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlsysim {

/// The linalg ops that are not structured ops: linalg.softmax, pack/unpack
/// and the Winograd transforms (structured ops take the structured rule,
/// computeOpCost).
void registerLinalgCostModels(mlir::DialectRegistry &registry);
/// tensor data movement (pad, concat, slices, gather, scatter, ...) and the
/// free ops (reshapes, casts, empty, dim).
void registerTensorCostModels(mlir::DialectRegistry &registry);
/// memref copies, loads/stores and the free view/allocation ops; the
/// bufferization ops; tensor constants.
void registerMemoryCostModels(mlir::DialectRegistry &registry);

/// The shard dialect: collectives (priced with a system's links, see
/// Pricing/Collectives.h), free annotations and process queries.
void registerShardCostModels(mlir::DialectRegistry &registry);

/// All of the above.
void registerAllCostModels(mlir::DialectRegistry &registry);

} // namespace mlsysim

#endif // MLSYSIM_INTERFACES_COSTMODELS_H
