//===- Report.cpp - The one model of a report -----------------------------===//

#include "mlsysim/Reporting/Report.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlsysim;
using namespace mlir;

std::string mlsysim::formatLocation(Location loc) {
  // The common case first: a plain file location needs no walk.
  auto file = dyn_cast<FileLineColLoc>(loc);
  if (!file)
    file = loc->findInstanceOf<FileLineColLoc>();
  if (file) {
    StringRef name = file.getFilename().getValue();
    std::string text;
    text.reserve(name.size() + 16);
    text.append(name.data(), name.size());
    text += ':';
    text += std::to_string(file.getLine());
    text += ':';
    text += std::to_string(file.getColumn());
    return text;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

std::string OpReport::unit() const {
  if (!roofline.dominantUnit)
    return "";
  return stringifyComputeUnit(*roofline.dominantUnit).str();
}

void ReportTotals::add(const OpReport &op) {
  ++numOps;
  if (!op.modeled) {
    ++numUnmodeled;
    return;
  }
  ++numModeled;
  if (op.free) {
    ++numFree;
    return;
  }
  flops += op.flops;
  intOps += op.intOps;
  transcendentals += op.transcendentals;
  bytesRead += op.bytesRead;
  bytesWritten += op.bytesWritten;
  tCompute += op.roofline.tCompute;
  tMemory += op.roofline.tMemory;
  tOverhead += op.roofline.tOverhead;
  latency += op.roofline.latency;
  roofline += op.roofline.roofline;
  if (op.roofline.tOverhead > 0)
    launches += op.multiplier;
  if (op.roofline.peak) {
    auto &entry = workByPeak[{op.roofline.peak->unit, op.roofline.peak->kind}];
    entry.first += (op.flops + op.intOps).toDouble();
    entry.second = op.peakRate;
  }
  switch (op.roofline.bound) {
  case Bound::Compute:
    computeBoundTime += op.roofline.latency;
    break;
  case Bound::Memory:
    memoryBoundTime += op.roofline.latency;
    break;
  case Bound::Overhead:
    overheadBoundTime += op.roofline.latency;
    break;
  case Bound::Free:
    break;
  }
}

double mlsysim::getShare(double part, double whole) {
  return whole > 0 ? part / whole : 0.0;
}

double mlsysim::getThroughput(int64_t samples, double latency) {
  return getShare(static_cast<double>(samples), latency);
}

double mlsysim::getSpeedup(double baseLatency, double latency) {
  return latency > 0 ? baseLatency / latency : 0.0;
}

double ReportTotals::getBoundTime(Bound bound) const {
  switch (bound) {
  case Bound::Compute:
    return computeBoundTime;
  case Bound::Memory:
    return memoryBoundTime;
  case Bound::Overhead:
    return overheadBoundTime;
  case Bound::Free:
    return 0.0;
  }
  llvm_unreachable("unknown bound");
}

double ReportTotals::getBoundShare(Bound bound) const {
  return getShare(getBoundTime(bound), latency);
}

std::optional<std::pair<ComputeUnit, ElementKind>>
ReportTotals::getDominantPeak() const {
  std::optional<std::pair<ComputeUnit, ElementKind>> dominant;
  double most = -1;
  for (const auto &[key, entry] : workByPeak)
    if (entry.first > most) {
      most = entry.first;
      dominant = key;
    }
  return dominant;
}

double ReportTotals::getMFU() const {
  auto dominant = getDominantPeak();
  if (!dominant || latency <= 0)
    return 0.0;
  double rate = workByPeak.at(*dominant).second;
  return rate > 0 ? (flops + intOps).toDouble() / latency / rate : 0.0;
}

double Report::getThroughput(const ReportTotals &totals) const {
  return mlsysim::getThroughput(options.batch, totals.latency);
}

std::optional<double> Report::getEnergy(const ReportTotals &totals) const {
  if (!hardware->tdpW)
    return std::nullopt;
  return hardware->tdpW->value * totals.latency;
}

std::optional<double> Report::getRidgePoint(ComputeUnit unit,
                                            ElementKind kind) const {
  return mlsysim::getRidgePoint(*hardware, unit, kind, options.convention);
}

bool Report::fits(const PeakMemory &footprint) const {
  return footprint.peakBytes().toDouble() <=
         hardware->memoryCapacityBytes.value;
}

Report mlsysim::buildReport(const CostAnalysis &analysis,
                            std::shared_ptr<const HardwareSpec> hardware,
                            const ReportOptions &options) {
  Report report;
  report.hardware = std::move(hardware);
  report.options = options;
  llvm::MapVector<StringRef, ReportTotals> byFunction;
  llvm::MapVector<StringRef, UnmodeledSummary> unmodeled;
  llvm::SetVector<Operation *> unknownLoops;
  // Printing a type is slow; a model has a handful of element types.
  llvm::DenseMap<Type, std::string> typeNames;

  for (const OpCostRecord &record : analysis.getRecords()) {
    OpReport op;
    op.id = report.ops.size();
    op.op = record.op;
    op.name = record.op->getName().getStringRef().str();
    op.func = record.funcName.str();
    op.loc = formatLocation(record.op->getLoc());
    op.multiplier = record.multiplier;
    op.tripCountUnknown = record.unknownTripCountLoop != nullptr;
    if (record.unknownTripCountLoop)
      unknownLoops.insert(record.unknownTripCountLoop);

    const OpCost &cost = record.cost;
    op.modeled = cost.modeled;
    op.reason = cost.reason;
    if (cost.modeled) {
      op.roofline = estimateRoofline(cost, record.multiplier, *report.hardware,
                                     options.roofline);
      if (!op.roofline.priced) {
        op.modeled = false;
        op.reason = op.roofline.reason;
      }
    }
    if (op.modeled) {
      const Count &n = record.multiplier;
      op.free = cost.isFree();
      op.flops =
          applyFlopConvention(cost.flops, cost.macs, options.convention) * n;
      op.intOps =
          applyFlopConvention(cost.intOps, cost.intMacs, options.convention) *
          n;
      op.transcendentals = cost.transcendentals * n;
      op.bytesRead = cost.bytesRead * n;
      op.bytesWritten = cost.bytesWritten * n;
      op.intensity = arithmeticIntensity(op.flops + op.intOps, op.bytes());
      if (op.roofline.peak)
        op.peakRate =
            peakInConvention(op.roofline.peak->rate, options.convention);
      if (cost.elementType) {
        auto [it, inserted] = typeNames.try_emplace(cost.elementType);
        if (inserted)
          llvm::raw_string_ostream(it->second) << cost.elementType;
        op.dtype = it->second;
      }
    } else {
      UnmodeledSummary &summary =
          unmodeled[record.op->getName().getStringRef()];
      if (summary.count++ == 0) {
        summary.name = op.name;
        summary.reason = op.reason;
        summary.first = record.op;
      }
    }
    byFunction[record.funcName].add(op);
    report.totals.add(op);
    report.ops.push_back(std::move(op));
  }
  report.footprints.assign(analysis.getFootprints().begin(),
                           analysis.getFootprints().end());
  llvm::DenseMap<Operation *, unsigned> idOf;
  for (const OpReport &op : report.ops)
    idOf[op.op] = op.id;
  for (auto &[name, totals] : byFunction) {
    FunctionReport func{name.str(), totals};
    for (auto [index, footprint] : llvm::enumerate(report.footprints))
      if (footprint.name == func.name) {
        func.footprintIndex = index;
        if (footprint.peakOp && idOf.count(footprint.peakOp))
          func.peakOpId = idOf[footprint.peakOp];
      }
    report.functions.push_back(std::move(func));
  }
  for (auto &entry : unmodeled)
    report.unmodeled.push_back(entry.second);
  report.unknownTripCountLoops.assign(unknownLoops.begin(), unknownLoops.end());
  if (options.fusion) {
    report.fusion = planFusion(analysis, *report.hardware, options.roofline);
    for (OpReport &op : report.ops)
      op.fusionGroup = report.fusion->groupOf[op.id];
  }
  return report;
}
