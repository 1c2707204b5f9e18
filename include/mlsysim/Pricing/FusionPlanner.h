//===- FusionPlanner.h - The kernels a fusing compiler forms ----*- C++ -*-===//
//
// The roofline's most useful verdict is "this op is memory-bound because its
// input was just written by the op before it". Over the producer-consumer
// graph of tensor SSA values, the planner forms the kernels a production
// compiler (TensorRT, XLA, TorchInductor, IREE) forms from the same IR, checks
// that each is legal, and prices it as one kernel: bytes and launches saved,
// work added by recomputation, and its roofline time against the sum of its
// ops. Work that depends on weights alone (BatchNorm's rsqrt(var + eps), a
// transposed weight) is folded: computed once when the program is compiled or
// loaded, not per run. docs/fusion.md states the rules.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_FUSIONPLANNER_H
#define MLSYSIM_PRICING_FUSIONPLANNER_H

#include "mlsysim/Analysis/CostAnalysis.h"
#include "mlsysim/Pricing/Roofline.h"

namespace mlsysim {

/// Why ops run as one kernel.
enum class FusionKind {
  ElementwiseChain,   ///< Elementwise ops into elementwise ops.
  Epilogue,           ///< A contraction or convolution with what follows it.
  FillIntoConsumer,   ///< linalg.fill initializing (or feeding) its consumer.
  LayoutIntoConsumer, ///< A broadcast, transpose or copy read in place.
  Reduction,          ///< Reductions with their elementwise neighbours.
  PadIntoConsumer,    ///< tensor.pad read in place by its consumer.
};
llvm::StringRef stringifyFusionKind(FusionKind kind);

/// An op with the Elementwise trait on ranked tensors of one shape (arith
/// and math ops that frontends leave on whole tensors): every operand is read
/// at the result's index, as by a linalg.generic with identity maps.
bool isElementwiseOnTensors(mlir::Operation *op);

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

/// One op of a group and how often its work runs per group run.
struct GroupMember {
  const OpCost *cost;
  double recompute = 1.0;
  /// The part of the op's own latency this group takes over (a fill cloned
  /// into n kernels: 1/n each).
  double share = 1.0;
  /// The op priced alone at the group's multiplier, when the caller has it
  /// (the planner prices each op once, not once per candidate group).
  const RooflineEstimate *alone = nullptr;
};
struct GroupPrice {
  double before = 0.0; ///< Sum of the members' own latencies.
  /// The group as one kernel: its compute, traffic, launch and bound.
  RooflineEstimate fused;
  /// Arithmetic added by recomputation: FLOPs, integer ops and
  /// transcendentals.
  Count flopsAdded;

  double after() const { return fused.latency; }
};
/// The one price of a fused group: max(sum of the members' compute times,
/// each times its recomputation, external traffic over the bandwidth at the
/// efficiency of `opClass` kernels) plus one launch, all executions
/// `multiplier` times.
GroupPrice priceFusedGroup(llvm::ArrayRef<GroupMember> members,
                           Count externalRead, Count externalWritten,
                           Count multiplier, OpClass opClass,
                           const HardwareSpec &hardware,
                           const RooflineOptions &options);

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

/// What the planner may assume.
struct FusionOptions {
  /// Fold work that depends only on weights (arguments tagged mlsysim.param,
  /// constants): a compiler computes it once, when it compiles or loads the
  /// program. Off, every op runs every time (as an eager framework does).
  bool foldWeights = true;
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
  /// The kernel that runs each record, or -1 (free, folded, unmodeled or
  /// unpriced ops); a cloned fill maps to its first consumer's kernel.
  std::vector<int> kernelOf;
  /// The role of each record.
  std::vector<FusionRole> roleOf;
  /// Whether each record is folded (depends on weights alone).
  std::vector<bool> folded;
  /// Whether each record is a fill every consumer makes in place (cloned
  /// into each of their kernels rather than run and read back).
  std::vector<bool> cloned;
  /// Bytes of weights (parameters, constants, folded results) each record
  /// reads over all its runs: the part of its traffic a larger batch reuses.
  std::vector<Count> weightBytes;
  /// Each modeled record priced alone, as its own kernel, under compiled
  /// execution (a free one's estimate is empty).
  std::vector<RooflineEstimate> alone;

  const FusionGroup &getOpportunity(unsigned rank) const {
    return kernels[opportunities[rank]];
  }
};

FusionPlan planFusion(const CostAnalysis &analysis,
                      const HardwareSpec &hardware,
                      const RooflineOptions &options,
                      const FusionOptions &fusionOptions = {});

} // namespace mlsysim

#endif // MLSYSIM_PRICING_FUSIONPLANNER_H
