//===- TextReport.cpp - The text view -------------------------------------===//
//
// An aligned table in program order with human units, then totals per
// function and for the module, the time share by bound and the five ops that
// take longest. Free ops (reshapes, casts, empty) are folded into one line.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/ReportFormats.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Format.h"

#include <algorithm>

using namespace mlsysim;

/// A column of the op table.
struct Column {
  const char *title;
  bool leftAligned;
};

static constexpr Column kColumns[] = {
    {"id", false},      {"op", true},      {"location", true}, {"runs", false},
    {"work", false},    {"bytes", false},  {"ops/B", false},   {"unit", true},
    {"compute", false}, {"memory", false}, {"latency", false}, {"bound", true},
};

static constexpr Column kFusionColumns[] = {
    {"group", false},    {"kind", true},       {"bytes saved", false},
    {"launches", false}, {"ops added", false}, {"before", false},
    {"after", false},    {"saved", false},     {"share", false},
    {"ops", true},
};

static std::string provenance(const SourcedValue &value) {
  return value.assumption.empty() ? "source: " + value.source
                                  : "assumption: " + value.assumption;
}

static std::string describeUnit(const OpReport &op) {
  if (!op.roofline.peak)
    return "-";
  std::string text = stringifyComputeUnit(op.roofline.peak->unit).str() + ":" +
                     stringifyElementKind(op.roofline.peak->kind).str();
  if (op.roofline.dominantUnit == ComputeUnit::SpecialFunction)
    text += "+sfu";
  return text;
}

/// FLOPs and integer ops with their units ("17.2 GFLOP", "65.5 Kiop").
static std::string formatWork(const OpReport &op) {
  double flops = op.flops.toDouble(), intOps = op.intOps.toDouble();
  if (intOps == 0)
    return formatQuantity(flops, "FLOP");
  if (flops == 0)
    return formatQuantity(intOps, "iop");
  return formatQuantity(flops, "FLOP") + " + " + formatQuantity(intOps, "iop");
}

static llvm::SmallVector<std::string> formatRow(const OpReport &op) {
  std::string runs;
  llvm::raw_string_ostream(runs) << op.multiplier;
  if (op.tripCountUnknown)
    runs += "?";
  const std::string &name = op.name;
  if (!op.modeled)
    return {std::to_string(op.id),
            name,
            op.loc,
            runs,
            "-",
            "-",
            "-",
            "-",
            "-",
            "-",
            "-",
            "unmodeled"};
  return {std::to_string(op.id),
          name,
          op.loc,
          runs,
          formatWork(op),
          formatQuantity(op.bytes().toDouble(), "B"),
          formatFixed(op.intensity, 2),
          describeUnit(op),
          formatSeconds(op.roofline.tCompute),
          formatSeconds(op.roofline.tMemory),
          formatSeconds(op.roofline.latency),
          stringifyBound(op.roofline.bound).str()};
}

/// Display width of a cell: code points, not bytes ("µs").
static size_t displayWidth(llvm::StringRef cell) {
  return llvm::count_if(cell, [](char c) { return (c & 0xC0) != 0x80; });
}

static void printTable(llvm::ArrayRef<llvm::SmallVector<std::string>> rows,
                       llvm::raw_ostream &os,
                       llvm::ArrayRef<Column> columns = kColumns) {
  llvm::SmallVector<std::string> header;
  for (const Column &column : columns)
    header.push_back(column.title);
  size_t numColumns = header.size();
  // Widths once per cell, reused for the padding.
  std::vector<uint16_t> cellWidths;
  cellWidths.reserve((rows.size() + 1) * numColumns);
  llvm::SmallVector<size_t> widths(numColumns, 0);
  auto measure = [&](llvm::ArrayRef<std::string> row) {
    for (auto [i, cell] : llvm::enumerate(row)) {
      size_t width = displayWidth(cell);
      cellWidths.push_back(
          static_cast<uint16_t>(std::min<size_t>(width, 65535)));
      widths[i] = std::max(widths[i], width);
    }
  };
  measure(header);
  for (const auto &row : rows)
    measure(row);
  size_t next = 0;
  auto printRow = [&](llvm::ArrayRef<std::string> cells) {
    os << " ";
    for (auto [i, cell] : llvm::enumerate(cells)) {
      size_t pad = widths[i] - cellWidths[next++];
      os << "  ";
      if (columns[i].leftAligned) {
        os << cell;
        if (i + 1 != cells.size())
          os.indent(pad);
      } else {
        os.indent(pad) << cell;
      }
    }
    os << "\n";
  };
  printRow(header);
  for (const auto &row : rows)
    printRow(row);
}

