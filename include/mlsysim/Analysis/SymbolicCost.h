//===- SymbolicCost.h - Costs as formulas of the dynamic sizes --*- C++ -*-===//
//
// Each op's counts (FLOPs, integer ops, transcendentals, bytes read and
// written, its matrix problem) and each function's, as formulas of the
// program's dynamic sizes (SymbolicSizes), so that a cost can be read as
// `flops(B, S) = 33554432*B*S + ...` and solved for a batch rather than
// swept.
//
// The formulas come from the same counting rules as every number of the
// report, not from a second set of rules: an op's counts are a polynomial in
// the sizes its rule reads (products of loop ranges, sums over operands), so
// the rule is run with those sizes set independently at interpolation nodes
// (the degree in each found along its axis), the polynomial is interpolated
// exactly in rational arithmetic, checked at points off the nodes, and each
// size is then replaced by its formula of the sources. An op whose counts are
// no such polynomial, that depends on an opaque size (a loop variable, a
// value read from memory) or on a comparison of sizes, or whose loops run a
// data-dependent number of times is listed with the reason.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_ANALYSIS_SYMBOLICCOST_H
#define MLSYSIM_ANALYSIS_SYMBOLICCOST_H

#include "mlsysim/Analysis/CostAnalysis.h"
#include "mlsysim/Interfaces/SymbolicSizes.h"

#include "llvm/Support/Error.h"

#include <array>
#include <map>

namespace mlsysim {

/// Counts as formulas, over all executions of what they describe.
struct SymbolicCounts {
  /// FLOPs (a multiply-accumulate as 2) and the multiply-accumulates among
  /// them, integer ops and theirs, transcendentals, bytes read and written.
  SymExpr flops, macs, intOps, intMacs, transcendentals, bytesRead,
      bytesWritten;

  void add(const SymbolicCounts &other);
  /// The counts of a run `times` times.
  SymbolicCounts scaled(const SymExpr &times) const;
  bool isValid() const;
};

/// One op's formulas (CostAnalysis record order).
struct SymbolicOp {
  /// False when no formula of the named sizes expresses the op; `reason`
  /// says why.
  bool expressible = false;
  std::string reason;
  /// Whether the formulas mention a symbol (false for static ops).
  bool dynamic = false;
  /// Over all executions.
  SymbolicCounts counts;
  /// How many times it runs (static loop trips, repeats, and the trip counts
  /// of loops bounded by sizes).
  SymExpr multiplier = SymExpr(1);
  /// One execution's matrix problem (batch, m, n, k), when it has one.
  std::optional<std::array<SymExpr, 4>> matrixShape;
  /// What the rule says of the op besides its counts (element type, unit,
  /// class, whether it launches a kernel).
  OpCost prototype;
};

/// A function's formulas: its ops as written (each op its own kernel).
struct SymbolicFunction {
  std::string name;
  SymbolicCounts counts;
  /// Bytes of its tensor arguments, plus the most intermediate bytes alive
  /// at once (a maximum of the live sums no sign decides between).
  SymExpr argumentBytes, peakBytes;
  bool hasPeak = false;
  /// Records whose formulas the sums leave out (not expressible).
  std::vector<unsigned> leftOut;
  bool dynamic = false;
};

/// A value for each symbol (by representative id); unset ones are 1.
using SymbolBinding = std::map<unsigned, int64_t>;

class SymbolicCostAnalysis {
public:
  /// The formulas of every record of `analysis` over the sizes of `root`
  /// (the op it analysed), with the user's symbol names (`symbols=`).
  static llvm::Expected<std::unique_ptr<SymbolicCostAnalysis>>
  build(const CostAnalysis &analysis, mlir::Operation *root,
        llvm::StringRef userNames = "");

  const SymbolicSizes &getSizes() const { return *sizes; }
  llvm::ArrayRef<SymbolicOp> getOps() const { return ops; }
  llvm::ArrayRef<SymbolicFunction> getFunctions() const { return functions; }
  /// The function record `index` belongs to, or null.
  const SymbolicFunction *getFunction(llvm::StringRef name) const;
  /// Whether any formula mentions a symbol.
  bool isDynamic() const { return dynamic; }
  /// The symbols the formulas mention (representatives), ascending.
  llvm::ArrayRef<unsigned> getUsedSymbols() const { return usedSymbols; }
  /// Printed names by symbol id.
  llvm::ArrayRef<std::string> getNames() const { return names; }
  std::string format(const SymExpr &expr) const { return expr.toString(names); }

  /// Record `index`'s cost at a binding of the symbols: its counts (all
  /// executions divided back to one, with `multiplier` set to the number of
  /// executions) as the rules would give them there; none when it has no
  /// formula or no value there.
  std::optional<OpCost> evaluate(unsigned index, const SymbolBinding &binding,
                                 Count &multiplier) const;
  /// A formula's value at a binding (none when it has none).
  std::optional<Count> evaluate(const SymExpr &expr,
                                const SymbolBinding &binding) const;

private:
  SymbolicCostAnalysis(const CostAnalysis &analysis, mlir::Operation *root);
  void run(mlir::Operation *root);

  const CostAnalysis &analysis;
  std::unique_ptr<SymbolicSizes> sizes;
  std::vector<SymbolicOp> ops;
  std::vector<SymbolicFunction> functions;
  std::vector<unsigned> usedSymbols;
  std::vector<std::string> names;
  bool dynamic = false;
};

} // namespace mlsysim

#endif // MLSYSIM_ANALYSIS_SYMBOLICCOST_H
