//===- SweepView.h - The batch-size lesson ----------------------*- C++ -*-===//
//
// `sweep=1,2,4,...,256` binds the dynamic dimensions to each value in turn and
// reports, per value and device, latency, throughput, MFU and the share of
// time by bound, and the value at which the total turns from memory- to
// compute-bound.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_SWEEPVIEW_H
#define MLSYSIM_REPORTING_SWEEPVIEW_H

#include "mlsysim/Pricing/Sweep.h"
#include "mlsysim/Reporting/ReportFormats.h"

namespace mlsysim {

void printSweep(llvm::ArrayRef<SweepSeries> series, ReportFormat format,
                llvm::raw_ostream &os);

void printScaling(llvm::ArrayRef<ScalingSeries> series, ReportFormat format,
                  llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_SWEEPVIEW_H
