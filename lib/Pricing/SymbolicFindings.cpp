//===- SymbolicFindings.cpp - What the formulas say on one device ---------===//
//
// The roofline's max() of a formula is piecewise: below a size the memory
// term wins, above it the compute term (or the reverse). The break points are
// solved on the model itself (estimateRoofline at each value, the counts from
// the formulas), so they agree with what sweep= reports at the same values.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Pricing/SymbolicFindings.h"

#include "mlsysim/Pricing/Roofline.h"

using namespace mlsysim;

/// The largest value any search tries (2^30 for bounds, 2^40 for memory).
static constexpr int64_t kBoundHorizon = int64_t(1) << 30;
static constexpr int64_t kFitHorizon = int64_t(1) << 40;

std::optional<SymbolicCrossover> mlsysim::findCrossover(
    llvm::function_ref<std::optional<bool>(int64_t)> computeWins) {
  // The bound at the horizon holds from some value on; find where, from the
  // last power of two at which it did not hold.
  std::optional<bool> last = computeWins(kBoundHorizon);
  if (!last)
    return std::nullopt;
  int64_t below = 0; // Largest power of two (or 0) where it differs.
  for (int64_t v = kBoundHorizon / 2; v >= 1; v /= 2) {
    std::optional<bool> at = computeWins(v);
    if (at && *at != *last) {
      below = v;
      break;
    }
  }
  if (below == 0)
    return std::nullopt;              // One bound at every power of two.
  int64_t lo = below, hi = below * 2; // differs at lo, holds at hi
  while (hi - lo > 1) {
    int64_t mid = lo + (hi - lo) / 2;
    std::optional<bool> at = computeWins(mid);
    if (at && *at == *last)
      hi = mid;
    else
      lo = mid;
  }
  SymbolicCrossover crossover;
  crossover.from = *last ? Bound::Compute : Bound::Memory;
  crossover.below = *last ? Bound::Memory : Bound::Compute;
  crossover.value = hi;
  return crossover;
}

SymbolicFit mlsysim::findLargestFit(
    llvm::function_ref<std::optional<bool>(int64_t)> fitsAt) {
  SymbolicFit fit;
  std::optional<bool> first = fitsAt(1);
  if (!first || !*first)
    return fit;
  int64_t lo = 1, hi = 0;
  for (int64_t v = 2; v <= kFitHorizon; v *= 2) {
    std::optional<bool> at = fitsAt(v);
    if (!at || !*at) {
      hi = v;
      break;
    }
    lo = v;
  }
  if (hi == 0) {
    fit.unbounded = true;
    fit.largest = lo;
    return fit;
  }
  while (hi - lo > 1) {
    int64_t mid = lo + (hi - lo) / 2;
    std::optional<bool> at = fitsAt(mid);
    if (at && *at)
      lo = mid;
    else
      hi = mid;
  }
  fit.largest = lo;
  return fit;
}

namespace {
/// The formulas priced on one device at the report's binding with one symbol
/// varied, searched for where a bound changes or memory runs out.
class SymbolicSolver {
public:
  SymbolicSolver(const SymbolicCostAnalysis &symbolic,
                 const HardwareSpec &hardware, const PricingOptions &options,
                 SymbolBinding binding)
      : symbolic(symbolic), hardware(hardware), options(options),
        binding(std::move(binding)), eager(options.roofline) {
    eager.execution = ExecutionModel::Eager;
  }

  /// Where op `op`'s bound changes, for each symbol its counts mention.
  std::vector<SymbolicCrossover> opCrossovers(unsigned op) const {
    const SymbolicCounts &counts = symbolic.getOps()[op].counts;
    std::vector<SymbolicCrossover> found;
    for (unsigned symbol : symbolic.getUsedSymbols()) {
      if (!llvm::any_of(
              std::array<const SymExpr *, 5>{
                  &counts.flops, &counts.intOps, &counts.transcendentals,
                  &counts.bytesRead, &counts.bytesWritten},
              [&](const SymExpr *expr) { return mentions(*expr, symbol); }))
        continue;
      std::optional<SymbolicCrossover> crossover =
          findCrossover([&](int64_t value) -> std::optional<bool> {
            std::optional<RooflineEstimate> at =
                estimate(op, bindingWith(symbol, value), options.roofline);
            if (!at || (at->tCompute == 0 && at->tMemory == 0))
              return std::nullopt;
            return at->tCompute >= at->tMemory;
          });
      if (crossover) {
        crossover->symbol = symbol;
        found.push_back(*crossover);
      }
    }
    return found;
  }

