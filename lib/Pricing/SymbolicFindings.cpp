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
  auto bindingWith = [&](unsigned symbol, int64_t value) {
    SymbolBinding binding = findings.binding;
    binding[symbol] = value;
    return binding;
  };
  auto estimate =
      [&](unsigned op, const SymbolBinding &binding,
          const RooflineOptions &roofline) -> std::optional<RooflineEstimate> {
    Count multiplier;
    std::optional<OpCost> cost = symbolic.evaluate(op, binding, multiplier);
    if (!cost)
      return std::nullopt;
    RooflineEstimate result =
        estimateRoofline(*cost, multiplier, hardware, roofline);
    if (!result.priced)
      return std::nullopt;
    return result;
  };

  findings.ops.resize(numOps);
  for (size_t op = 0; op < numOps; ++op) {
    const SymbolicOp &formulas = symbolic.getOps()[op];
    if (!formulas.expressible || !formulas.dynamic)
      continue;
    for (unsigned symbol : symbolic.getUsedSymbols()) {
      bool mentions = false;
      for (const SymExpr *expr :
           {&formulas.counts.flops, &formulas.counts.intOps,
            &formulas.counts.transcendentals, &formulas.counts.bytesRead,
            &formulas.counts.bytesWritten})
        for (unsigned id : expr->getSymbols())
          mentions |= symbolic.getSizes().getRepresentative(id) == symbol;
      if (!mentions)
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
        findings.ops[op].push_back(*crossover);
      }
    }
  }

  // Functions, each op its own kernel (eager launches), as sweep= with
  // execution=eager judges them: compute-bound time against memory-bound
  // time.
  RooflineOptions eager = options.roofline;
  eager.execution = ExecutionModel::Eager;
  for (const SymbolicFunction &func : symbolic.getFunctions()) {
    if (!func.dynamic)
      continue;
    // Its ops, once: every value searched prices them all.
    std::vector<unsigned> funcOps;
    for (size_t op = 0; op < numOps; ++op)
      if (funcOfOp[op] == func.name)
        funcOps.push_back(op);
    // Time by bound at a value of `symbol`, each op its own kernel.
    auto timeByBound = [&](unsigned symbol, int64_t value) {
      SymbolBinding binding = bindingWith(symbol, value);
      std::map<Bound, double> time;
      for (unsigned op : funcOps) {
        if (std::optional<RooflineEstimate> at = estimate(op, binding, eager))
          time[at->bound] += at->latency;
      }
      return time;
    };
    for (unsigned symbol : symbolic.getUsedSymbols()) {
      std::optional<SymbolicCrossover> crossover =
          findCrossover([&](int64_t value) -> std::optional<bool> {
            std::map<Bound, double> time = timeByBound(symbol, value);
            return time[Bound::Compute] > time[Bound::Memory];
          });
      if (!crossover)
        continue;
      // What holds just below: the larger of the two other bounds' times.
      std::map<Bound, double> below = timeByBound(symbol, crossover->value - 1);
      Bound other =
          crossover->from == Bound::Compute ? Bound::Memory : Bound::Compute;
      crossover->below =
          below[other] >= below[Bound::Overhead] ? other : Bound::Overhead;
      crossover->symbol = symbol;
      findings.functions[func.name].push_back(*crossover);
    }
    if (!func.hasPeak)
      continue;
    for (unsigned symbol : symbolic.getUsedSymbols()) {
      bool mentions =
          llvm::any_of(func.peakBytes.getSymbols(), [&](unsigned id) {
            return symbolic.getSizes().getRepresentative(id) == symbol;
          });
      if (!mentions)
        continue;
      SymbolicFit fit =
          findLargestFit([&](int64_t value) -> std::optional<bool> {
            std::optional<Count> bytes =
                symbolic.evaluate(func.peakBytes, bindingWith(symbol, value));
            if (!bytes)
              return std::nullopt;
            return bytes->toDouble() <= hardware.memoryCapacityBytes.value;
          });
      fit.symbol = symbol;
      findings.fits[func.name].push_back(fit);
    }
  }
  return findings;
}
