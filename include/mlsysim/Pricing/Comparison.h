//===- Comparison.h - One program priced on several devices -----*- C++ -*-===//
//
// The question behind `hardware=a100,h100,h200`: what does the faster device
// buy, and where? A memory-bound op gains the bandwidth ratio, a
// compute-bound op the compute ratio, an overhead-bound op nothing. The
// first device is the baseline every speedup is measured against.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_COMPARISON_H
#define MLSYSIM_PRICING_COMPARISON_H

#include "mlsysim/Pricing/PricedProgram.h"

namespace mlsysim {

struct DeviceComparison {
  /// The programs in the order asked for; the first is the baseline.
  llvm::ArrayRef<PricedProgram> devices;
  /// Indices into `devices`, fastest first (ties in the order asked for).
  std::vector<unsigned> byLatency;
  /// Each device's speedup over the baseline, in the order asked for.
  std::vector<double> speedup;
  /// Whether every function of each device fits its memory.
  std::vector<bool> fits;
  /// The ops the comparison lists (the baseline's modeled ops that run) and
  /// each one's speedup on every device (`opSpeedup[i][device]`).
  std::vector<unsigned> ops;
  std::vector<std::vector<double>> opSpeedup;
  /// The devices with a serving step, fastest first step first.
  std::vector<unsigned> servingByLatency;
};

/// Compares `devices` (one program priced on each; the first the baseline).
DeviceComparison compareDevices(llvm::ArrayRef<PricedProgram> devices);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_COMPARISON_H
