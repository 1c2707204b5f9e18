//===- Diagnosis.h - What limits a program, in words ------------*- C++ -*-===//
//
// The answer to "what limits this model, and what should I do about it?":
// the time of what runs (the compiled plan's kernels, or the ops in eager
// and graph execution) grouped by the kind of work, each group with the
// bound that limits it and a lever, a number the tool computes from the same
// report (the batch at which a memory-bound matmul turns compute-bound, the
// time at full occupancy of the matrix unit, the launches a plan removes, the
// floor the weights set). Every view prints the same diagnosis.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_DIAGNOSIS_H
#define MLSYSIM_REPORTING_DIAGNOSIS_H

#include "mlsysim/Pricing/PricedProgram.h"

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
llvm::StringRef describeWorkKind(WorkKind kind);

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
  /// The lever: what would move its time, with the number that says by how
  /// much.
  std::string lever;
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
  /// Launches and what another execution model would launch.
  std::string launches;
  /// The floor the weights set (empty when it is no more than a tenth of the
  /// latency).
  std::string weights;
};

/// The diagnosis of `func` (empty: the whole module) under the report's
/// execution model.
Diagnosis diagnose(const PricedProgram &report, llvm::StringRef func = "");

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_DIAGNOSIS_H
