//===- Weights.h - Which values of a function are its weights ---*- C++ -*-===//
//
// The one place that decides a function's weights: what a run reads but
// never changes, so that more samples per run share one read of them (the
// diagnosis's batching lever, the weights floor, the serving view, the
// weight-only folding of the compiled plan, precision=weights:T).
//
// Three ways, the first that applies wins (docs/cost-model.md, "Weights"):
// - named: `weights=` lists arguments by position, name or glob;
// - tagged: the arguments tagged `mlsysim.param` (the model zoo and
//   from_torch mark them); a module with any tag is tagged throughout;
// - inferred, in IR without tags (what other tools emit): a function
//   argument, constant or global that a contraction reads, through views, as
//   its stationary operand (the one without the rows the tokens travel on),
//   or that a lookup (tensor.gather, tensor.extract in a payload) indexes;
//   and when the arguments carry a dynamic dimension (the batch frontends
//   leave dynamic), every float argument of static shape.
// No value an op writes into (a KV cache, an output buffer) is a weight.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_ANALYSIS_WEIGHTS_H
#define MLSYSIM_ANALYSIS_WEIGHTS_H

#include "mlsysim/Interfaces/OpCost.h"
#include "mlsysim/Support/EnumNames.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlsysim {

/// How a function's weights were found.
enum class WeightsSource {
  /// Nothing to find: untagged, and nothing reads an operand shared by the
  /// rows of another (no contraction, convolution or lookup).
  None,
  /// The `mlsysim.param` tags.
  Tagged,
  /// The user's `weights=`.
  Named,
  /// Inferred from how the IR reads them.
  Inferred,
  /// Untagged, and the inference found none although contractions read
  /// operands (activations times activations, or a tie it cannot break).
  NotInferred,
};
inline constexpr EnumName<WeightsSource> kWeightsSourceNames[] = {
    {WeightsSource::None, "none", ""},
    {WeightsSource::Tagged, "tagged", ""},
    {WeightsSource::Named, "named", ""},
    {WeightsSource::Inferred, "inferred", ""},
    {WeightsSource::NotInferred, "not_inferred", ""},
};
inline llvm::StringRef stringifyWeightsSource(WeightsSource source) {
  return stringifyEnum(kWeightsSourceNames, source);
}

/// The weights of one function.
struct FunctionWeights {
  WeightsSource source = WeightsSource::None;
  /// The weight arguments, in order.
  llvm::SmallVector<unsigned> arguments;
  /// Constants and loads of globals inferred as weights (each load; `stored`
  /// counts a global once).
  llvm::SmallVector<mlir::Value> loads;

  bool isWeightArgument(unsigned index) const {
    return llvm::is_contained(arguments, index);
  }
  /// Whether `value` is a weight argument of `func` or one of `loads`.
  bool holds(mlir::FunctionOpInterface func, mlir::Value value) const;
  /// The values whose storage the weights are: the arguments, then each
  /// constant and each global once.
  llvm::SmallVector<mlir::Value> stored(mlir::FunctionOpInterface func) const;
};

/// Whether the module around `op` (`op` itself when it is one, or has
/// none) tags any function argument `mlsysim.param`: such IR is tagged
/// throughout. Asked once per module, not per function.
bool hasWeightTags(mlir::Operation *op);

/// The weights of `func`: named by `spec` when it is set, else tagged (when
/// `tagged`, hasWeightTags of its module), else inferred.
FunctionWeights findWeights(mlir::FunctionOpInterface func,
                            const std::optional<WeightsSpec> &spec,
                            bool tagged);

/// Whether every item of `spec` names an argument of some function under
/// `root`: an error saying which does not, otherwise.
llvm::Error checkWeightsSpec(mlir::Operation *root, const WeightsSpec &spec);

} // namespace mlsysim

#endif // MLSYSIM_ANALYSIS_WEIGHTS_H
