//===- Diagnosis.h - What limits a program, and what moves it ---*- C++ -*-===//
//
// The answer to "what limits this model, and what should I do about it?":
// the time of what runs (the compiled plan's kernels, or the ops in eager
// and graph execution) grouped by the kind of work, each group with the
// bound that limits it and a lever: what would move its time, with the
// numbers that say by how much (the batch at which a memory-bound matmul
// turns compute-bound, the time at full occupancy of the matrix unit, the
// launches a plan removes, the floor the weights set). The pricing layer
// computes it once per function and for the module; every view words the
// same numbers (Reporting/DiagnosisText.h).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_DIAGNOSIS_H
#define MLSYSIM_PRICING_DIAGNOSIS_H

#include "mlsysim/Pricing/Estimate.h"
#include "mlsysim/Support/Count.h"

#include <vector>

namespace mlsysim {

/// The kinds of work the diagnosis names.
enum class WorkKind {
  Convolutions,
  Matmuls,
  Attention,
  Normalization,
  Elementwise,
  DataMovement,
  Pooling,
  Communication,
};
inline constexpr EnumName<WorkKind> kWorkKindNames[] = {
    {WorkKind::Convolutions, "convolutions", ""},
    {WorkKind::Matmuls, "matmuls", ""},
    {WorkKind::Attention, "attention", ""},
    {WorkKind::Normalization, "normalization and reductions", ""},
    {WorkKind::Elementwise, "elementwise", ""},
    {WorkKind::DataMovement, "data movement", ""},
    {WorkKind::Pooling, "pooling", ""},
    {WorkKind::Communication, "communication between devices", ""},
};
inline llvm::StringRef describeWorkKind(WorkKind kind) {
  return stringifyEnum(kWorkKindNames, kind);
}

/// What would move the time of one kind of work.
enum class LeverKind {
  /// A fused attention kernel: `bytes` moved instead of `bytesBefore`, in
  /// `time`.
  FusedAttention,
  /// Collectives: each device sends `bytes` over the links in `seconds`.
  Communication,
  /// Launches (`seconds`) and the kernels' fixed latency (`fixedSeconds`)
  /// outweigh the work (`workSeconds`).
  Overhead,
  /// Waits on reads across rows (`seconds`); `time` without them.
  StridedReads,
  /// The matrix unit kept `utilization` busy; `time` with every core busy.
  WaveQuantization,
  /// Memory-bound on weights (`bytes` of `bytesBefore`): `factor` times the
  /// samples per run (batch `batch` -> `batchTo`) turns it compute-bound.
  BatchToComputeBound,
  /// Memory-bound on weights, already near the ridge.
  NearRidge,
  /// Memory-bound on weights and activations: at batch `batchTo` the same
  /// kinds take `time`, `factor` times the throughput.
  BatchThroughput,
  /// Compute-bound on `priced`; on the matrix unit in `fasterKind`
  /// (`fasterRate`) it takes `time` (`option` prices it).
  FasterPeak,
  /// Compute-bound on `unit` at its assumed efficiency.
  AtEfficiency,
  /// Memory-bound, moving `bytes`: `time` at half the element width of
  /// their widest floats (`option`, the precision= that halves it; empty
  /// when they move no floats).
  NarrowerData,
  /// Compute-bound on `unit`: only less work moves it.
  LessWork,
};

/// One lever: the what-if and the figures behind its wording.
struct Lever {
  LeverKind kind = LeverKind::LessWork;
  /// The predicted time of the kind of work under the what-if, when the
  /// lever has one (hasTime). With an `option`, the report prices the
  /// program again under it (settleLevers) and this is the kind's time there:
  /// the figure the option's own report prints.
  double time = 0.0;
  double bytes = 0.0, bytesBefore = 0.0;
  double seconds = 0.0, workSeconds = 0.0, fixedSeconds = 0.0;
  double utilization = 1.0, factor = 0.0;
  int64_t batch = 1, batchTo = 1;
  ComputeUnit unit = ComputeUnit::Matrix;
  std::optional<PeakChoice> priced;
  ElementKind fasterKind = ElementKind::F32;
  double fasterRate = 0.0;
  /// The option that prices the what-if (`tf32=1`, `precision=bf16`,
  /// `batch=36`), or empty when no option does.
  std::string option;
  /// The bound of the kind of work under `option`, once priced there (a
  /// batch that takes the intensity past the ridge may still leave tiles
  /// waiting on memory).
  std::optional<Bound> boundUnder;

  /// Whether the what-if has a time (`time`).
  bool hasTime() const {
    switch (kind) {
    case LeverKind::FusedAttention:
    case LeverKind::StridedReads:
    case LeverKind::WaveQuantization:
    case LeverKind::BatchThroughput:
    case LeverKind::FasterPeak:
    case LeverKind::NarrowerData:
      return true;
    case LeverKind::BatchToComputeBound:
      return !option.empty();
    case LeverKind::Communication:
    case LeverKind::Overhead:
    case LeverKind::NearRidge:
    case LeverKind::AtEfficiency:
    case LeverKind::LessWork:
      return false;
    }
    return false;
  }
};

/// One kind of work: what it costs and what moves it.
struct WorkDiagnosis {
  WorkKind kind = WorkKind::Elementwise;
  /// Kernels (ops in eager and graph execution) of this kind, per run.
  unsigned kernels = 0;
  double time = 0.0, share = 0.0;
  /// The bound that limits most of its time.
  Bound bound = Bound::Free;
  /// The time-weighted share of the matrix unit its matrix work keeps busy
  /// (1 for other work).
  double utilization = 1.0;
  Lever lever;
};

/// The launches of what runs, against another execution model.
struct LaunchDiagnosis {
  ExecutionModel model = ExecutionModel::Compiled;
  /// Launches per run, the cost of one, their time and share.
  Count kernels;
  double perLaunch = 0.0, time = 0.0, share = 0.0;
  /// The other model (eager under compiled, compiled otherwise): its
  /// launches and latency.
  ExecutionModel other = ExecutionModel::Eager;
  Count otherKernels;
  double otherLatency = 0.0;
};

/// The floor reading the weights once per run sets.
struct WeightsFloor {
  double bytes = 0.0, floor = 0.0;
  /// The floor's share of the latency (0 when nothing runs).
  double share = 0.0;
};

/// The diagnosis of one function, or of the module.
struct Diagnosis {
  std::string func; ///< Empty for the module.
  double latency = 0.0;
  /// Where the latency goes: the compute and memory terms of what runs
  /// (whichever is larger, kernel by kernel) and the launches.
  double computeShare = 0.0, memoryShare = 0.0, launchShare = 0.0,
         communicationShare = 0.0;
  std::vector<WorkDiagnosis> kinds; ///< By time, largest first.
  LaunchDiagnosis launches;
  /// The floor the weights set, when it is more than a tenth of the
  /// latency.
  std::optional<WeightsFloor> weights;
};

} // namespace mlsysim

#endif // MLSYSIM_PRICING_DIAGNOSIS_H
