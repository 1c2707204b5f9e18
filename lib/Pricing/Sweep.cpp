//===- Sweep.cpp - One program priced at several sizes --------------------===//

#include "mlsysim/Pricing/Sweep.h"

#include "mlsysim/Pricing/Roofline.h"

using namespace mlsysim;

llvm::Expected<std::vector<int64_t>>
mlsysim::parseSweepValues(llvm::StringRef option, llvm::StringRef text) {
  auto error = [&](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   option + "=" + text + ": " + message);
  };
  llvm::SmallVector<llvm::StringRef> tokens;
  text.split(tokens, ',', -1, /*KeepEmpty=*/false);
  std::vector<int64_t> values;
  bool doubling = false;
  for (llvm::StringRef token : tokens) {
    token = token.trim();
    if (token == "...") {
      if (values.empty() || doubling)
        return error("'...' needs a value before and after it");
      doubling = true;
      continue;
    }
    int64_t value;
    if (token.getAsInteger(10, value) || value <= 0)
      return error("'" + token + "' is not a positive size");
    if (doubling) {
      // Doubles while the next value stays below `value`: compared as
      // `v < value / 2` before multiplying, so a bound near 2^63 cannot
      // overflow the loop.
      for (int64_t v = values.back(); v <= (value - 1) / 2;) {
        v *= 2;
        values.push_back(v);
      }
      doubling = false;
    }
    if (!values.empty() && value <= values.back())
      return error("values must increase");
    values.push_back(value);
  }
  if (doubling || values.empty())
    return error("expected values such as 1,2,4,...,256");
  return values;
}

double SweepSeries::getThroughput(size_t i) const {
  return mlsysim::getThroughput(values[i], totals[i].latency);
}

std::optional<int64_t> SweepSeries::getComputeBoundFrom() const {
  for (size_t i = 0; i < values.size(); ++i) {
    bool rest = true;
    for (size_t j = i; j < values.size() && rest; ++j)
      rest = diagnoses[j].computeShare > diagnoses[j].memoryShare &&
             diagnoses[j].computeShare > diagnoses[j].launchShare;
    if (rest)
      return values[i];
  }
  return std::nullopt;
}

ScalingPoint mlsysim::priceScalingPoint(const PricedProgram &program,
                                        int64_t devices) {
  ScalingPoint point;
  point.devices = devices;
  point.latency = program.totals.latency;
  point.tCommunication = program.totals.tCommunication;
  point.communicationShare = program.totals.getBoundShare(Bound::Communication);
  point.bytesCommunicated = program.totals.bytesCommunicated;
  point.hiddenTime = program.totals.hiddenTime;
  point.unmodeled = program.totals.numUnmodeled;
  for (const PricedOp &op : program.ops)
    point.collectives += op.opClass == OpClass::Collective;
  for (const PeakMemory &footprint : program.footprints)
    point.peakBytes =
        std::max(point.peakBytes, footprint.peakBytes().toDouble());
  return point;
}

/// The first point that was priced, the baseline of the speedups.
static const ScalingPoint *firstPriced(llvm::ArrayRef<ScalingPoint> points) {
  for (const ScalingPoint &point : points)
    if (point.failure.empty())
      return &point;
  return nullptr;
}

std::optional<double> ScalingSeries::getSpeedup(size_t i) const {
  const ScalingPoint *first = firstPriced(points);
  if (!first || !points[i].failure.empty() || !(points[i].latency > 0))
    return std::nullopt;
  return first->latency / points[i].latency;
}

std::optional<double> ScalingSeries::getEfficiency(size_t i) const {
  std::optional<double> speedup = getSpeedup(i);
  if (!speedup)
    return std::nullopt;
  return *speedup * firstPriced(points)->devices / points[i].devices;
}
