//===- ProgramDiff.h - What a transformation bought -------------*- C++ -*-===//
//
// The priced program of the IR against that of its baseline (the IR before
// a pass): the ops that appeared, vanished or changed, matched by source
// location and op name.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_PROGRAMDIFF_H
#define MLSYSIM_PRICING_PROGRAMDIFF_H

#include "mlsysim/Pricing/PricedProgram.h"

namespace mlsysim {

struct ReportDiff {
  std::string baselineName;
  /// Ops of the baseline with no counterpart now, and the reverse; free
  /// ones (modeled, no work and no traffic: constants, empty tensors) are
  /// only counted, in `freeVanished` and `freeAppeared`.
  std::vector<const PricedOp *> vanished, appeared;
  unsigned freeVanished = 0, freeAppeared = 0;
  /// Matched ops whose predicted latency or traffic changed (baseline, now).
  std::vector<std::pair<const PricedOp *, const PricedOp *>> changed;
  unsigned unchanged = 0;
};

/// Matches the ops of `now` against `baseline` by (location, op name), in
/// program order within each key.
ReportDiff diffReports(const PricedProgram &baseline, const PricedProgram &now,
                       llvm::StringRef baselineName);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_PROGRAMDIFF_H
