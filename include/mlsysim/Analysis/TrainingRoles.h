//===- TrainingRoles.h - The phases and tensors of a training step -*- C++
//-*-===//
//
// A training step in the IR, as the model zoo exports it
// (zoo/models/export_train.py, docs/training.md): one function per phase,
// tagged `mlsysim.phase` (`forward`, `backward`, `optimizer`), and every
// argument and result tagged `mlsysim.role` (`weight`, `input`,
// `activation`, `gradient`, `optimizer_state`), so that the report need not
// guess what each tensor is. This file reads the tags and sizes the tensors
// of each role; the pricing layer prices the phases (Pricing/Training.h).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_ANALYSIS_TRAININGROLES_H
#define MLSYSIM_ANALYSIS_TRAININGROLES_H

#include "mlsysim/Interfaces/OpCost.h"
#include "mlsysim/Support/Count.h"
#include "mlsysim/Support/EnumNames.h"

#include "mlir/IR/BuiltinOps.h"

#include <map>
#include <optional>
#include <string>

namespace mlsysim {

enum class TrainingPhase { Forward, Backward, Optimizer };
inline constexpr EnumName<TrainingPhase> kTrainingPhaseNames[] = {
    {TrainingPhase::Forward, "forward", "the loss and the activations saved"},
    {TrainingPhase::Backward, "backward", "the gradients"},
    {TrainingPhase::Optimizer, "optimizer",
     "the update of the weights and the optimizer's state"},
};
inline llvm::StringRef stringifyTrainingPhase(TrainingPhase phase) {
  return stringifyEnum(kTrainingPhaseNames, phase);
}

/// What a tensor of a training step is.
enum class TensorRole { Weight, Input, Activation, Gradient, OptimizerState };
inline constexpr EnumName<TensorRole> kTensorRoleNames[] = {
    {TensorRole::Weight, "weight", "the trained parameters"},
    {TensorRole::Input, "input", "the batch (and its labels)"},
    {TensorRole::Activation, "activation",
     "tensors the forward pass saves for the backward pass (and the loss)"},
    {TensorRole::Gradient, "gradient", "the gradients of the parameters"},
    {TensorRole::OptimizerState, "optimizer_state",
     "the optimizer's state (momentum, Adam's moments)"},
};
inline llvm::StringRef stringifyTensorRole(TensorRole role) {
  return stringifyEnum(kTensorRoleNames, role);
}

/// Activation checkpointing per block (each block's forward run again in
/// the backward pass, as torch.utils.checkpoint around each layer does):
/// what the forward pass keeps then, from the blocks the exporter names.
struct BlockCheckpointing {
  /// Blocks of the forward pass (getCheckpointBlock).
  unsigned blocks = 0;
  /// Every block's inputs (activations made outside it, each tensor once),
  /// kept through the step instead of the blocks' saved activations.
  Count boundaryBytes;
  /// Saved activations made outside every block (the stem, the head), kept
  /// as they are.
  Count outsideBytes;
  /// The most one block's recomputation holds at once: its saved
  /// activations, live while its backward runs.
  Count largestBlockBytes;

  Count getActivationBytes() const {
    return boundaryBytes + outsideBytes + largestBlockBytes;
  }
};

/// The block of a model `op` belongs to, for checkpointing: the module path
/// its location names (the exporter writes loc("<aten op>#<n>"("<path>")),
/// up to its first numbered item (`layer1.0`, `encoder.layer.3`,
/// `transformer.h.5`: an element of the model's list of layers). Empty when
/// the location names no path, or the path no numbered item.
llvm::StringRef getCheckpointBlock(mlir::Operation *op);

struct TrainingRoles {
  /// The function of each phase the module has, by symbol name.
  std::map<TrainingPhase, std::string> phases;
  /// The bytes each role holds through a step, each tensor counted once:
  /// the weights the optimizer updates (the forward's, without an
  /// optimizer), the forward's inputs and saved activations, the backward's
  /// gradients, the optimizer's state.
  std::map<TensorRole, Count> bytes;
  /// Elements of the trained parameters.
  Count parameters;
  /// Tokens per sample: the sequence length of an integer input of shape
  /// [batch, sequence] (token ids); none for other inputs (images).
  std::optional<int64_t> tokensPerSample;
  /// Tagged tensors whose size is unknown (dynamic and unbound), left out.
  unsigned unknownSizes = 0;
  /// Checkpointing each block, when the forward's ops name their blocks.
  std::optional<BlockCheckpointing> checkpointing;
};

/// The training step of `module`, when a function carries `mlsysim.phase`;
/// std::nullopt when none does. An unknown phase or role name, or a phase
/// given to two functions, is an error at the attribute's location.
mlir::FailureOr<std::optional<TrainingRoles>>
findTrainingRoles(mlir::ModuleOp module, const CostContext &context);

} // namespace mlsysim

#endif // MLSYSIM_ANALYSIS_TRAININGROLES_H
