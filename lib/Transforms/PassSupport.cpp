//===- PassSupport.cpp - What every pricing pass does first ---------------===//

#include "PassSupport.h"

#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/Units.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlsysim;
using namespace mlir;

void mlsysim::passutil::emitCoverageWarnings(const PricedProgram &report) {
  for (const CaveatSummary &summary : report.unmodeled) {
    InFlightDiagnostic diag =
        emitWarning(escapeTerminal(summary.first->getLoc()))
        << escapeTerminal(summary.reason) << "; listed as unmodeled";
    if (summary.count > 1)
      diag << " (" << summary.count << " '" << escapeTerminal(summary.name)
           << "' ops)";
  }
  for (const CaveatSummary &summary : report.approximate) {
    InFlightDiagnostic diag =
        emitWarning(escapeTerminal(summary.first->getLoc()))
        << escapeTerminal(summary.reason);
    if (summary.count > 1)
      diag << " (" << summary.count << " '" << escapeTerminal(summary.name)
           << "' ops)";
  }
  for (Operation *loop : report.unknownTripCountLoops)
    emitWarning(escapeTerminal(loop->getLoc()))
        << "trip count unknown: the ops inside are counted once per run of "
           "this loop";
  emitFitWarnings(report);
}

void mlsysim::passutil::emitFitWarnings(const PricedProgram &report) {
  for (const PeakMemory &footprint : report.footprints)
    if (!report.fits(footprint))
      // At the op where live memory peaks: a function's own location can be
      // a signature line of thousands of arguments.
      emitWarning(escapeTerminal(footprint.peakOp ? footprint.peakOp->getLoc()
                                                  : footprint.func->getLoc()))
          << "does not fit: @" << escapeTerminal(footprint.name) << " needs "
          << formatQuantity(footprint.peakBytes().toDouble(), "B")
          << " at its peak" << (footprint.peakOp ? ", at this op" : "")
          << " (arguments and live intermediates); " << report.hardware->name
          << " has "
          << formatQuantity(report.hardware->memoryCapacityBytes.value, "B");
}
