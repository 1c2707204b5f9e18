//===- Diff.h - What a transformation bought --------------------*- C++ -*-===//
//
// Compares the report of a program with the report of its baseline (the IR
// before a pass): totals, and the ops that appeared, vanished or changed,
// matched by source location and op name.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_DIFF_H
#define MLSYSIM_REPORTING_DIFF_H

#include "mlsysim/Reporting/ReportFormats.h"

namespace mlsysim {

struct ReportDiff {
  std::string baselineName;
  /// Ops of the baseline with no counterpart now, and the reverse.
  std::vector<const PricedOp *> vanished, appeared;
  /// Matched ops whose predicted latency or traffic changed (baseline, now).
  std::vector<std::pair<const PricedOp *, const PricedOp *>> changed;
  unsigned unchanged = 0;
};

/// Matches the ops of `now` against `baseline` by (location, op name), in
/// program order within each key.
ReportDiff diffReports(const PricedProgram &baseline, const PricedProgram &now,
                       llvm::StringRef baselineName);

void printDiff(const PricedProgram &baseline, const PricedProgram &now,
               const ReportDiff &diff, ReportFormat format,
               llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_DIFF_H
