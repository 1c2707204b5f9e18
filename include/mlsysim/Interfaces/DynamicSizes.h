//===- DynamicSizes.h - Binding dynamic sizes to a value --------*- C++ -*-===//
//
// `dynamic-dim=N` binds the unknown sizes of a program to N. Binding every
// `?` independently would be wrong for real frontends: after a batch of N is
// flattened with a static sequence of 128, the `?` of `tensor<?x768xf32>` is
// 128*N, not N. So only the sources of dynamic sizes are bound to N, and
// every other size is the value of its formula over them (SymbolicSizes:
// the one place sizes are traced, which the symbolic costs print too).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_INTERFACES_DYNAMICSIZES_H
#define MLSYSIM_INTERFACES_DYNAMICSIZES_H

#include "mlsysim/Interfaces/OpCost.h"
#include "mlsysim/Interfaces/SymbolicSizes.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>

namespace mlsysim {

/// Gives the cost models the value of each dynamic size.
class SizeResolver {
public:
  virtual ~SizeResolver();
  /// The size of dimension `dim` of the shaped `value` (its static size when
  /// static).
  virtual int64_t getSize(mlir::Value value, int64_t dim) = 0;
};

/// `dynamic-dim=N`: every source of dynamic sizes bound to N.
class DynamicSizeResolver : public SizeResolver {
public:
  /// Every source bound to `boundSize`, but the argument dimensions of
  /// `argumentSizes`, bound to theirs.
  DynamicSizeResolver(
      mlir::Operation *root, int64_t boundSize,
      llvm::ArrayRef<CostOptions::ArgumentSize> argumentSizes = {});
  ~DynamicSizeResolver() override;

  int64_t getSize(mlir::Value value, int64_t dim) override;
  int64_t getBoundSize() const { return boundSize; }

private:
  int64_t boundSize;
  std::unique_ptr<SymbolicSizes> sizes;
  llvm::DenseMap<std::pair<mlir::Value, int64_t>, int64_t> cache;
  llvm::DenseMap<unsigned, int64_t> boundSymbols;
};

} // namespace mlsysim

#endif // MLSYSIM_INTERFACES_DYNAMICSIZES_H
