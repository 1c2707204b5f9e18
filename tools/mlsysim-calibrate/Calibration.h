//===- Calibration.h - The host's peaks, one measurement at a time -*- C++
//-*-===//
//
// Runs every measurement of mlsysim-calibrate (FMA FLOP/s, STREAM bandwidth
// out of DRAM and out of the last-level cache, the read rate of the L1 data
// cache and of the private L2, the fixed cost of a call, the clock) on one
// core and on all cores, and the load-to-use latency of every level on one
// core, reporting progress as it goes.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_CALIBRATION_H
#define MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_CALIBRATION_H

#include "Measure.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mlsysim::calibrate {

/// How hard to measure.
struct CalibrationPlan {
  unsigned threads = 1;            ///< "all cores"
  unsigned repeats = 10;           ///< samples per measurement
  double minSampleSeconds = 0.1;   ///< each sample runs at least this long
  uint64_t dramArrayBytes = 0;     ///< bytes of each of the 3 STREAM arrays
  uint64_t llcWorkingSetBytes = 0; ///< the 3 arrays together, for the LLC
  /// Bytes each core reads over and over, its own, for the read rate of its
  /// L1 data cache and of its private L2 (0: not measured).
  uint64_t l1WorkingSetBytes = 0;
  uint64_t l2WorkingSetBytes = 0;
  /// The pointer chases (load-to-use latency, one core): a level's key
  /// ("l1", "l2", "llc", "dram") and the bytes of its ring.
  std::vector<std::pair<std::string, uint64_t>> chaseWorkingSets;
  /// Footprints of the line-per-row reads (memory.strided_visits), and their
  /// rows' stride and line.
  std::vector<uint64_t> stridedFootprints;
  uint64_t stridedStrideBytes = 16384;
  uint64_t lineBytes = 64;
  bool progress = true; ///< a progress line per step on stderr
};

/// One row of the table: a quantity, its unit and its stats.
struct Measurement {
  std::string key;   ///< e.g. "fma-f32-all"
  std::string label; ///< e.g. "vector FMA f32, all cores"
  std::string unit;  ///< "FLOP/s", "B/s", "s", "Hz"
  unsigned threads = 1;
  Stats stats;
  std::string detail; ///< how it was measured (sizes, kernel)
};

/// Runs every measurement of the plan in a fixed order.
std::vector<Measurement> runCalibration(const CalibrationPlan &plan,
                                        llvm::raw_ostream &progress);

/// The measurement with the given key, or null when the plan had none.
const Measurement *find(const std::vector<Measurement> &all,
                        llvm::StringRef key);

/// The measurement with the given key; it must exist.
const Measurement &lookup(const std::vector<Measurement> &all,
                          llvm::StringRef key);

} // namespace mlsysim::calibrate

#endif // MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_CALIBRATION_H
