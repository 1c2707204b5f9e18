//===- TrainingViews.cpp - The training step's views ----------------------===//

#include "mlsysim/Reporting/TrainingViews.h"

#include "mlsysim/Reporting/TextTable.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlsysim;
using llvm::json::Object;
using llvm::json::Value;

static constexpr Column kPhaseColumns[] = {
    {"phase", true},  {"function", true},  {"eager", false},
    {"graph", false}, {"compiled", false}, {"share", false},
    {"work", false},  {"bytes", false},    {"limited by", true},
};

void mlsysim::printTrainingText(const PricedProgram &report,
                                const TrainingStep &step,
                                llvm::raw_ostream &os) {
  ExecutionModel headline = report.options.roofline.execution;
  os << "\ntraining step: " << formatSeconds(step.latency) << " ("
     << stringifyExecutionModel(headline) << "), "
     << formatQuantity(step.samplesPerSecond, "samples/s");
  if (step.tokensPerSecond)
    os << ", " << formatQuantity(*step.tokensPerSecond, "tokens/s");
  os << " at batch " << report.options.batch;
  if (step.sync)
    os << " per device (" << formatQuantity(step.samples, "") << " over "
       << step.sync->devices << " devices)";
  os << "\n";
  llvm::SmallVector<llvm::SmallVector<std::string>> rows;
  for (const PricedPhase &phase : step.phases)
    rows.push_back(
        {stringifyTrainingPhase(phase.phase).str(), "@" + phase.func,
         formatSeconds(phase.byExecution.at(ExecutionModel::Eager)),
         formatSeconds(phase.byExecution.at(ExecutionModel::Graph)),
         formatSeconds(phase.byExecution.at(ExecutionModel::Compiled)),
         formatPercent(phase.share), formatQuantity(phase.flops, "FLOP"),
         formatQuantity(phase.bytes, "B"), stringifyBound(phase.bound).str()});
  printTable(rows, os, kPhaseColumns);
  // Memory: what the step holds, by role, and whether it fits.
  if (step.sync)
    os << "  data parallel over " << step.sync->devices
       << " devices: the gradients' all-reduce ("
       << formatQuantity(step.sync->bytes, "B") << ", "
       << stringifyCollectiveAlgorithm(step.sync->algorithm) << ") takes "
       << formatSeconds(step.sync->seconds) << "; in "
       << formatQuantity(step.sync->bucketBytes, "B")
       << " buckets during the backward pass, "
       << formatSeconds(step.sync->hidden) << " of it is hidden and "
       << formatSeconds(step.sync->exposed) << " exposed\n";
  os << "  memory: " << formatQuantity(step.peakBytes.toDouble(), "B")
     << " at peak of "
     << formatQuantity(report.hardware->memoryCapacityBytes.value, "B") << ": "
     << (step.fits ? "fits" : "DOES NOT FIT") << " (";
  llvm::ListSeparator sep("; ");
  for (const auto &[role, bytes] : step.memoryByRole)
    os << sep << stringifyTensorRole(role) << " "
       << formatQuantity(bytes.toDouble(), "B");
  os << sep << "workspace "
     << formatQuantity(step.workspaceBytes.toDouble(), "B") << ")\n";
  os << "  activations saved for the backward pass: "
     << formatQuantity(step.activationBytes.toDouble(), "B");
  if (const std::optional<BlockCheckpointing> &c = step.checkpointing) {
    os << "; checkpointing each of its " << c->blocks << " blocks keeps "
       << formatQuantity(c->getActivationBytes().toDouble(), "B")
       << " (the blocks' inputs "
       << formatQuantity(c->boundaryBytes.toDouble(), "B")
       << ", what is saved outside them "
       << formatQuantity(c->outsideBytes.toDouble(), "B")
       << ", one block's recomputed "
       << formatQuantity(c->largestBlockBytes.toDouble(), "B") << ") and adds "
       << formatSeconds(*step.recomputeTime) << " ("
       << formatPercent(step.latency > 0 ? *step.recomputeTime / step.latency
                                         : 0)
       << " of the step)\n";
  } else {
    os << "; checkpointing not priced: the IR names no blocks (module paths "
          "in its locations, docs/training.md)\n";
  }
  os << "  MFU: " << formatPercent(step.exactMFU) << " of the IR's "
     << formatQuantity(step.exactFlops, "FLOP");
  if (step.modelFlops)
    os << "; " << formatPercent(*step.modelMFU) << " as training papers count "
       << "it (6 x " << formatQuantity(step.parameters, "") << "parameters x "
       << formatQuantity(*step.tokens, "")
       << "tokens = " << formatQuantity(*step.modelFlops, "FLOP") << ")";
  else
    os << " (no token ids: the 6 x parameters x tokens count does not apply)";
  os << "\n";
}

