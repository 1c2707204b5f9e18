//===- ProfileFit.cpp - Efficiencies fitted to a measured run -------------===//

#include "mlsysim/Pricing/ProfileFit.h"

#include "mlsysim/Pricing/PricedProgram.h"
#include "mlsysim/Pricing/ProfileOverlay.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>
#include <variant>

using namespace mlsysim;

namespace {
/// One measured op the fit can use.
struct FitSample {
  double measured = 0.0, predicted = 0.0, launch = 0.0;
  double assumed = 0.0, fitted = 0.0;

  /// The unit's prediction with `efficiency` in place of the assumed one:
  /// only the part above its launches scales.
  double repredict(double efficiency) const {
    return launch + (predicted - launch) * assumed / efficiency;
  }
};

/// Why a unit is left out, counted for the notes.
enum class Skip { NoPrediction, NotPriced, NotClassEfficiency, AtLaunch };
} // namespace

/// The value at quantile `q` of `values` weighted by `weights` (the first
/// whose cumulative weight reaches q of the total).
static double weightedQuantile(std::vector<std::pair<double, double>> samples,
                               double q) {
  llvm::sort(samples);
  double total = 0.0;
  for (const auto &sample : samples)
    total += sample.second;
  double reached = 0.0;
  for (const auto &[value, weight] : samples) {
    reached += weight;
    if (reached >= q * total)
      return value;
  }
  return samples.empty() ? 0.0 : samples.back().first;
}

/// The class and side an op fits, with the efficiency the device applies
/// there; or why it cannot be fitted.
static std::variant<std::pair<std::pair<OpClass, bool>, double>, Skip>
classify(const PricedProgram &program, const PricedOp &op) {
  const RooflineEstimate &r = op.roofline;
  if (!op.modeled || op.free || !r.priced || r.latency <= 0.0 ||
      (r.bound != Bound::Compute && r.bound != Bound::Memory &&
       r.bound != Bound::Overhead) ||
      std::max(r.tCompute, r.tMemory) <= 0.0)
    return Skip::NotPriced;
  // An overhead-bound op still has a term the efficiency divides: the larger
  // of the two is what a slower kernel is made of.
  bool compute = r.tCompute > r.tMemory;
  const HardwareSpec &hardware = *program.hardware;
  double assumed = compute ? hardware.getComputeEfficiency(op.opClass).value
                           : hardware.getMemoryEfficiency(op.opClass).value;
  // Strided reads and short accumulator chains set an efficiency of their
  // own: the class's value does not drive such an op's time.
  double applied = compute ? r.computeEfficiency : r.memoryEfficiency;
  if (applied != assumed)
    return Skip::NotClassEfficiency;
  return std::make_pair(std::make_pair(op.opClass, compute), assumed);
}

static std::string describeSkip(Skip skip, unsigned count) {
  llvm::StringRef units = count == 1 ? "op" : "ops";
  switch (skip) {
  case Skip::NoPrediction:
    return llvm::formatv(
        "{0} measured {1} with no predicted time above {2} launch cost", count,
        units, count == 1 ? "its" : "their");
  case Skip::NotPriced:
    return llvm::formatv(
        "{0} measured {1} free, unmodeled, a collective or without "
        "predicted time",
        count, units);
  case Skip::NotClassEfficiency:
    return llvm::formatv("{0} measured {1} at an efficiency of its own "
                         "(strided reads or short accumulator chains), not "
                         "its class's",
                         count, units);
  case Skip::AtLaunch:
    return llvm::formatv(
        "{0} measured {1} at or below {2} launch cost: no efficiency "
        "explains {3}",
        count, units, count == 1 ? "its" : "their", count == 1 ? "it" : "them");
  }
  return {};
}

/// The fit of one class from its samples.
static ClassFit fitClass(OpClass opClass, bool compute,
                         const std::vector<FitSample> &samples) {
  ClassFit fit;
  fit.opClass = opClass;
  fit.compute = compute;
  fit.assumed = samples.front().assumed;
  fit.units = samples.size();
  for (const FitSample &sample : samples)
    fit.seconds += sample.measured;
  // The ratio of sums: the efficiency under which the class's predicted
  // time above its launches equals the measured time above them, so the
  // class's total matches (a median let a few framework-bound ops set the
  // efficiency of every op of the class).
  double predicted = 0.0, measured = 0.0;
  for (const FitSample &sample : samples) {
    predicted += sample.predicted - sample.launch;
    measured += sample.measured - sample.launch;
  }
  fit.unclamped = fit.assumed * predicted / measured;
  fit.fitted =
      std::clamp(fit.unclamped, kMinFittedEfficiency, kMaxFittedEfficiency);
  std::vector<std::pair<double, double>> ratios;
  for (const FitSample &sample : samples)
    ratios.push_back(
        {sample.measured / sample.repredict(fit.fitted), sample.measured});
  fit.spreadLow = weightedQuantile(ratios, 0.1);
  fit.spreadHigh = weightedQuantile(ratios, 0.9);
  return fit;
}

ProfileFit mlsysim::fitEfficiencies(const PricedProgram &program,
                                    const ProfileOverlay &overlay) {
  // Op by op: each op's share of its unit's measured time (the overlay
  // splits a unit's time over its ops by their predicted time), so that a
  // transpose inside a matmul's unit counts as data movement at the unit's
  // pace, and a unit's time is not charged to its costliest op's class.
  std::map<std::pair<OpClass, bool>, std::vector<FitSample>> byClass;
  std::map<Skip, unsigned> skipped;
  for (const PricedOp &op : program.ops) {
    double measured =
        op.id < overlay.opMeasured.size() ? overlay.opMeasured[op.id] : -1.0;
    if (measured < 0 || (op.free && measured == 0))
      continue;
    auto classified = classify(program, op);
    if (auto *skip = std::get_if<Skip>(&classified)) {
      ++skipped[*skip];
      continue;
    }
    auto [key, assumed] =
        std::get<std::pair<std::pair<OpClass, bool>, double>>(classified);
    FitSample sample;
    sample.measured = measured;
    sample.predicted = op.roofline.latency;
    sample.launch = op.roofline.tOverhead;
    if (sample.predicted <= sample.launch) {
      ++skipped[Skip::NoPrediction];
      continue;
    }
    if (sample.measured <= sample.launch) {
      ++skipped[Skip::AtLaunch];
      continue;
    }
    sample.assumed = assumed;
    sample.fitted = assumed * (sample.predicted - sample.launch) /
                    (sample.measured - sample.launch);
    byClass[key].push_back(sample);
  }

  ProfileFit fit;
  for (const auto &[key, samples] : byClass) {
    ClassFit fitted = fitClass(key.first, key.second, samples);
    for (const FitSample &sample : samples) {
      fit.measured += sample.measured;
      fit.predictedBefore += sample.predicted;
      fit.predictedAfter += sample.repredict(fitted.fitted);
    }
    fit.unitsUsed += fitted.units;
    fit.classes.push_back(fitted);
  }
  // Compute before memory within a class (the map orders false first).
  llvm::stable_sort(fit.classes, [](const ClassFit &a, const ClassFit &b) {
    return a.opClass != b.opClass ? a.opClass < b.opClass
                                  : a.compute > b.compute;
  });
  for (const auto &[skip, count] : skipped)
    fit.notes.push_back(describeSkip(skip, count));
  return fit;
}
