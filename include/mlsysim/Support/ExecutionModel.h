//===- ExecutionModel.h - How the kernels of a program are run --*- C++ -*-===//
//
// The same IR costs different times depending on how it is run: a framework
// launching one kernel per op (eager), the same kernels replayed from a
// captured graph (graph), or the kernels a fusing compiler forms (compiled).
// Device files give a per-kernel launch cost for each (docs/hardware.md).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_SUPPORT_EXECUTIONMODEL_H
#define MLSYSIM_SUPPORT_EXECUTIONMODEL_H

#include "mlsysim/Support/EnumNames.h"

namespace mlsysim {

enum class ExecutionModel {
  /// One kernel per op, each launched by the framework (eager PyTorch).
  Eager,
  /// The same kernels, replayed from a captured graph (CUDA graphs).
  Graph,
  /// The kernels a fusing compiler forms from the IR (TensorRT,
  /// torch.compile, XLA, IREE): fused groups, weight-only work folded.
  Compiled,
};
inline constexpr EnumName<ExecutionModel> kExecutionModelNames[] = {
    {ExecutionModel::Eager, "eager",
     "one kernel per op, launched one by one (framework eager)"},
    {ExecutionModel::Graph, "graph",
     "one kernel per op, replayed from a captured graph"},
    {ExecutionModel::Compiled, "compiled",
     "the kernels a fusing compiler forms (default)"},
};
inline llvm::StringRef stringifyExecutionModel(ExecutionModel model) {
  return stringifyEnum(kExecutionModelNames, model);
}
/// Every model, in the table's order.
inline constexpr auto kAllExecutionModels = getEnumValues(kExecutionModelNames);

} // namespace mlsysim

#endif // MLSYSIM_SUPPORT_EXECUTIONMODEL_H