Object mlsysim::trainingToJSON(const TrainingStep &step) {
  Object phases, roles;
  for (const PricedPhase &phase : step.phases) {
    Object byExecution;
    for (const auto &[model, latency] : phase.byExecution)
      byExecution[stringifyExecutionModel(model)] = latency;
    phases[stringifyTrainingPhase(phase.phase)] =
        Object{{"func", phase.func},
               {"latency_s", phase.latency},
               {"latency_by_execution", std::move(byExecution)},
               {"flops", phase.flops},
               {"bytes", phase.bytes},
               {"bound", stringifyBound(phase.bound)},
               {"share", phase.share}};
  }
  for (const auto &[role, bytes] : step.memoryByRole)
    roles[stringifyTensorRole(role)] = bytes.toDouble();
  auto optional = [](const std::optional<double> &x) {
    return x ? Value(*x) : Value(nullptr);
  };
  return Object{
      {"phases", std::move(phases)},
      {"memory_by_role", std::move(roles)},
      {"activation_bytes",
       Object{{"saved", step.activationBytes.toDouble()},
              {"block_inputs",
               step.checkpointing
                   ? Value(step.checkpointing->boundaryBytes.toDouble())
                   : Value(nullptr)},
              {"largest_block",
               step.checkpointing
                   ? Value(step.checkpointing->largestBlockBytes.toDouble())
                   : Value(nullptr)},
              {"saved_outside_blocks",
               step.checkpointing
                   ? Value(step.checkpointing->outsideBytes.toDouble())
                   : Value(nullptr)},
              {"blocks", step.checkpointing ? Value(step.checkpointing->blocks)
                                            : Value(nullptr)},
              {"recomputed",
               step.checkpointing
                   ? Value(step.checkpointing->getActivationBytes().toDouble())
                   : Value(nullptr)},
              {"recompute_s", optional(step.recomputeTime)}}},
      {"step_mfu",
       Object{{"exact", step.exactMFU}, {"six_n", optional(step.modelMFU)}}},
      {"training",
       Object{{"latency_s", step.latency},
              {"gradient_sync",
               step.sync
                   ? Value(Object{{"devices", step.sync->devices},
                                  {"bytes", step.sync->bytes},
                                  {"all_reduce_s", step.sync->seconds},
                                  {"algorithm", stringifyCollectiveAlgorithm(
                                                    step.sync->algorithm)},
                                  {"bucket_bytes", step.sync->bucketBytes},
                                  {"hidden_s", step.sync->hidden},
                                  {"exposed_s", step.sync->exposed}})
                   : Value(nullptr)},
              {"peak_bytes", step.peakBytes.toDouble()},
              {"workspace_bytes", step.workspaceBytes.toDouble()},
              {"fits", step.fits},
              {"parameters", step.parameters},
              {"samples", step.samples},
              {"tokens", optional(step.tokens)},
              {"exact_flops", step.exactFlops},
              {"model_flops", optional(step.modelFlops)},
              {"samples_per_s", step.samplesPerSecond},
              {"tokens_per_s", optional(step.tokensPerSecond)}}}};
}
