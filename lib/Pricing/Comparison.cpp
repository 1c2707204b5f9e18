//===- Comparison.cpp - One program priced on several devices -------------===//

#include "mlsysim/Pricing/Comparison.h"

#include "mlsysim/Pricing/Roofline.h"

using namespace mlsysim;

llvm::StringRef mlsysim::stringifyDeviceRank(DeviceRank rank) {
  switch (rank) {
  case DeviceRank::Ranked:
    return "ranked";
  case DeviceRank::System:
    return "system";
  case DeviceRank::Unmodeled:
    return "unmodeled";
  }
  llvm_unreachable("unknown device rank");
}

DeviceComparison
mlsysim::compareDevices(llvm::ArrayRef<PricedProgram> devices) {
  DeviceComparison comparison;
  comparison.devices = devices;
  const PricedProgram &base = devices.front();
  unsigned fewestUnmodeled =
      llvm::min_element(devices, [](const auto &a, const auto &b) {
        return a.totals.numUnmodeled < b.totals.numUnmodeled;
      })->totals.numUnmodeled;
  for (unsigned index = 0; index < devices.size(); ++index) {
    const PricedProgram &device = devices[index];
    comparison.byLatency.push_back(index);
    comparison.rank.push_back(
        device.totals.numUnmodeled > fewestUnmodeled ? DeviceRank::Unmodeled
        : device.hardware->getAcceleratorCount() > 1 ? DeviceRank::System
                                                     : DeviceRank::Ranked);
    comparison.speedup.push_back(
        getSpeedup(base.totals.latency, device.totals.latency));
    comparison.fits.push_back(
        llvm::all_of(device.footprints, [&](const PeakMemory &footprint) {
          return device.fits(footprint);
        }));
    if (device.serving && !device.serving->points.empty())
      comparison.servingByLatency.push_back(index);
  }
  llvm::stable_sort(comparison.byLatency, [&](unsigned a, unsigned b) {
    return std::pair(comparison.rank[a], devices[a].totals.latency) <
           std::pair(comparison.rank[b], devices[b].totals.latency);
  });
  llvm::stable_sort(comparison.servingByLatency, [&](unsigned a, unsigned b) {
    return devices[a].serving->points.front().latency <
           devices[b].serving->points.front().latency;
  });
  for (const PricedOp &op : base.ops) {
    if (!op.modeled || op.free)
      continue;
    comparison.ops.push_back(op.id);
    std::vector<double> &speedups = comparison.opSpeedup.emplace_back();
    for (const PricedProgram &device : devices)
      speedups.push_back(
          getSpeedup(op.roofline.latency, device.ops[op.id].roofline.latency));
  }
  return comparison;
}
