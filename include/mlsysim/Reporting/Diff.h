//===- Diff.h - What a transformation bought --------------------*- C++ -*-===//
//
// The totals of a program against those of its baseline (the IR before a
// pass), and the ops that appeared, vanished or changed (ProgramDiff.h).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_DIFF_H
#define MLSYSIM_REPORTING_DIFF_H

#include "mlsysim/Pricing/ProgramDiff.h"
#include "mlsysim/Reporting/ReportFormats.h"

namespace mlsysim {

void printDiff(const PricedProgram &baseline, const PricedProgram &now,
               const ReportDiff &diff, ReportFormat format,
               llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_DIFF_H
