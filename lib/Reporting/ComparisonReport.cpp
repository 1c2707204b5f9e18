//===- ComparisonReport.cpp - Several devices side by side ----------------===//
//
// The question behind `hardware=a100,h100,h200`: what does the faster device
// buy, and where? A memory-bound op gains the bandwidth ratio, a compute-bound
// op the compute ratio, an overhead-bound op nothing.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/ReportFormats.h"

#include "mlsysim/Reporting/ServingViews.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/Support/Format.h"

using namespace mlsysim;

/// The line that opens the rows of `rank` below the ranked devices.
static llvm::StringRef describeRankGroup(DeviceRank rank) {
  switch (rank) {
  case DeviceRank::Ranked:
    return "";
  case DeviceRank::System:
    return "several devices priced as one (xN), not ranked with single "
           "devices: a one-device program uses one of them";
  case DeviceRank::Unmodeled:
    return "leaving more ops unmodeled than the devices above, not ranked: "
           "the latency omits their work";
  }
  llvm_unreachable("unknown device rank");
}

void mlsysim::printTextComparison(const DeviceComparison &comparison,
                                  llvm::raw_ostream &os) {
  llvm::ArrayRef<PricedProgram> reports = comparison.devices;
  const PricedProgram &base = reports.front();
  os << "\ncomparison across devices (speedup over "
     << base.hardware->getLabel() << "):\n";
  // The shares are the diagnosis's, as each device's own report prints
  // them ("time: compute ... · memory ... · launches ...").
  os << llvm::format("  %-28s %10s %8s %14s %7s %9s %8s %9s %11s %10s\n",
                     "device", "latency", "speedup", "samples/s", "MFU",
                     "compute", "memory", "launches", "memory fit",
                     "unmodeled");
  DeviceRank group = DeviceRank::Ranked;
  for (unsigned index : comparison.byLatency) {
    const PricedProgram &report = reports[index];
    const PricedTotals &t = report.totals;
    const Diagnosis &d = report.diagnosis;
    DeviceRank rank = comparison.rank[index];
    if (rank != group) {
      os << "  " << describeRankGroup(rank) << ":\n";
      group = rank;
    }
    std::string label = report.hardware->getLabel();
    if (int64_t count = report.hardware->getAcceleratorCount(); count > 1)
      label += " x" + std::to_string(count);
    os << llvm::format(
        "  %-28s %10s %8s %14s %7s %9s %8s %9s %11s %10u\n", label.c_str(),
        formatSeconds(t.latency).c_str(),
        (formatFixed(comparison.speedup[index], 2) + "x").c_str(),
        formatQuantity(report.getThroughput(t), "").c_str(),
        formatPercent(t.getMFU()).c_str(),
        formatPercent(d.computeShare).c_str(),
        formatPercent(d.memoryShare).c_str(),
        formatPercent(d.launchShare).c_str(),
        comparison.fits[index] ? "fits" : "NO", t.numUnmodeled);
  }

  // A serving step: each device's answer to "where do I serve it" (the
  // first device's whole view is above).
  if (base.serving) {
    bool decode = base.serving->step == ServingStep::Decode;
    os << "\nserving @" << base.serving->func << " across devices:\n";
    os << llvm::format("  %-28s %14s %12s %16s\n", "device",
                       decode ? "per token (1)" : "first token (1)",
                       "max batch", "tokens/s there");
    // Fastest step first.
    for (unsigned index : comparison.servingByLatency) {
      const PricedProgram *device = &reports[index];
      const ServingReport &s = *device->serving;
      const ServingPoint &first = s.points.front();
      const ServingPoint &last = s.points.back();
      os << llvm::format(
          "  %-28s %14s %12s %16s\n", device->hardware->getLabel().c_str(),
          formatSeconds(first.latency).c_str(),
          s.maxBatch ? std::to_string(*s.maxBatch).c_str() : "none",
          formatQuantity(last.tokensPerS, "").c_str());
    }
  }

  // Past a handful of devices a per-op table is unreadable: the JSON view
  // has it.
  if (reports.size() > 4)
    return;
  os << "\nper op (latency and bound on each device; speedup over "
     << base.hardware->getLabel() << "):\n";
  os << llvm::format("  %6s  %-26s", "id", "op");
  for (const PricedProgram &report : reports)
    os << llvm::format(" %24s", report.hardware->getLabel().c_str());
  os << "\n";
  for (auto [row, id] : llvm::enumerate(comparison.ops)) {
    const PricedOp &op = base.ops[id];
    os << llvm::format("  %6u  %-26s", op.id, op.name.str().c_str());
    for (auto [device, report] : llvm::enumerate(reports)) {
      const PricedOp &other = report.ops[op.id];
      double speedup = comparison.opSpeedup[row][device];
      // Three letters per bound; `cmm` keeps communication apart from
      // compute.
      llvm::StringRef bound =
          other.roofline.bound == Bound::Communication
              ? llvm::StringRef("cmm")
              : stringifyBound(other.roofline.bound).substr(0, 3);
      std::string cell = formatSeconds(other.roofline.latency) + " " +
                         bound.str() + " " + formatFixed(speedup, 2) + "x";
      os << llvm::format(" %24s", cell.c_str());
    }
    os << "\n";
  }
}

void mlsysim::printTrackLine(llvm::StringRef what, const PricedTotals *before,
                             const PricedTotals &now,
                             const HardwareSpec &hardware,
                             llvm::raw_ostream &os) {
  os << "mlsysim-track: after " << what << ":";
  bool first = true;
  for (ExecutionModel model :
       {ExecutionModel::Compiled, ExecutionModel::Eager}) {
    ExecutionTotals entry = now.getExecution(model);
    os << (first ? " " : "; ") << stringifyExecutionModel(model) << " "
       << formatSeconds(entry.latency);
    if (before)
      os << formatChange(before->getExecution(model).latency, entry.latency);
    os << " in " << formatCount(entry.kernels, "kernel");
    first = false;
  }
  os << "; "
     << formatQuantity((now.bytesRead + now.bytesWritten).toDouble(), "B")
     << " moved as compiled, "
     << formatCount(Count(now.numUnmodeled), "unmodeled op") << " on "
     << hardware.id << "\n";
}
