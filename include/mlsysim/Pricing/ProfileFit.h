//===- ProfileFit.h - Efficiencies fitted to a measured run -----*- C++ -*-===//
//
// The achievable efficiencies per op class that would make a priced
// program's prediction match the user's measured run (a ProfileOverlay of
// it): what `mlsysim-calibrate --from-profile` writes into a device file's
// `efficiency.by_class`. Each op's share of the measured time (the overlay
// splits a measured unit over its ops by their predicted time) says what
// efficiency its class would need; a class's fit is the ratio of sums, the
// efficiency under which the class's predicted time matches its measured
// time in total.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_PROFILEFIT_H
#define MLSYSIM_PRICING_PROFILEFIT_H

#include "mlsysim/Support/OpClass.h"

#include <string>
#include <vector>

namespace mlsysim {

struct PricedProgram;
struct ProfileOverlay;

/// The fitted efficiency of one class of kernels on one side of the
/// roofline.
struct ClassFit {
  OpClass opClass = OpClass::Unclassified;
  /// The compute efficiency (true) or the memory efficiency (false).
  bool compute = false;
  /// The efficiency the device file applies to the class, and the fit
  /// (clamped to the device-file range [0.001, 1]).
  double assumed = 0.0, fitted = 0.0;
  /// The fit before the clamp: outside the range when no efficiency a
  /// device file allows explains the run.
  double unclamped = 0.0;
  /// The measured ops the fit used, and their measured seconds per run.
  unsigned units = 0;
  double seconds = 0.0;
  /// Measured over predicted of those ops after the refit (each
  /// re-predicted with the fitted efficiency): the time-weighted 10th and
  /// 90th percentiles.
  double spreadLow = 0.0, spreadHigh = 0.0;
};

struct ProfileFit {
  /// By class, then compute before memory.
  std::vector<ClassFit> classes;
  /// Over the units the fit used: measured seconds per run, and the
  /// predicted seconds before and after the refit.
  double measured = 0.0, predictedBefore = 0.0, predictedAfter = 0.0;
  unsigned unitsUsed = 0;
  /// Why units were left out, with their counts: never silent.
  std::vector<std::string> notes;
};

/// Lowest and highest efficiency a device file accepts (docs/hardware.md).
inline constexpr double kMinFittedEfficiency = 0.001;
inline constexpr double kMaxFittedEfficiency = 1.0;

/// Fits the efficiencies of `program`'s device per (class, compute or
/// memory) from `overlay` (a profile mapped onto `program`). Each op with a
/// measured share counts for its class and for the roofline term its time
/// is made of (the larger of compute and memory, also when the launch
/// dominates). With its launch L, prediction p and measured share m, the
/// class's efficiency is e = e_assumed * sum(p - L) / sum(m - L). Ops
/// measured at or below their launch cannot be fitted (no efficiency
/// explains them) and are counted in the notes.
ProfileFit fitEfficiencies(const PricedProgram &program,
                           const ProfileOverlay &overlay);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_PROFILEFIT_H
