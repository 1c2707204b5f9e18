//===- CountingRules.h - Rules that serve whole op families -----*- C++ -*-===//
//
// The structured-op rule prices every linalg::LinalgOp from its interface:
// trip count = product of the loop ranges, work = trip count x the payload's
// per-iteration counts, traffic = the distinct elements each operand's indexing
// map touches. Named ops, linalg.generic and an out-of-tree op implementing
// LinalgOp all go through it. The elementwise rule prices scalar arith/math
// ops applied to whole tensors.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_INTERFACES_COUNTINGRULES_H
#define MLSYSIM_INTERFACES_COUNTINGRULES_H

#include "mlsysim/Interfaces/OpCost.h"
#include "mlsysim/Interfaces/PayloadCounting.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlsysim {

/// The loop ranges of a structured op whose indexing maps are `maps`, sizes
/// bound as the context binds them: each loop's range is the size of the
/// first operand dimension indexed by that loop alone. Fails (with the reason
/// in `why`) when a shape is dynamic and unbound or a loop's range cannot be
/// read off an operand.
mlir::FailureOr<llvm::SmallVector<int64_t>>
computeLoopRanges(mlir::linalg::LinalgOp op,
                  llvm::ArrayRef<mlir::AffineMap> maps,
                  const CostContext &context, std::string *why = nullptr);

/// The iteration space of `op` whose loops have `loopRanges`.
LoopSpace getLoopSpace(mlir::linalg::LinalgOp op,
                       llvm::ArrayRef<int64_t> loopRanges);

/// The cost of one execution of a structured op.
OpCost computeStructuredOpCost(mlir::linalg::LinalgOp op,
                               const CostContext &context);
/// The same, with the op's indexing maps already at hand (named ops rebuild
/// them on every query).
OpCost computeStructuredOpCost(mlir::linalg::LinalgOp op,
                               llvm::ArrayRef<mlir::AffineMap> maps,
                               const CostContext &context);

/// The cost of an elementwise-mappable op (arith/math on ranked tensors):
/// one application of the scalar counting rule per element.
OpCost computeElementwiseOpCost(mlir::Operation *op,
                                const CostContext &context);

/// Data movement: reads every value of `reads` and writes every value of
/// `writes` in full; unmodeled when a shape is unknown.
OpCost computeDataMovementCost(mlir::ValueRange reads, mlir::ValueRange writes,
                               const CostContext &context);

/// Adds `iterations` runs of a payload's per-iteration work to `cost`, or
/// returns the unmodeled cost naming the payload op no rule knows.
OpCost addPayloadWork(OpCost cost, const PayloadCounts &payload,
                      Count iterations);

/// One element of the tensor or memref `container`, read or written
/// (tensor.extract/insert, memref.load/store).
OpCost computeElementAccessCost(mlir::Value container, bool write,
                                const CostContext &context);

/// The reason given for ops whose shapes are dynamic and unbound.
llvm::StringRef getDynamicShapeReason();

} // namespace mlsysim

#endif // MLSYSIM_INTERFACES_COUNTINGRULES_H
