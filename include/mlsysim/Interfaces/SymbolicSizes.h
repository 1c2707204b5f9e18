//===- SymbolicSizes.h - Dynamic sizes as formulas of their sources -*- C++
//-*-===//
//
// Every dynamic size of a program, traced to where it comes from and written
// as a formula (SymExpr) of those sources: the dynamic dimensions and the
// index arguments of a function, named after the argument (its
// `mlsysim.input` name, else `argN`) and the dimension (`input_ids.d1`).
// Sizes are followed through tensor.dim and memref.dim, reshapes (the shape
// operands of tensor.reshape, the output sizes of expand_shape),
// ValueBoundsOpInterface (collapse, empty, linalg results, slices, ...), the
// scalar size arithmetic frontends emit (i64 divisions, casts, comparisons
// and selects), and affine.apply/min/max.
//
// A size nothing explains (a loop variable, a value read from memory, an op
// without a bounds model) becomes an opaque source: it has a value once the
// user binds the sizes (dynamic-dim=N binds every source), but no formula of
// the named sources can express what depends on it, and the reason says so.
//
// Sizes a program requires to be equal are one symbol: the loops of a
// structured op read each of their ranges from every operand dimension they
// index, and an elementwise op reads its operands at its result's shape, so
// when two sources meet there (a batch entering through input_ids and through
// past_key) they are unified, under the name of the first argument.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_INTERFACES_SYMBOLICSIZES_H
#define MLSYSIM_INTERFACES_SYMBOLICSIZES_H

#include "mlsysim/Support/SymExpr.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mlsysim {

/// One source of dynamic sizes.
struct SizeSymbol {
  /// As printed in formulas: `input_ids.d1`, `arg3`, or the user's name.
  std::string name;
  /// Its default name (what `symbols=NAME:SOURCE` refers to) and where it
  /// comes from, in words.
  std::string sourceName, source;
  /// A size nothing explains: formulas cannot use it.
  bool opaque = false;
};

class SymbolicSizes {
public:
  /// Creates the named sources of every function under `root` (in argument
  /// order) and, with `unifyEqualities`, unifies the sources its ops require
  /// to be equal (a binding of every source to one value needs no unifying).
  explicit SymbolicSizes(mlir::Operation *root, bool unifyEqualities = true);

  /// Dimension `dim` of a ranked shaped `value` (its static size when
  /// static).
  SymExpr getSize(mlir::Value value, int64_t dim);
  /// An index or integer scalar.
  SymExpr getScalar(mlir::Value scalar);

  /// Every symbol formulas may mention, by id. Unified symbols share the
  /// representative's entry (see getRepresentative).
  llvm::ArrayRef<SizeSymbol> getSymbols() const { return symbols; }
  /// The symbol of dimension `dim` of a function argument, if it is one.
  std::optional<unsigned> getArgumentSymbol(mlir::Value arg,
                                            int64_t dim) const {
    auto it = argumentSymbols.find({arg, dim});
    return it == argumentSymbols.end() ? std::nullopt
                                       : std::optional<unsigned>(it->second);
  }
  /// The symbol standing for `id` after unification.
  unsigned getRepresentative(unsigned id) const;
  /// `expr` with every symbol replaced by its representative.
  SymExpr normalize(const SymExpr &expr) const;
  /// The printed names of the symbols, by id (a unified symbol prints as
  /// its representative).
  std::vector<std::string> getNames() const;
  /// Whether `expr` (normalized) mentions an opaque source; `why` says which.
  bool isOpaque(const SymExpr &expr, std::string *why = nullptr) const;

  /// Renames the sources a user named: `B:input_ids.d0,S:input_ids.d1`
  /// (NAME:SOURCE, SOURCE a default name); a name given to several sources
  /// makes them one size (`B:input_ids.d0,B:attention_mask.d0`: the program
  /// gathers the mask by index, so nothing in it says they are equal). Fails
  /// on an unknown source or a malformed entry.
  llvm::Error setUserNames(llvm::StringRef spec);

private:
  unsigned addSymbol(SizeSymbol symbol);
  /// `name` (already in the grammar), or a variant no other symbol has: in
  /// `scope` (a function's name), then numbered.
  std::string takeName(llvm::StringRef name, llvm::StringRef scope);
  /// The source symbol of a block argument's dimension (or of an index
  /// block argument when `dim` is none).
  SymExpr getArgumentSize(mlir::BlockArgument arg, std::optional<int64_t> dim);
  SymExpr getOpaque(mlir::Value value, std::optional<int64_t> dim,
                    llvm::StringRef why);
  SymExpr resolve(mlir::Value value, int64_t dim);
  SymExpr evaluate(mlir::Value scalar);
  void unify(unsigned a, unsigned b);
  void unifyRequiredEqualities(mlir::Operation *root);

  std::vector<SizeSymbol> symbols;
  std::vector<unsigned> parent;
  llvm::DenseMap<std::pair<mlir::Value, int64_t>, SymExpr> cache;
  /// The named source of each function argument dimension.
  llvm::DenseMap<std::pair<mlir::Value, int64_t>, unsigned> argumentSymbols;
  /// Every default name given so far: names stay unique.
  llvm::StringSet<> takenNames;
};

} // namespace mlsysim

#endif // MLSYSIM_INTERFACES_SYMBOLICSIZES_H
