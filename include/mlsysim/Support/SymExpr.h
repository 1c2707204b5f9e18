//===- SymExpr.h - Integer formulas of dynamic sizes ------------*- C++ -*-===//
//
// A cost as a function of the program's dynamic sizes: an integer polynomial
// in symbols (a batch B, a sequence length S) whose factors may also be
// integer divisions, remainders, minima and maxima of such polynomials (the
// sizes tiling, padding and reshapes produce). Every value is kept in one
// canonical form (terms sorted, like terms combined, constant divisions
// folded), so equal formulas compare equal and print the same.
//
// The printed grammar (docs/report-json.md): integers, symbol names, `+`, `-`,
// `*`, `/` (integer division, rounding down), `ceildiv(a,b)`, `min(a,b)`,
// `max(a,b)` and parentheses. A remainder prints as `(a - (a/b)*b)`.
//
// Symbols stand for sizes: each is an integer of at least 1.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_SUPPORT_SYMEXPR_H
#define MLSYSIM_SUPPORT_SYMEXPR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlsysim {

class SymExpr;

/// A comparison of two sizes (signed and unsigned alike: sizes are never
/// negative).
enum class SymPredicate { EQ, NE, LT, LE, GT, GE };

/// What is known of the sign of a formula for every symbol value >= 1.
enum class SymSign {
  Positive,
  NonNegative,
  Zero,
  NonPositive,
  Negative,
  Unknown
};

/// An integer formula of symbols. Symbols are numbered; names are given when
/// printing. A formula whose arithmetic left 127 bits is invalid (and stays
/// so through every operation).
class SymExpr {
public:
  using Int = __int128;

  /// Zero.
  SymExpr() = default;
  SymExpr(int64_t value) : SymExpr(constant(value)) {}
  static SymExpr constant(Int value);
  static SymExpr symbol(unsigned id);
  static SymExpr invalid();

  SymExpr operator+(const SymExpr &other) const;
  SymExpr operator-(const SymExpr &other) const;
  SymExpr operator*(const SymExpr &other) const;
  SymExpr &operator+=(const SymExpr &other) { return *this = *this + other; }
  SymExpr &operator*=(const SymExpr &other) { return *this = *this * other; }
  /// Integer division rounding down, exact when `divisor` divides every term;
  /// rounding up; the remainder; the smaller and the larger of two.
  static SymExpr floorDiv(const SymExpr &dividend, const SymExpr &divisor);
  static SymExpr ceilDiv(const SymExpr &dividend, const SymExpr &divisor);
  static SymExpr mod(const SymExpr &dividend, const SymExpr &divisor);
  static SymExpr min(const SymExpr &a, const SymExpr &b);
  static SymExpr max(const SymExpr &a, const SymExpr &b);
  /// 1 when `a predicate b` holds, else 0; decided when the sign of a - b
  /// decides it, otherwise a conditional.
  static SymExpr cmp(SymPredicate predicate, const SymExpr &a,
                     const SymExpr &b);
  /// `whenTrue` when `condition` is not 0, else `whenFalse`.
  static SymExpr select(const SymExpr &condition, const SymExpr &whenTrue,
                        const SymExpr &whenFalse);
  /// Whether a comparison or selection was left undecided: the grammar has
  /// none, so such a formula has a value but no printed form.
  bool hasConditional() const;

  bool isValid() const { return valid; }
  /// The value when the formula holds no symbol.
  std::optional<Int> getConstant() const;
  bool isConstant() const { return getConstant().has_value(); }
  /// The symbol when the formula is exactly one symbol.
  std::optional<unsigned> getSymbol() const;
  /// Every symbol the formula mentions, ascending.
  llvm::SmallVector<unsigned> getSymbols() const;
  /// Replaces each symbol by `replacement(id)` (or keeps it when that
  /// returns none).
  SymExpr substitute(
      llvm::function_ref<std::optional<SymExpr>(unsigned)> replacement) const;

  /// The value with every symbol given a value; none when a symbol has none,
  /// a division by zero, or the value leaves 127 bits.
  std::optional<Int>
  evaluate(llvm::function_ref<std::optional<int64_t>(unsigned)> value) const;
  SymSign getSign() const;
  /// The highest power of symbol `id` in a polynomial term (0 when it only
  /// appears inside a division, minimum or maximum, or not at all).
  unsigned getDegree(unsigned id) const;

  /// Prints in the grammar above, symbol `i` as `names[i]`.
  void print(llvm::raw_ostream &os, llvm::ArrayRef<std::string> names) const;
  std::string toString(llvm::ArrayRef<std::string> names) const;

  bool operator==(const SymExpr &other) const;
  bool operator!=(const SymExpr &other) const { return !(*this == other); }
  /// A total order of formulas (canonical forms sort by it).
  static int compare(const SymExpr &a, const SymExpr &b);
  size_t hash() const;

  /// A factor of a term: a symbol, or a composite of two formulas.
  struct Atom;
  struct Factor {
    std::shared_ptr<const Atom> atom;
    unsigned power = 1;
  };
  struct Term {
    Int coefficient = 0;
    /// Sorted by atom; empty for the constant term.
    llvm::SmallVector<Factor, 2> factors;
  };

private:
  friend struct SymExprAccess;
  static SymExpr fromTerms(std::vector<Term> terms);
  static SymExpr composite(unsigned kind, const SymExpr &a, const SymExpr &b);
  static SymExpr composite(unsigned kind, const SymExpr &a, const SymExpr &b,
                           const SymExpr &c, unsigned tag);

  std::vector<Term> terms;
  bool valid = true;
};

/// Integer division and remainder rounding down (C++ truncates).
SymExpr::Int floorDivInt(SymExpr::Int a, SymExpr::Int b);

} // namespace mlsysim

#endif // MLSYSIM_SUPPORT_SYMEXPR_H
