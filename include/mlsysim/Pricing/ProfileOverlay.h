//===- ProfileOverlay.h - A measured run on the predicted program -*- C++
//-*-===//
//
// The user's measured profile (Profile/Profile.h) mapped onto the priced
// program: each measured op or kernel onto the IR op it ran (its anchor)
// and the ops around it that it stands for, with the measured time next to
// the predicted one. The mapping and every figure derived from it (the
// headroom, the achieved rates, the time left on the table) are made here,
// once; the views print them (docs/profiles.md).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_PROFILEOVERLAY_H
#define MLSYSIM_PRICING_PROFILEOVERLAY_H

#include "mlsysim/Pricing/Estimate.h"
#include "mlsysim/Profile/Profile.h"

#include <string>
#include <vector>

namespace mlsysim {

struct PricedProgram;

/// Measured entries mapped onto a run of IR ops: one framework op and the
/// IR ops it lowered to (aten::linear: the fill, the matmul and the bias
/// add), or one kernel and the ops it ran.
struct MeasuredUnit {
  /// The measured names mapped here, each once, in the order they ran.
  std::vector<std::string> names;
  /// The IR op the mapping matched (by shape, kind and order; or by id).
  unsigned anchor = 0;
  /// The IR ops it covers, in program order (the anchor among them).
  std::vector<unsigned> ops;
  /// Measured seconds per run (the mean over the profile's steps), and the
  /// measured entries per run.
  double measured = 0.0;
  double entries = 0.0;
  /// The predicted seconds of its ops under the report's execution model:
  /// each op's latency in eager and graph execution; in compiled execution
  /// its kernel's, split over the kernel's ops by their own latencies.
  double predicted = 0.0;
  /// Their work (FLOPs and integer ops, in the report's convention) and
  /// traffic, and the rates the measured time achieves.
  double flops = 0.0, bytes = 0.0;
  double achievedFlops = 0.0, achievedBytes = 0.0;
  /// Work per byte, and the rate the prediction attains (the predicted dot
  /// of the roofline chart; the measured dot is achievedFlops).
  double intensity = 0.0, predictedFlops = 0.0;
  /// Measured over predicted (0 when nothing is predicted), and the time
  /// left on the table (measured minus predicted; negative when the run
  /// beat the prediction).
  double headroom = 0.0, timeLeft = 0.0;
  /// The bound of its costliest op: what a kernel at the prediction is
  /// limited by, so what the gap is measured against.
  Bound bound = Bound::Free;
  /// Where the first entry started (seconds, the profile's clock).
  double start = 0.0;
};

/// Measured entries that map to no IR op, by name.
struct UnmatchedEntries {
  std::string name;
  double measured = 0.0; ///< Seconds per run.
  double entries = 0.0;  ///< Per run.
};

struct ProfileOverlay {
  std::string format, path;
  /// The runs the times are averaged over (the profile's steps; 1 when it
  /// marks none).
  unsigned runs = 1;
  /// Seconds per run: all measured entries, those mapped, and the
  /// prediction of the ops they map to.
  double measured = 0.0, matched = 0.0, predictedMatched = 0.0;
  /// Seconds per run of copies between host and device: outside the IR,
  /// so left out of `measured`.
  double hostTransfer = 0.0;
  /// By time left on the table, largest first.
  std::vector<MeasuredUnit> units;
  /// By measured time, largest first.
  std::vector<UnmatchedEntries> unmatched;
  /// Measured seconds per run of each IR op (by op id; a unit's time split
  /// over its ops by their predicted time) and of each compiled kernel (by
  /// kernel id, the sum of its ops'); negative when nothing measured maps.
  std::vector<double> opMeasured, kernelMeasured;
  /// IR ops the units cover; ops with predicted time that none covers.
  unsigned opsMeasured = 0;
  unsigned opsNotMeasured = 0;
  double predictedNotMeasured = 0.0;
  /// What the reader skipped and what the mapping could not use: never
  /// silent.
  std::vector<std::string> notes;

  /// The share of the measured time that maps to IR ops.
  double getMatchedShare() const;
  /// The unit whose anchor is `op`, or null.
  const MeasuredUnit *findUnit(unsigned anchor) const;
};

/// Maps `profile` onto `program`'s ops: by op id for this project's own
/// trace; otherwise each run (profiler step) is aligned in order against
/// the IR's ops, matching contractions by their multiply-accumulates,
/// convolutions by their filter's shape, and the other ops by their
/// tensors' sizes and kind; the IR ops in between go to the entry whose
/// anchor they feed, else to the one before.
/// `runs`: how many runs of the IR a profile that marks no steps holds (a
/// summary's totals; 0: one).
ProfileOverlay overlayProfile(const PricedProgram &program,
                              const Profile &profile, unsigned runs = 0);

/// Two overlays of the same IR (a profile before and after a change): per
/// anchor op, the measured time in each.
struct ProfileChange {
  unsigned anchor = 0;
  std::string name;
  /// Seconds per run; negative when that profile does not cover it.
  double before = -1.0, after = -1.0;
};
std::vector<ProfileChange> diffProfiles(const ProfileOverlay &before,
                                        const ProfileOverlay &after);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_PROFILEOVERLAY_H