  /// Where a function's bound changes, for each symbol: its ops `funcOps`
  /// each their own kernel (eager launches), as sweep= with execution=eager
  /// judges them, compute-bound time against memory-bound time.
  std::vector<SymbolicCrossover>
  functionCrossovers(llvm::ArrayRef<unsigned> funcOps) const {
    std::vector<SymbolicCrossover> found;
    for (unsigned symbol : symbolic.getUsedSymbols()) {
      std::optional<SymbolicCrossover> crossover =
          findCrossover([&](int64_t value) -> std::optional<bool> {
            std::map<Bound, double> time = timeByBound(funcOps, symbol, value);
            return time[Bound::Compute] > time[Bound::Memory];
          });
      if (!crossover)
        continue;
      // What holds just below: the larger of the two other bounds' times.
      std::map<Bound, double> below =
          timeByBound(funcOps, symbol, crossover->value - 1);
      Bound other =
          crossover->from == Bound::Compute ? Bound::Memory : Bound::Compute;
      crossover->below =
          below[other] >= below[Bound::Overhead] ? other : Bound::Overhead;
      crossover->symbol = symbol;
      found.push_back(*crossover);
    }
    return found;
  }

  /// The largest value of each symbol `peakBytes` mentions at which they
  /// fit in the device's memory.
  std::vector<SymbolicFit> fitsOf(const SymExpr &peakBytes) const {
    std::vector<SymbolicFit> found;
    for (unsigned symbol : symbolic.getUsedSymbols()) {
      if (!mentions(peakBytes, symbol))
        continue;
      SymbolicFit fit =
          findLargestFit([&](int64_t value) -> std::optional<bool> {
            std::optional<Count> bytes =
                symbolic.evaluate(peakBytes, bindingWith(symbol, value));
            if (!bytes)
              return std::nullopt;
            return bytes->toDouble() <= hardware.memoryCapacityBytes.value;
          });
      fit.symbol = symbol;
      found.push_back(fit);
    }
    return found;
  }

private:
  bool mentions(const SymExpr &expr, unsigned symbol) const {
    return llvm::any_of(expr.getSymbols(), [&](unsigned id) {
      return symbolic.getSizes().getRepresentative(id) == symbol;
    });
  }

  SymbolBinding bindingWith(unsigned symbol, int64_t value) const {
    SymbolBinding with = binding;
    with[symbol] = value;
    return with;
  }

  /// Op `op` priced at `at`; none where it has no formula or no price.
  std::optional<RooflineEstimate>
  estimate(unsigned op, const SymbolBinding &at,
           const RooflineOptions &roofline) const {
    Count multiplier;
    std::optional<OpCost> cost = symbolic.evaluate(op, at, multiplier);
    if (!cost)
      return std::nullopt;
    RooflineEstimate result =
        estimateRoofline(*cost, multiplier, hardware, roofline);
    if (!result.priced)
      return std::nullopt;
    return result;
  }

  /// The time of `funcOps` by bound at a value of `symbol`, each op its own
  /// kernel.
  std::map<Bound, double> timeByBound(llvm::ArrayRef<unsigned> funcOps,
                                      unsigned symbol, int64_t value) const {
    SymbolBinding at = bindingWith(symbol, value);
    std::map<Bound, double> time;
    for (unsigned op : funcOps)
      if (std::optional<RooflineEstimate> priced = estimate(op, at, eager))
        time[priced->bound] += priced->latency;
    return time;
  }

  const SymbolicCostAnalysis &symbolic;
  const HardwareSpec &hardware;
  const PricingOptions &options;
  SymbolBinding binding;
  RooflineOptions eager;
};
} // namespace

SymbolicFindings mlsysim::solveSymbolic(const SymbolicCostAnalysis &symbolic,
                                        const HardwareSpec &hardware,
                                        const PricingOptions &options,
                                        size_t numOps,
                                        llvm::ArrayRef<std::string> funcOfOp) {
  SymbolicFindings findings;
  // The symbols not varied stay at the report's binding.
  if (options.cost.dynamicDimSize)
    for (unsigned symbol : symbolic.getUsedSymbols())
      findings.binding[symbol] = *options.cost.dynamicDimSize;
  SymbolicSolver solver(symbolic, hardware, options, findings.binding);

  findings.ops.resize(numOps);
  for (size_t op = 0; op < numOps; ++op) {
    const SymbolicOp &formulas = symbolic.getOps()[op];
    if (formulas.expressible && formulas.dynamic)
      findings.ops[op] = solver.opCrossovers(op);
  }

  for (const SymbolicFunction &func : symbolic.getFunctions()) {
    if (!func.dynamic)
      continue;
    // Its ops, once: every value searched prices them all.
    std::vector<unsigned> funcOps;
    for (size_t op = 0; op < numOps; ++op)
      if (funcOfOp[op] == func.name)
        funcOps.push_back(op);
    std::vector<SymbolicCrossover> crossovers =
        solver.functionCrossovers(funcOps);
    if (!crossovers.empty())
      llvm::append_range(findings.functions[func.name], crossovers);
    if (!func.hasPeak)
      continue;
    std::vector<SymbolicFit> fits = solver.fitsOf(func.peakBytes);
    if (!fits.empty())
      llvm::append_range(findings.fits[func.name], fits);
  }
  return findings;
}
