//===- Scaling.h - One sharded program at several device counts -*- C++ -*-===//
//
// `scaling=1,2,4,8` takes a program annotated for the shard dialect, sets its
// grid to each device count, partitions it with MLIR's own passes
// (sharding-propagation, shard-partition, canonicalize, cse) and prices the
// per-device program on the system: per-device time, the share that is
// communication, the speedup over the first count and the parallel
// efficiency. A count the passes cannot partition says why.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_SCALING_H
#define MLSYSIM_REPORTING_SCALING_H

#include "mlsysim/Reporting/ReportFormats.h"

namespace mlsysim {

struct ScalingPoint {
  int64_t devices = 1;
  /// Empty when partitioned and priced; else why not.
  std::string failure;
  double latency = 0.0, tCommunication = 0.0, communicationShare = 0.0;
  double bytesCommunicated = 0.0, hiddenTime = 0.0;
  double peakBytes = 0.0;
  unsigned collectives = 0, unmodeled = 0;
};

struct ScalingSeries {
  std::shared_ptr<const HardwareSpec> hardware;
  std::vector<ScalingPoint> points;
  /// Speedup of point `i` over the first priced point, and that per device.
  double getSpeedup(size_t i) const;
  double getEfficiency(size_t i) const;
};

void printScaling(llvm::ArrayRef<ScalingSeries> series, ReportFormat format,
                  llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_SCALING_H
