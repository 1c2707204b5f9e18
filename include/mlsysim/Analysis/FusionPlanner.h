//===- FusionPlanner.h - Priced fusion opportunities ------------*- C++ -*-===//
//
// The roofline's most useful verdict is "this op is memory-bound because its
// input was just written by the op before it". Over the producer-consumer
// graph of tensor SSA values, this finds the groups fusion would form, checks
// that they are legal, and prices them on a device: bytes and launches saved,
// FLOPs added by recomputation, and the fused group's roofline time against
// the sum of its ops. docs/cost-model.md states the rules.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_ANALYSIS_FUSIONPLANNER_H
#define MLSYSIM_ANALYSIS_FUSIONPLANNER_H

#include "mlsysim/Analysis/CostAnalysis.h"
#include "mlsysim/Analysis/Roofline.h"

namespace mlsysim {

/// Why two ops can run as one kernel.
enum class FusionKind {
  ElementwiseChain,    ///< Elementwise into elementwise.
  Epilogue,            ///< A contraction or convolution into elementwise.
  FillIntoContraction, ///< linalg.fill initializing a contraction.
  LayoutIntoConsumer,  ///< A broadcast or transpose folded into its user.
  ReductionNeighbour,  ///< A reduction with its elementwise neighbours.
  PadIntoConvolution,  ///< tensor.pad into the convolution it feeds.
};
llvm::StringRef stringifyFusionKind(FusionKind kind);

/// What an op is to fusion.
enum class FusionRole {
  None,
  Fill,
  Pad,
  Matrix,
  Layout,
  Reduction,
  Elementwise
};
FusionRole classifyForFusion(mlir::Operation *op, const OpCost &cost);

/// A producer-consumer edge fusion can remove.
struct FusionEdge {
  FusionKind kind = FusionKind::ElementwiseChain;
  /// How many times the producer's work runs per run in the fused kernel
  /// (an elementwise producer fused into a consumer with a larger iteration
  /// space is recomputed per consumer iteration).
  double recompute = 1.0;
};
/// The edge from `result` (of an op of role `producer`) to `use` (an
/// operand of a linalg consumer; `result` itself, or a reshape of it) as a
/// fusion kind, or std::nullopt when linalg's rules do not let it fuse.
std::optional<FusionEdge> classifyFusionEdge(mlir::OpOperand &use,
                                             mlir::OpResult result,
                                             FusionRole producer,
                                             FusionRole consumer);

/// One op of a group and how often its work runs per group run.
struct GroupMember {
  const OpCost *cost;
  double recompute = 1.0;
};
struct GroupPrice {
  double before = 0.0; ///< Sum of the members' own latencies.
  double after = 0.0;  ///< The group as one kernel.
  /// Arithmetic added by recomputation: FLOPs, integer ops and
  /// transcendentals.
  Count flopsAdded;
};
/// The one price of a fused group: max(sum of the members' compute times,
/// each times its recomputation, external traffic over the bandwidth) plus
/// one launch, all executions `multiplier` times.
GroupPrice priceFusedGroup(llvm::ArrayRef<GroupMember> members,
                           Count externalRead, Count externalWritten,
                           Count multiplier, const HardwareSpec &hardware,
                           const RooflineOptions &options);

/// One group of ops that would run as one kernel, priced.
struct FusionGroup {
  FusionKind kind = FusionKind::ElementwiseChain;
  std::string func;
  /// Records (CostAnalysis order, = report op ids), in program order.
  std::vector<unsigned> ops;
  /// Intermediates whose write is still paid (users outside the group) and
  /// those recomputed by their outside users instead, by producing op.
  std::vector<unsigned> kept, recomputed;
  Count bytesSaved;
  unsigned launchesSaved = 0;
  Count flopsAdded;
  double latencyBefore = 0.0, latencyAfter = 0.0;
  /// Share of the function's predicted time the group saves.
  double share = 0.0;

  double getSaving() const { return latencyBefore - latencyAfter; }
};

/// Each function as it is and with every legal group fused at once, and
/// entirely fused (one kernel: only arguments read and results written).
struct FusionBound {
  std::string func;
  /// As written; with every group of the plan fused; as one kernel.
  double asIs = 0.0, planned = 0.0, fullyFused = 0.0;
};

/// Fusion opportunities of a cost analysis on one device.
struct FusionPlan {
  /// Ranked by time saved.
  std::vector<FusionGroup> groups;
  std::vector<FusionBound> bounds;
  /// The group of each record, or -1.
  std::vector<int> groupOf;
};

FusionPlan planFusion(const CostAnalysis &analysis,
                      const HardwareSpec &hardware,
                      const RooflineOptions &options);

} // namespace mlsysim

#endif // MLSYSIM_ANALYSIS_FUSIONPLANNER_H
