//===- Training.h - A training step, priced ---------------------*- C++ -*-===//
//
// The training step's view of the priced program: each phase (forward,
// backward, optimizer) is a function of the module (Analysis/TrainingRoles.h),
// so each phase's time and work are that function's totals; this file adds
// what only a step has: the memory by role and its fit, the activations
// with and without recomputation, the step's MFU as training papers count
// it (6 x parameters x tokens) beside the exact count from the IR, and the
// throughput (docs/training.md).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_TRAINING_H
#define MLSYSIM_PRICING_TRAINING_H

#include "mlsysim/Analysis/TrainingRoles.h"
#include "mlsysim/Pricing/Estimate.h"
#include "mlsysim/Support/Count.h"

#include <map>
#include <optional>
#include <vector>

namespace mlsysim {

struct PricedProgram;

/// One phase of the step: its function's totals.
struct PricedPhase {
  TrainingPhase phase = TrainingPhase::Forward;
  std::string func;
  /// Its latency under the headline execution model, and under each.
  double latency = 0.0;
  std::map<ExecutionModel, double> byExecution;
  /// Its work (FLOPs and integer ops, in the convention) and the traffic of
  /// what runs.
  double flops = 0.0, bytes = 0.0;
  /// The bound that limits the most of its time, and its share of the step.
  Bound bound = Bound::Free;
  double share = 0.0;
};

/// Data parallelism over a system's devices (`hardware=<system>`): every
/// device runs the step on its own batch and the gradients are summed with
/// an all-reduce, in buckets while the backward pass still runs (as
/// PyTorch DDP does), all but the last bucket hidden behind it.
struct GradientSync {
  int64_t devices = 1;
  /// The gradients' bytes, the all-reduce's time on the system's links and
  /// its algorithm, and the bucket size (DDP's default 25 MB).
  double bytes = 0.0, seconds = 0.0, bucketBytes = 25e6;
  CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring;
  /// What the backward pass hides and what is left exposed on the step.
  double hidden = 0.0, exposed = 0.0;
};

struct TrainingStep {
  /// In step order (forward, backward, optimizer), the phases the module
  /// has.
  std::vector<PricedPhase> phases;
  /// The step: its phases one after another (and, data parallel, the
  /// all-reduce's exposed time before the optimizer).
  double latency = 0.0;
  /// On a system of several devices: the gradients' all-reduce.
  std::optional<GradientSync> sync;
  /// Bytes held through the step by role (TrainingRoles::bytes), the
  /// largest working set of intermediates of any phase, and their sum: the
  /// step's peak memory, against the device's capacity.
  std::map<TensorRole, Count> memoryByRole;
  Count workspaceBytes, peakBytes;
  bool fits = true;
  /// The activations the forward pass saves; with each block checkpointed
  /// (TrainingRoles::checkpointing), what it keeps instead and the time the
  /// blocks' forward adds when run again in the backward pass. None when
  /// the IR names no blocks.
  Count activationBytes;
  std::optional<BlockCheckpointing> checkpointing;
  std::optional<double> recomputeTime;
  /// Trained parameters, samples and tokens per step over all devices
  /// (tokens: none for inputs that are not token ids).
  double parameters = 0.0, samples = 0.0;
  std::optional<double> tokens;
  /// Model FLOPs as training papers count them: 6 x parameters x tokens
  /// (3 x in the MAC convention), and the exact count of the three phases'
  /// ops; each over the step's latency as a share of the peak that priced
  /// the most arithmetic (the step's MFU).
  std::optional<double> modelFlops, modelMFU;
  double exactFlops = 0.0, exactMFU = 0.0;
  double samplesPerSecond = 0.0;
  std::optional<double> tokensPerSecond;
};

/// The step of `program`, whose functions `roles` names by phase.
TrainingStep priceTraining(const PricedProgram &program,
                           const TrainingRoles &roles);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_TRAINING_H
