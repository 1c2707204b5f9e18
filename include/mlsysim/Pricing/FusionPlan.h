//===- FusionPlan.h - The kernels a fusing compiler forms -------*- C++ -*-===//
//
// The data of the compiled plan: its kernels (groups of ops fused, or single
// ops), each priced as one kernel, the fusion opportunities among them, and
// each function's bounds. The planner (FusionPlanner.h) makes it; views read
// it. docs/fusion.md states the rules.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_FUSIONPLAN_H
#define MLSYSIM_PRICING_FUSIONPLAN_H

#include "mlsysim/Analysis/FusionRoles.h"
#include "mlsysim/Pricing/Estimate.h"
#include "mlsysim/Support/Count.h"
#include "mlsysim/Support/OpClass.h"

#include <vector>

namespace mlsysim {

/// Why ops run as one kernel.
enum class FusionKind {
  ElementwiseChain,   ///< Elementwise ops into elementwise ops.
  Epilogue,           ///< A contraction or convolution with what follows it.
  FillIntoConsumer,   ///< linalg.fill initializing (or feeding) its consumer.
  LayoutIntoConsumer, ///< A broadcast, transpose or copy read in place.
  Reduction,          ///< Reductions with their elementwise neighbours.
  PadIntoConsumer,    ///< tensor.pad read in place by its consumer.
  Attention, ///< Two contractions and the softmax between (FlashAttention).
  Siblings,  ///< Contractions of one shared input as one (a fused QKV).
};
inline constexpr EnumName<FusionKind> kFusionKindNames[] = {
    {FusionKind::ElementwiseChain, "elementwise-chain", ""},
    {FusionKind::Epilogue, "epilogue", ""},
    {FusionKind::FillIntoConsumer, "fill-into-consumer", ""},
    {FusionKind::LayoutIntoConsumer, "layout-into-consumer", ""},
    {FusionKind::Reduction, "reduction", ""},
    {FusionKind::PadIntoConsumer, "pad-into-consumer", ""},
    {FusionKind::Attention, "attention", ""},
    {FusionKind::Siblings, "siblings", ""},
};
inline llvm::StringRef stringifyFusionKind(FusionKind kind) {
  return stringifyEnum(kFusionKindNames, kind);
}

/// One kernel of the plan: a group of ops fused, or a single op, priced.
struct FusionGroup {
  /// Why its ops run together; none for a single op.
  std::optional<FusionKind> kind;
  /// The class of its heaviest op (a matrix op, else a reduction, ...).
  OpClass opClass = OpClass::Elementwise;
  std::string func;
  /// Records (CostAnalysis order, = report op ids), in program order. A
  /// fill made in place by several consumers appears in each of their
  /// kernels.
  std::vector<unsigned> ops;
  /// Intermediates whose write is still paid (users outside the group) and
  /// those recomputed by their outside users instead, by producing op.
  std::vector<unsigned> kept, recomputed;
  /// Bytes the group reads and writes as one kernel.
  Count bytesRead, bytesWritten;
  Count bytesSaved;
  unsigned launchesSaved = 0;
  Count flopsAdded;
  /// The members apart, each its own kernel; the group as one kernel.
  double latencyBefore = 0.0;
  RooflineEstimate fused;
  /// Share of the function's predicted time (ops as written) the group
  /// saves.
  double share = 0.0;

  double getSaving() const { return latencyBefore - fused.latency; }
};

/// Each function as it is, with every group of the plan fused, and entirely
/// fused (one kernel: only arguments read and results written).
struct FusionBound {
  std::string func;
  /// Ops as written, each its own kernel; the planned kernels; one kernel.
  double asIs = 0.0, planned = 0.0, fullyFused = 0.0;
};

/// What the plan says of one record.
struct PlannedOp {
  /// The kernel that runs it, or -1 (free, folded, unmodeled or unpriced
  /// ops); a cloned fill maps to its first consumer's kernel.
  int kernel = -1;
  FusionRole role = FusionRole::None;
  /// Depends on weights alone: computed once, not per run.
  bool folded = false;
  /// A fill every consumer makes in place (cloned into each of their kernels
  /// rather than run and read back).
  bool cloned = false;
  /// Bytes of weights (parameters, constants, folded results) it reads over
  /// all its runs: the part of its traffic a larger batch reuses.
  Count weightBytes;
  /// Priced alone, as its own kernel, under compiled execution (empty when
  /// free).
  RooflineEstimate alone;
};

/// The kernels of a cost analysis on one device.
struct FusionPlan {
  /// Every kernel that runs, in program order of its first op that is not a
  /// cloned fill.
  std::vector<FusionGroup> kernels;
  /// The kernels that fuse two ops or more, by index, ranked by time saved:
  /// the fusion opportunities.
  std::vector<unsigned> opportunities;
  std::vector<FusionBound> bounds;
  /// What the plan says of each record (CostAnalysis order).
  std::vector<PlannedOp> records;
  /// How many records are folded, and how many fills are made in place.
  unsigned numFolded = 0, numCloned = 0;

  const FusionGroup &getOpportunity(unsigned rank) const {
    return kernels[opportunities[rank]];
  }
};

} // namespace mlsysim

#endif // MLSYSIM_PRICING_FUSIONPLAN_H
