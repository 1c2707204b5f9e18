//===- SymbolicFindings.h - What the formulas say on one device -*- C++ -*-===//

#ifndef MLSYSIM_PRICING_SYMBOLICFINDINGS_H
#define MLSYSIM_PRICING_SYMBOLICFINDINGS_H

#include "mlsysim/Pricing/PricedProgram.h"

namespace mlsysim {

/// Where `computeWins(v)` (whether the compute side wins at value v, none
/// when nothing is priced there) takes the value it has at 2^30 for good:
/// the last power of two where it differs, then bisection to the first value
/// above it where it agrees. None when it agrees at every power of two.
std::optional<SymbolicCrossover>
findCrossover(llvm::function_ref<std::optional<bool>(int64_t)> computeWins);

/// The largest value at which `fitsAt` holds (doubling, then bisection).
SymbolicFit
findLargestFit(llvm::function_ref<std::optional<bool>(int64_t)> fitsAt);

/// Crossovers of every dynamic op and function, and the largest value of
/// each symbol that fits each function in device memory.
/// `funcOfOp[i]` names the function of op i.
SymbolicFindings solveSymbolic(const SymbolicCostAnalysis &symbolic,
                               const HardwareSpec &hardware,
                               const PricingOptions &options, size_t numOps,
                               llvm::ArrayRef<std::string> funcOfOp);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_SYMBOLICFINDINGS_H
