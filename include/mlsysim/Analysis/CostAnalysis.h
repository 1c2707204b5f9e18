//===- CostAnalysis.h - Hardware-independent cost of every op ---*- C++ -*-===//
//
// Walks a module (or any op) in program order and gives every op of interest
// its OpCost: ops with tensor or memref operands or results, and every
// structured op. Loops with static trip counts multiply what they contain; a
// loop whose trip count is unknown is flagged on the ops inside it. The
// analysis never mutates IR and never emits diagnostics, so the
// AnalysisManager can cache it.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_ANALYSIS_COSTANALYSIS_H
#define MLSYSIM_ANALYSIS_COSTANALYSIS_H

#include "mlsysim/Analysis/PeakMemory.h"
#include "mlsysim/Analysis/Weights.h"
#include "mlsysim/Interfaces/DynamicSizes.h"
#include "mlsysim/Interfaces/OpCost.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <vector>

namespace mlsysim {

// Attributes read here (names owned by the dialect, MLSysimDialect.td):
// `mlsysim.repeat` multiplies the cost of everything nested in the op that
// carries it; `mlsysim.kernel` makes a loop nest one kernel (mlsysim-fuse puts
// it on the loops of a tiled-and-fused group): one record, one launch; its
// work is the ops inside times their trip counts, and its traffic every
// tensor from outside read once (the tiles of one kernel share the cache) and
// its results written once.

/// The cost of one op of interest, in its program context.
struct OpCostRecord {
  mlir::Operation *op = nullptr;
  /// One execution.
  OpCost cost;
  /// How many times it runs: the product of the static trip counts of the
  /// enclosing loops (and of `mlsysim.repeat` attributes).
  Count multiplier = Count(1);
  /// The innermost enclosing loop whose trip count is unknown, or null. Ops
  /// inside it are counted once per run of that loop and flagged.
  mlir::Operation *unknownTripCountLoop = nullptr;
  /// The enclosing function's symbol name, or empty.
  llvm::StringRef funcName;
  /// A structured op's indexing maps, one per operand (empty for other ops):
  /// named ops rebuild and re-unique them on every query, so the analysis
  /// asks once and the planner reads them here.
  llvm::SmallVector<mlir::AffineMap, 3> indexingMaps;
  /// The first record of the same signature (the same op name, attributes,
  /// types and payload: OpSignatureCache), or this record's own index. Such
  /// records share their cost and maps, and whatever else is a function of
  /// the op alone (its role in a fused kernel, which operands its payload
  /// reads, its price at the same multiplier): a consumer may take those
  /// from the first one instead of asking the op again.
  size_t representative = 0;
};

/// The cost of one op, ignoring its context: its CostOpInterface model, the
/// structured rule for a LinalgOp without one, the elementwise rule for
/// elementwise ops on tensors, otherwise unmodeled. `indexingMaps` are a
/// structured op's maps when the caller has them (else they are queried).
OpCost computeOpCost(mlir::Operation *op, const CostContext &context,
                     llvm::ArrayRef<mlir::AffineMap> indexingMaps = {});

/// What kind of work `op` does, from its structure: the class its model set,
/// else matrix-unit convolutions and contractions, depthwise convolutions and
/// pooling (window ops without a channel reduction, with and without
/// multiply-accumulates), reductions, elementwise arithmetic, and data
/// movement (no arithmetic). Unclassified for unmodeled ops. `indexingMaps`
/// as for computeOpCost.
OpClass classifyOp(mlir::Operation *op, const OpCost &cost,
                   llvm::ArrayRef<mlir::AffineMap> indexingMaps = {});

class OpSignatureCache;

/// Hardware-independent costs of every op of interest under a root op.
class CostAnalysis {
public:
  /// Default options (dynamic sizes unbound); the AnalysisManager uses this.
  explicit CostAnalysis(mlir::Operation *root);
  CostAnalysis(mlir::Operation *root, const CostOptions &options);
  CostAnalysis(CostAnalysis &&);
  ~CostAnalysis();

  /// The context the models priced with (sizes of values after binding).
  CostContext getContext() const;

  /// Records in program order.
  llvm::ArrayRef<OpCostRecord> getRecords() const { return records; }
  /// The record of `op`, or null when it is not an op of interest.
  const OpCostRecord *lookup(mlir::Operation *op) const;
  /// The memory each function needs at once, in program order.
  llvm::ArrayRef<PeakMemory> getFootprints() const { return footprints; }
  /// The weights of function `func` (Weights.h), or null when `func` is no
  /// function under the root.
  const FunctionWeights *getWeights(mlir::Operation *func) const;

private:
  /// `structural`: whether ops of each name structure the program
  /// (isContainer's interface lookups, asked once per name).
  void visitRegions(mlir::Operation *parent, Count multiplier,
                    mlir::Operation *unknownLoop, llvm::StringRef funcName,
                    const CostContext &context, OpSignatureCache &signatures,
                    llvm::DenseMap<mlir::OperationName, bool> &structural);

  CostOptions options;
  std::unique_ptr<mlir::DataLayout> dataLayout;
  std::unique_ptr<SizeResolver> resolver;
  mlir::Type precision;
  /// The values precision= re-prices by role (weights, KV cache), and at
  /// which type.
  llvm::DenseMap<mlir::Value, mlir::Type> roleTypes;
  std::vector<OpCostRecord> records;
  std::vector<PeakMemory> footprints;
  /// Each function's weights, found once for every consumer.
  llvm::DenseMap<mlir::Operation *, FunctionWeights> weights;
  llvm::DenseMap<mlir::Operation *, size_t> indexOf;
};

} // namespace mlsysim

#endif // MLSYSIM_ANALYSIS_COSTANALYSIS_H
