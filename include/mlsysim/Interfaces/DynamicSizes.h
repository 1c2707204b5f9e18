//===- DynamicSizes.h - Binding dynamic sizes to a value --------*- C++ -*-===//
//
// `dynamic-dim=N` binds the unknown sizes of a program to N. Binding every
// `?` independently would be wrong for real frontends: after a batch of N is
// flattened with a static sequence of 128, the `?` of `tensor<?x768xf32>` is
// 128*N, not N. So only the sources of dynamic sizes are bound to N (dynamic
// dimensions of block arguments, index-typed block arguments, sizes no
// interface explains), and every other dynamic size is derived from them with
// MLIR's ValueBoundsOpInterface (collapse/expand, dim, empty, linalg results,
// ...), and scalar size arithmetic (frontends compute `view(-1)` sizes with
// i64 divisions, selects and casts that ValueBoundsOpInterface does not
// follow) is evaluated directly. For a single op whose operands are function
// arguments both readings agree.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_INTERFACES_DYNAMICSIZES_H
#define MLSYSIM_INTERFACES_DYNAMICSIZES_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace mlsysim {

/// Resolves dynamic sizes under `dynamic-dim=N`, caching every answer.
class DynamicSizeResolver {
public:
  explicit DynamicSizeResolver(int64_t boundSize) : boundSize(boundSize) {}

  /// The size of dimension `dim` of the shaped `value` (its static size when
  /// static).
  int64_t getSize(mlir::Value value, int64_t dim);
  int64_t getBoundSize() const { return boundSize; }

private:
  /// The size of a shaped value's dimension, from its value-bounds expression
  /// over the sources, or the bound size.
  int64_t resolve(mlir::Value value, std::optional<int64_t> dim);
  /// The value of an integer or index scalar: constants and size queries
  /// folded through integer arithmetic, casts, comparisons and selects;
  /// other values through ValueBoundsOpInterface, else the bound size.
  int64_t evaluate(mlir::Value scalar);

  int64_t boundSize;
  llvm::DenseMap<std::pair<mlir::Value, int64_t>, int64_t> cache;
};

} // namespace mlsysim

#endif // MLSYSIM_INTERFACES_DYNAMICSIZES_H