/// "matrix f16" for a peak key.
static std::string describePeak(std::pair<ComputeUnit, ElementKind> key) {
  return (stringifyComputeUnit(key.first) + " " +
          stringifyElementKind(key.second))
      .str();
}

/// Throughput, MFU, energy and memory feasibility of a run of `totals`.
static void printSummary(const Report &report, const ReportTotals &totals,
                         const PeakMemory *footprint, int64_t peakOpId,
                         llvm::raw_ostream &os) {
  if (totals.latency > 0) {
    os << "  throughput: " << formatQuantity(report.getThroughput(totals), "")
       << "samples/s at batch " << report.options.batch << "\n";
    if (auto dominant = totals.getDominantPeak())
      os << "  MFU: " << formatPercent(totals.getMFU()) << " of the "
         << describePeak(*dominant) << " peak ("
         << formatQuantity(totals.workByPeak.at(*dominant).second,
                           isIntegerKind(dominant->second) ? "OP/s" : "FLOP/s")
         << ", the unit that did the most work)\n";
    if (auto energy = report.getEnergy(totals))
      os << "  energy: " << formatQuantity(*energy, "J") << " (TDP "
         << formatQuantity(report.hardware->tdpW->value, "W")
         << " x predicted latency: an upper bound)\n";
  }
  if (!footprint)
    return;
  const HardwareSpec &hw = *report.hardware;
  os << "  memory: " << formatQuantity(footprint->peakBytes().toDouble(), "B")
     << " at peak (arguments "
     << formatQuantity(footprint->argumentBytes.toDouble(), "B")
     << " + live intermediates "
     << formatQuantity(footprint->peakIntermediateBytes.toDouble(), "B");
  if (peakOpId >= 0)
    os << " at #" << peakOpId;
  os << ") of " << formatQuantity(hw.memoryCapacityBytes.value, "B") << ": "
     << (report.fits(*footprint) ? "fits" : "DOES NOT FIT");
  if (footprint->unknownSizes)
    os << " (" << footprint->unknownSizes
       << " buffers of unknown size left out)";
  os << "\n";
  if (!footprint->parameters.isZero())
    os << "  parameters: "
       << formatQuantity(footprint->parameters.toDouble(), "")
       << "(arguments tagged mlsysim.param)\n";
}

static void printTotals(const ReportTotals &totals, llvm::raw_ostream &os) {
  os << "  ops: " << totals.numOps << " (" << totals.numModeled
     << " modeled, of which " << totals.numFree << " free; "
     << totals.numUnmodeled
     << " unmodeled); kernel launches: " << totals.launches << "\n";
  os << "  work: " << formatQuantity(totals.flops.toDouble(), "FLOP") << ", "
     << formatQuantity(totals.intOps.toDouble(), "") << "integer ops, "
     << formatQuantity(totals.transcendentals.toDouble(), "")
     << "transcendentals\n";
  os << "  traffic: " << formatQuantity(totals.bytesRead.toDouble(), "B")
     << " read, " << formatQuantity(totals.bytesWritten.toDouble(), "B")
     << " written\n";
  os << "  predicted latency: " << formatSeconds(totals.latency)
     << " (ideal roofline " << formatSeconds(totals.roofline) << "; compute "
     << formatSeconds(totals.tCompute) << ", memory "
     << formatSeconds(totals.tMemory) << ", launch overhead "
     << formatSeconds(totals.tOverhead) << ")\n";
  if (totals.latency > 0)
    os << "  time by bound: compute "
       << formatPercent(totals.getBoundShare(Bound::Compute)) << ", memory "
       << formatPercent(totals.getBoundShare(Bound::Memory)) << ", overhead "
       << formatPercent(totals.getBoundShare(Bound::Overhead)) << "\n";
}

