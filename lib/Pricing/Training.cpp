//===- Training.cpp - A training step, priced -----------------------------===//

#include "mlsysim/Pricing/Training.h"

#include "mlsysim/Pricing/Collectives.h"
#include "mlsysim/Pricing/PricedProgram.h"
#include "mlsysim/Pricing/Roofline.h"

#include "mlsysim/Hardware/SystemSpec.h"

using namespace mlsysim;

/// Data parallel on a system of `devices`: the gradients' all-reduce,
/// bucket by bucket as the backward pass makes them; all but the last
/// bucket overlap it. None on one device, or when the links cannot price it.
static std::optional<GradientSync>
priceGradientSync(const PricedProgram &program, const TrainingRoles &roles,
                  llvm::ArrayRef<PricedPhase> phases, int64_t devices) {
  auto gradients = roles.bytes.find(TensorRole::Gradient);
  if (devices <= 1 || gradients == roles.bytes.end())
    return std::nullopt;
  GradientSync sync;
  sync.devices = devices;
  sync.bytes = gradients->second.toDouble();
  Collective allReduce;
  allReduce.kind = CollectiveKind::AllReduce;
  allReduce.bytes = gradients->second;
  allReduce.gridShape = {devices};
  allReduce.gridAxes = {0};
  CollectiveTime time =
      priceCollective(allReduce, *program.hardware,
                      program.options.roofline.collectiveAlgorithm);
  if (!time.priced)
    return std::nullopt;
  sync.seconds = time.seconds;
  sync.algorithm = time.algorithm;
  double backward = 0.0;
  for (const PricedPhase &phase : phases)
    if (phase.phase == TrainingPhase::Backward)
      backward = phase.latency;
  double last = sync.seconds * std::min(1.0, sync.bucketBytes / sync.bytes);
  sync.hidden = std::min(sync.seconds - last, backward);
  sync.exposed = sync.seconds - sync.hidden;
  return sync;
}

/// The time of the forward pass's blocks (getCheckpointBlock) under the
/// headline execution model: its kernels whose first op is in a block, or
/// its ops in one.
static double getBlocksForwardTime(const PricedProgram &program,
                                   llvm::StringRef forward) {
  double time = 0.0;
  auto inBlock = [&](unsigned id) {
    return !getCheckpointBlock(program.ops[id].op).empty();
  };
  if (program.options.roofline.execution == ExecutionModel::Compiled) {
    for (const PricedKernel &kernel : program.kernels)
      if (kernel.func == forward && inBlock(kernel.ops.front()))
        time += kernel.roofline.latency;
    return time;
  }
  for (const PricedOp &op : program.ops)
    if (op.func == forward && op.modeled && !op.free && inBlock(op.id))
      time += op.roofline.latency;
  return time;
}

TrainingStep mlsysim::priceTraining(const PricedProgram &program,
                                    const TrainingRoles &roles) {
  TrainingStep step;
  const PricedFunction *forward = nullptr;
  for (const auto &entry : roles.phases) {
    TrainingPhase phase = entry.first;
    const std::string &name = entry.second;
    auto func = llvm::find_if(program.functions, [&](const PricedFunction &f) {
      return f.name == name;
    });
    if (func == program.functions.end())
      continue;
    if (phase == TrainingPhase::Forward)
      forward = &*func;
    const PricedTotals &totals = func->totals;
    PricedPhase priced;
    priced.phase = phase;
    priced.func = name;
    priced.latency = totals.latency;
    for (ExecutionModel model : kAllExecutionModels)
      priced.byExecution[model] = totals.getExecution(model).latency;
    priced.flops = (totals.flops + totals.intOps).toDouble();
    priced.bytes = (totals.bytesRead + totals.bytesWritten).toDouble();
    priced.bound = totals.getMainBound();
    step.latency += priced.latency;
    step.exactFlops += priced.flops;
    // The largest working set of any phase: its live intermediates.
    if (func->footprintIndex >= 0) {
      const PeakMemory &footprint = program.footprints[func->footprintIndex];
      if (footprint.peakIntermediateBytes.toDouble() >
          step.workspaceBytes.toDouble())
        step.workspaceBytes = footprint.peakIntermediateBytes;
    }
    step.phases.push_back(std::move(priced));
  }
  int64_t devices =
      program.hardware->system ? program.hardware->system->getDeviceCount() : 1;
  step.sync = priceGradientSync(program, roles, step.phases, devices);
  if (step.sync)
    step.latency += step.sync->exposed;
  for (PricedPhase &phase : step.phases)
    phase.share = getShare(phase.latency, step.latency);

  step.memoryByRole = roles.bytes;
  step.peakBytes = step.workspaceBytes;
  for (const auto &[role, bytes] : roles.bytes)
    step.peakBytes += bytes;
  step.fits =
      step.peakBytes.toDouble() <= program.hardware->memoryCapacityBytes.value;
  if (auto it = roles.bytes.find(TensorRole::Activation);
      it != roles.bytes.end())
    step.activationBytes = it->second;
  step.checkpointing = roles.checkpointing;
  if (forward && step.checkpointing)
    step.recomputeTime = getBlocksForwardTime(program, forward->name);

  step.parameters = roles.parameters.toDouble();
  step.samples =
      static_cast<double>(program.options.batch) * static_cast<double>(devices);
  step.samplesPerSecond = getShare(step.samples, step.latency);
  // The peak MFU is measured against: the one that priced the most
  // arithmetic of the whole step.
  // MFU over every device of a data-parallel system.
  double peak = 0.0;
  if (auto dominant = program.totals.getDominantPeak())
    peak = program.totals.workByPeak.at(*dominant).second *
           static_cast<double>(devices);
  step.exactMFU = getShare(
      getShare(step.exactFlops * static_cast<double>(devices), step.latency),
      peak);
  if (roles.tokensPerSample) {
    double tokens = step.samples * static_cast<double>(*roles.tokensPerSample);
    step.tokens = tokens;
    step.tokensPerSecond = getShare(tokens, step.latency);
    // 6 N per token: 2 N forward, 4 N backward (a multiply-accumulate per
    // parameter per token each way, the weight and the input gradient).
    double perMac =
        program.options.convention == FlopConvention::FMA2 ? 2.0 : 1.0;
    step.modelFlops = 3.0 * perMac * step.parameters * tokens;
    step.modelMFU = getShare(getShare(*step.modelFlops, step.latency), peak);
  }
  return step;
}
