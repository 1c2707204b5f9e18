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
#include "mlsysim/Pricing/FusionPlan.h"
#include "mlsysim/Pricing/Roofline.h"

namespace mlsysim {

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

/// What the planner may assume.
struct FusionOptions {
  /// Fold work that depends only on weights (Analysis/Weights.h: tagged,
  /// named or inferred; constants): a compiler computes it once, when it
  /// compiles or loads the program. Off, every op runs every time (as an eager
  /// framework does).
  bool foldWeights = true;
  /// Plan the kernels an eager framework launches rather than a compiler's:
  /// the framework runs one library kernel (or a few) per op its program
  /// calls, so only ops of one framework op (getFrameworkOp) share a kernel,
  /// wherever that is legal (a batch norm's statistics and its normalization
  /// stay two kernels), with no price compared: the library's kernel is what
  /// it is, not a choice.
  bool byFrameworkOp = false;
  /// Plan the kernels a device's library or compiler makes that are not
  /// tiles of the ops as written, where the device's library tiles
  /// contractions: each attention as one kernel (FlashAttention), and
  /// contractions of one shared input as one (a fused QKV projection). A
  /// transformation that only tiles and fuses the ops it is given
  /// (mlsysim-fuse) plans without them.
  bool libraryKernels = true;
};

/// The framework op `op` was lowered from, as the exporter names it in the
/// op's location (`loc("aten.native_batch_norm_backward.default#12")`, a
/// name location): empty when the location names none (a file location, or
/// a fused one of several ops).
llvm::StringRef getFrameworkOp(mlir::Operation *op);

FusionPlan planFusion(const CostAnalysis &analysis,
                      const HardwareSpec &hardware,
                      const RooflineOptions &options,
                      const FusionOptions &fusionOptions = {});

} // namespace mlsysim

#endif // MLSYSIM_PRICING_FUSIONPLANNER_H