/// Ops of a group as `#1 linalg.add, #2 linalg.exp`.
static std::string describeOps(const Report &report,
                               llvm::ArrayRef<unsigned> ids) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(ids, os, [&](unsigned id) {
    os << "#" << id << " " << report.ops[id].name;
  });
  return text;
}

/// The ranked fusion groups and each function's bounds.
static void printFusion(const Report &report, const FusionPlan &plan,
                        llvm::raw_ostream &os) {
  os << "\nfusion opportunities (ranked by time saved; a group runs as one "
        "kernel: max(sum of compute, external traffic) + one launch):\n";
  if (plan.opportunities.empty())
    os << "  none: no producer-consumer pair is legal and faster fused\n";
  llvm::SmallVector<llvm::SmallVector<std::string>> rows;
  for (unsigned index = 0; index < plan.opportunities.size(); ++index) {
    const FusionGroup &group = plan.getOpportunity(index);
    std::string ops = describeOps(report, group.ops);
    if (!group.kept.empty())
      ops += "; kept: " + describeOps(report, group.kept);
    if (!group.recomputed.empty())
      ops += "; recomputed: " + describeOps(report, group.recomputed);
    rows.push_back(
        {"G" + std::to_string(index), stringifyFusionKind(*group.kind).str(),
         formatQuantity(group.bytesSaved.toDouble(), "B"),
         std::to_string(group.launchesSaved),
         formatQuantity(group.flopsAdded.toDouble(), ""),
         formatSeconds(group.latencyBefore), formatSeconds(group.fused.latency),
         formatSeconds(group.getSaving()), formatPercent(group.share), ops});
  }
  if (!plan.opportunities.empty())
    printTable(rows, os, kFusionColumns);
  for (const FusionBound &bound : plan.bounds)
    os << "  @" << bound.func << ": " << formatSeconds(bound.asIs) << " as is, "
       << formatSeconds(bound.planned) << " with these groups fused, "
       << formatSeconds(bound.fullyFused)
       << " fully fused (one kernel: arguments read and results written "
          "once)\n";
}

