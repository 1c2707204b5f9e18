//===- OpClass.h - What kind of work an op does -----------------*- C++ -*-===//
//
// Ops are classified from the IR (interfaces, loop structure, payload), never
// from their names: the class picks the achievable efficiency a device file
// gives for that kind of kernel, and it is what the report's diagnosis groups
// time by.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_SUPPORT_OPCLASS_H
#define MLSYSIM_SUPPORT_OPCLASS_H

#include "mlsysim/Support/EnumNames.h"

namespace mlsysim {

enum class OpClass {
  /// Not classified yet (a model may leave it; the analysis classifies).
  Unclassified,
  /// A contraction on the matrix unit (matmul, batch_matmul, matvec).
  Matmul,
  /// A convolution that reduces over input channels (matrix unit).
  Convolution,
  /// A convolution without a channel reduction (depthwise), on the vector
  /// unit.
  DepthwiseConvolution,
  /// A sliding-window reduction without multiply-accumulates (pooling).
  Pooling,
  /// A reduction (sums, maxima, norms, softmax).
  Reduction,
  /// Arithmetic on every element, all loops parallel.
  Elementwise,
  /// Moves data without arithmetic (copies, transposes, pads, slices).
  DataMovement,
  /// Moves data between devices (all-reduce, all-gather, send, ...).
  Collective,
};
inline constexpr EnumName<OpClass> kOpClassNames[] = {
    {OpClass::Unclassified, "unclassified", "not classified"},
    {OpClass::Matmul, "matmul", "contractions on the matrix unit"},
    {OpClass::Convolution, "convolution",
     "convolutions reducing over input channels"},
    {OpClass::DepthwiseConvolution, "depthwise-convolution",
     "convolutions without a channel reduction"},
    {OpClass::Pooling, "pooling", "sliding-window reductions"},
    {OpClass::Reduction, "reduction", "reductions (norms, softmax, sums)"},
    {OpClass::Elementwise, "elementwise", "arithmetic on every element"},
    {OpClass::DataMovement, "data-movement",
     "copies, transposes, pads, slices"},
    {OpClass::Collective, "collective",
     "communication between devices (all-reduce, all-gather, ...)"},
};
inline llvm::StringRef stringifyOpClass(OpClass opClass) {
  return stringifyEnum(kOpClassNames, opClass);
}
/// The class spelled `name` (not Unclassified), or std::nullopt.
inline std::optional<OpClass> parseOpClass(llvm::StringRef name) {
  std::optional<OpClass> opClass = parseEnum(kOpClassNames, name);
  if (opClass == OpClass::Unclassified)
    return std::nullopt;
  return opClass;
}

} // namespace mlsysim

#endif // MLSYSIM_SUPPORT_OPCLASS_H
