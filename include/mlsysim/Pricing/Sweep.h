//===- Sweep.h - One program priced at several sizes ------------*- C++ -*-===//
//
// `sweep=1,2,4,...,256` binds the dynamic dimensions to each value in turn
// and prices the program on each device: latency, throughput, MFU and the
// share of time by bound at each value, and the value at which the total
// turns from memory- to compute-bound. `scaling=` prices a sharded program
// at several device counts: per-device time, the share that is
// communication, the speedup over the first count and the parallel
// efficiency.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_SWEEP_H
#define MLSYSIM_PRICING_SWEEP_H

#include "mlsysim/Pricing/PricedProgram.h"

namespace mlsysim {

/// Parses `1,2,4,...,256` (`...` doubles from the value before it up to the
/// one after it) into increasing positive values. Errors name the option the
/// values were given to (`sweep=` or `scaling=`).
llvm::Expected<std::vector<int64_t>> parseSweepValues(llvm::StringRef option,
                                                      llvm::StringRef text);

/// One device's totals at each swept value.
struct SweepSeries {
  std::shared_ptr<const HardwareSpec> hardware;
  std::vector<int64_t> values;
  std::vector<PricedTotals> totals;
  /// Where the time goes at each point (the shares the report's `time:`
  /// line gives).
  std::vector<Diagnosis> diagnoses;

  /// Samples per second at point `i` (the swept value is the batch).
  double getThroughput(size_t i) const;
  /// The first swept value from which compute takes the largest share of
  /// the time (over memory and launches) at every value swept;
  /// std::nullopt when it never does.
  std::optional<int64_t> getComputeBoundFrom() const;
};

struct ScalingPoint {
  int64_t devices = 1;
  /// Empty when partitioned and priced; else why not.
  std::string failure;
  double latency = 0.0, tCommunication = 0.0, communicationShare = 0.0;
  double bytesCommunicated = 0.0, hiddenTime = 0.0;
  double peakBytes = 0.0;
  unsigned collectives = 0, unmodeled = 0;
};

/// The point of `program`, the per-device program at `devices` devices.
ScalingPoint priceScalingPoint(const PricedProgram &program, int64_t devices);

struct ScalingSeries {
  std::shared_ptr<const HardwareSpec> hardware;
  std::vector<ScalingPoint> points;
  /// Speedup of point `i` over the first priced point, and that per device:
  /// unknown (std::nullopt) when point `i` failed or none was priced.
  std::optional<double> getSpeedup(size_t i) const;
  std::optional<double> getEfficiency(size_t i) const;
};

} // namespace mlsysim

#endif // MLSYSIM_PRICING_SWEEP_H