void mlsysim::printTextReport(const Report &report, llvm::raw_ostream &os) {
  const HardwareSpec &hw = *report.hardware;
  const ReportOptions &options = report.options;
  os << "mlsysim roofline report: " << hw.name << " (" << hw.id << ")\n";
  os << "  conventions: a multiply-accumulate counts as "
     << (options.convention == FlopConvention::MAC ? "1 FLOP" : "2 FLOPs")
     << " (flop-convention=" << stringifyFlopConvention(options.convention)
     << "); bytes are decimal (1 KB = 1000 B); ";
  if (options.cost.dynamicDimSize)
    os << "dynamic sizes bound to " << *options.cost.dynamicDimSize << "\n";
  else
    os << "dynamic sizes unbound\n";
  os << "  assumptions: " << formatPercent(hw.computeEfficiency.value)
     << " of peak compute (" << provenance(hw.computeEfficiency) << "); "
     << formatPercent(hw.memoryEfficiency.value) << " of peak bandwidth ("
     << provenance(hw.memoryEfficiency) << ")";
  for (const auto &[opClass, efficiency] : hw.classEfficiencies) {
    os << "; " << stringifyOpClass(opClass) << " kernels";
    if (efficiency.compute)
      os << " " << formatPercent(efficiency.compute->value)
         << " of peak compute (" << provenance(*efficiency.compute) << ")";
    if (efficiency.memory)
      os << " " << formatPercent(efficiency.memory->value)
         << " of peak bandwidth (" << provenance(*efficiency.memory) << ")";
  }
  os << "\n  launch per kernel:";
  for (ExecutionModel model : kAllExecutionModels) {
    const SourcedValue &launch = hw.getLaunchOverhead(model);
    os << " " << stringifyExecutionModel(model) << " "
       << formatSeconds(launch.value) << " ("
       << (hw.hasLaunchOverhead(model) ? provenance(launch)
                                       : std::string("as eager"))
       << ")" << (model == ExecutionModel::Compiled ? "\n" : ";");
  }
  os << "  memory bandwidth "
     << formatQuantity(hw.memoryBandwidthBytesPerS.value, "B/s")
     << "; latency = max(compute, memory) / efficiency + launch overhead\n";
  if (!report.totals.workByPeak.empty()) {
    os << "  ridge points (peak / bandwidth) of the units used: ";
    llvm::interleaveComma(report.totals.workByPeak, os, [&](const auto &entry) {
      std::optional<double> ridge =
          report.getRidgePoint(entry.first.first, entry.first.second);
      os << describePeak(entry.first) << " "
         << (ridge ? formatFixed(*ridge, 1) : std::string("-"))
         << (isIntegerKind(entry.first.second) ? " OP/B" : " FLOP/B");
    });
    os << "\n";
  }
  if (report.options.cost.precision != Precision::AsWritten)
    os << "  what-if: every floating-point tensor priced as "
       << stringifyPrecision(report.options.cost.precision) << "\n";
  os << "\n";

  llvm::SmallVector<llvm::SmallVector<std::string>> rows;
  llvm::MapVector<llvm::StringRef, unsigned> folded;
  unsigned numFolded = 0;
  for (const OpReport &op : report.ops) {
    if (op.free) {
      ++folded[op.name];
      ++numFolded;
      continue;
    }
    rows.push_back(formatRow(op));
  }
  printTable(rows, os);
  if (numFolded) {
    os << "  (" << numFolded << " free ops not shown: ";
    llvm::interleaveComma(folded, os, [&](const auto &entry) {
      os << entry.second << " " << entry.first;
    });
    os << ")\n";
  }
  for (const OpReport &op : report.ops)
    if (!op.modeled)
      os << "  unmodeled #" << op.id << " " << op.name << " at " << op.loc
         << ": " << op.reason << "\n";
  if (!report.unknownTripCountLoops.empty())
    os << "  note: ops marked '?' are inside a loop whose trip count is "
          "unknown; they are counted once per run of that loop\n";

  if (report.functions.size() > 1)
    for (const FunctionReport &func : report.functions) {
      os << "\ntotals for @" << func.name << ":\n";
      printTotals(func.totals, os);
      printSummary(report, func.totals,
                   func.footprintIndex >= 0
                       ? &report.footprints[func.footprintIndex]
                       : nullptr,
                   func.peakOpId, os);
    }
  os << "\ntotals"
     << (report.functions.size() == 1 && !report.functions[0].name.empty()
             ? " for @" + report.functions[0].name
             : std::string(" for the module"))
     << ":\n";
  printTotals(report.totals, os);
  // The module's memory is that of its hungriest function.
  const PeakMemory *largest = nullptr;
  int64_t largestPeakOp = -1;
  for (const FunctionReport &func : report.functions)
    if (func.footprintIndex >= 0) {
      const PeakMemory &footprint = report.footprints[func.footprintIndex];
      if (!largest ||
          footprint.peakBytes().toDouble() > largest->peakBytes().toDouble()) {
        largest = &footprint;
        largestPeakOp = func.peakOpId;
      }
    }
  printSummary(report, report.totals, largest, largestPeakOp, os);

  llvm::SmallVector<const OpReport *> costliest;
  for (const OpReport &op : report.ops)
    if (op.modeled && !op.free)
      costliest.push_back(&op);
  llvm::stable_sort(costliest, [](const OpReport *a, const OpReport *b) {
    return a->roofline.latency > b->roofline.latency;
  });
  if (costliest.size() > 5)
    costliest.resize(5);
  if (!costliest.empty()) {
    os << "\nops that take longest:\n";
    for (const OpReport *op : costliest) {
      double share = getShare(op->roofline.latency, report.totals.latency);
      os << "  #" << op->id << " " << op->name << " at " << op->loc << ": "
         << formatSeconds(op->roofline.latency) << " (" << formatPercent(share)
         << "), " << stringifyBound(op->roofline.bound) << "-bound\n";
    }
  }
  if (report.options.fusion)
    printFusion(report, report.plan, os);
}
