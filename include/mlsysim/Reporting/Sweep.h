//===- Sweep.h - The batch-size lesson --------------------------*- C++ -*-===//
//
// `sweep=1,2,4,...,256` binds the dynamic dimensions to each value in turn and
// reports, per value and device, latency, throughput, MFU and the share of
// time by bound, and the value at which the total turns from memory- to
// compute-bound.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_SWEEP_H
#define MLSYSIM_REPORTING_SWEEP_H

#include "mlsysim/Reporting/ReportFormats.h"

namespace mlsysim {

/// Parses `1,2,4,...,256` (`...` doubles from the value before it up to the
/// one after it) into increasing positive values.
llvm::Expected<std::vector<int64_t>> parseSweepValues(llvm::StringRef text);

/// One device's totals at each swept value.
struct SweepSeries {
  std::shared_ptr<const HardwareSpec> hardware;
  std::vector<int64_t> values;
  std::vector<PricedTotals> totals;

  /// Samples per second at point `i` (the swept value is the batch).
  double getThroughput(size_t i) const;
  /// The first swept value from which compute-bound time exceeds
  /// memory-bound time; std::nullopt when it never does.
  std::optional<int64_t> getComputeBoundFrom() const;
};

void printSweep(llvm::ArrayRef<SweepSeries> series, ReportFormat format,
                llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_SWEEP_H
