//===- ToyDevice.h - A device with round numbers for unit tests -*- C++ -*-===//

#ifndef MLSYSIM_UNITTESTS_TOYDEVICE_H
#define MLSYSIM_UNITTESTS_TOYDEVICE_H

#include "mlsysim/Hardware/HardwareSpec.h"

namespace mlsysim::unittest {

inline SourcedValue value(double v) { return SourcedValue{v, "", "test", ""}; }

/// A device with round numbers: f16 matrix 100 TFLOP/s, f32 vector 10 TFLOP/s,
/// 1 TB/s, efficiencies 0.5, 1 us launch.
inline HardwareSpec toyDevice() {
  HardwareSpec hw;
  hw.id = "toy";
  hw.matrixPeaks[ElementKind::F16] = value(100e12);
  hw.matrixPeaks[ElementKind::TF32] = value(50e12);
  hw.vectorPeaks[ElementKind::F32] = value(10e12);
  hw.vectorPeaks[ElementKind::I32] = value(5e12);
  hw.specialFunctionRate = value(1e12);
  hw.memoryBandwidthBytesPerS = value(1e12);
  hw.memoryCapacityBytes = value(1e9);
  hw.launchOverheadS[ExecutionModel::Eager] = value(1e-6);
  hw.computeEfficiency = value(0.5);
  hw.memoryEfficiency = value(0.5);
  return hw;
}

} // namespace mlsysim::unittest

#endif // MLSYSIM_UNITTESTS_TOYDEVICE_H
