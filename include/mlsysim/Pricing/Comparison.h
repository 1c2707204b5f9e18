//===- Comparison.h - One program priced on several devices -----*- C++ -*-===//
//
// The question behind `hardware=a100,h100,h200`: what does the faster device
// buy, and where? A memory-bound op gains the bandwidth ratio, a
// compute-bound op the compute ratio, an overhead-bound op nothing. The
// first device is the reference every speedup is measured against.
//
// A ranking compares like with like: a device that leaves ops unmodeled
// (TPU v1 has no floating-point peak) would rank fast for the work it leaves
// out, and a rack priced as one device (the GB200 NVL72's 72 GPUs) fast for
// the 71 GPUs a one-device program cannot use. Both are ranked after the
// single devices that price the whole program, each group by latency.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_COMPARISON_H
#define MLSYSIM_PRICING_COMPARISON_H

#include "mlsysim/Pricing/PricedProgram.h"

namespace mlsysim {

/// Where a device stands in the ranking, in ranking order.
enum class DeviceRank {
  /// One device, pricing as many ops as the best-covered device does.
  Ranked,
  /// Several devices priced as one (a system, or a rack file's summed
  /// peaks): ranked after the single devices.
  System,
  /// Leaves more ops unmodeled than the best-covered device: its latency
  /// omits their work, so it is ranked last.
  Unmodeled,
};

/// `ranked`, `system` or `unmodeled`.
llvm::StringRef stringifyDeviceRank(DeviceRank rank);

struct DeviceComparison {
  /// The programs in the order asked for; the first is the reference.
  llvm::ArrayRef<PricedProgram> devices;
  /// Indices into `devices`: by rank, then fastest first (ties in the order
  /// asked for).
  std::vector<unsigned> byLatency;
  /// Each device's rank, in the order asked for.
  std::vector<DeviceRank> rank;
  /// Each device's speedup over the reference, in the order asked for.
  std::vector<double> speedup;
  /// Whether every function of each device fits its memory.
  std::vector<bool> fits;
  /// The ops the comparison lists (the reference's modeled ops that run) and
  /// each one's speedup on every device (`opSpeedup[i][device]`).
  std::vector<unsigned> ops;
  std::vector<std::vector<double>> opSpeedup;
  /// The devices with a serving step, fastest first step first.
  std::vector<unsigned> servingByLatency;
};

/// Compares `devices` (one program priced on each; the first the
/// reference).
DeviceComparison compareDevices(llvm::ArrayRef<PricedProgram> devices);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_COMPARISON_H
