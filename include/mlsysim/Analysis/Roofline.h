//===- Roofline.h - The roofline formula ------------------------*- C++ -*-===//
//
// The one place that turns counts into time on a device:
//   t_compute = ((flops + int_ops) / peak(unit, type) + transcendentals / sfu)
//               / compute_efficiency
//   t_memory  = (bytes_read + bytes_written) / (bandwidth * memory_efficiency)
//   latency   = max(t_compute, t_memory) + launch_overhead      (per execution)
//   roofline  = max of the two at efficiency 1, without overhead (the ideal)
// and names the bound: `overhead` when the launch overhead exceeds both terms,
// else `compute` or `memory`, whichever is larger.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_ANALYSIS_ROOFLINE_H
#define MLSYSIM_ANALYSIS_ROOFLINE_H

#include "mlsysim/Interfaces/OpCost.h"
#include "mlsysim/Hardware/HardwareSpec.h"

namespace mlsysim {

/// What limits an op.
enum class Bound { Compute, Memory, Overhead, Free };
llvm::StringRef stringifyBound(Bound bound);

/// Options of the roofline that change which peak applies.
struct RooflineOptions {
  /// Allow f32 contractions on the matrix unit at the TF32 rate.
  bool allowTF32 = false;
};

/// The peak that prices an op's arithmetic, after fallbacks.
struct PeakChoice {
  ComputeUnit unit = ComputeUnit::Vector;
  ElementKind kind = ElementKind::F32;
  double rate = 0.0; ///< FLOP/s or op/s.
};

/// The peak for arithmetic of `elementType` on the matrix unit (when
/// `matrixUnit`) or the vector unit, falling back to the vector unit, then to
/// wider formats, then to narrower ones of the same family (docs/hardware.md);
/// std::nullopt when the device rates no format of that family.
std::optional<PeakChoice> choosePeak(const HardwareSpec &hardware,
                                     bool matrixUnit, mlir::Type elementType,
                                     const RooflineOptions &options);

/// An op's time on a device.
struct RooflineEstimate {
  /// False when the device has no peak for the op's arithmetic.
  bool priced = true;
  std::string reason;
  /// The peak that priced the arithmetic (none for pure data movement).
  std::optional<PeakChoice> peak;
  /// The unit whose term dominates the compute time.
  std::optional<ComputeUnit> dominantUnit;
  double tCompute = 0.0;  ///< At the achievable compute efficiency.
  double tMemory = 0.0;   ///< At the achievable memory efficiency.
  double tOverhead = 0.0; ///< Launch overhead.
  double latency = 0.0;   ///< max(tCompute, tMemory) + tOverhead.
  double roofline = 0.0;  ///< Ideal: efficiency 1, no overhead.
  Bound bound = Bound::Free;
};

/// Prices `multiplier` executions of an op of cost `cost` (modeled) on
/// `hardware`. Each execution is one kernel launch.
RooflineEstimate estimateRoofline(const OpCost &cost, Count multiplier,
                                  const HardwareSpec &hardware,
                                  const RooflineOptions &options);

/// Arithmetic intensity: operations per byte moved (0 when nothing moves).
double arithmeticIntensity(Count ops, Count bytes);

} // namespace mlsysim

#endif // MLSYSIM_ANALYSIS_ROOFLINE_H
