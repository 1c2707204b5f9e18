//===- TextReport.cpp - The text view -------------------------------------===//
//
// The answer first, in words: per function and for the module the latency
// under each execution model and where it goes, then the diagnosis (each kind
// of work, its bound and the lever that moves it), the fusion opportunities
// and the kernels that take longest, repeated structure folded ("x12: ...").
// The conventions and assumptions close it. `ops=all` adds the full per-op
// table (free ops folded into one line).
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/ReportFormats.h"

#include "mlsysim/Pricing/RepeatedKernels.h"

#include "mlsysim/Reporting/ServingViews.h"

#include "mlsysim/Hardware/SystemSpec.h"
#include "mlsysim/Reporting/DiagnosisText.h"
#include "mlsysim/Reporting/ProfileViews.h"
#include "mlsysim/Reporting/SymbolicViews.h"
#include "mlsysim/Reporting/TextTable.h"
#include "mlsysim/Reporting/TrainingViews.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <charconv>
#include <map>

using namespace mlsysim;

static constexpr Column kColumns[] = {
    {"id", false},      {"op", true},      {"location", true}, {"runs", false},
    {"work", false},    {"bytes", false},  {"ops/B", false},   {"unit", true},
    {"compute", false}, {"memory", false}, {"latency", false}, {"bound", true},
};

/// Every fusion group (`ops=all`).
static constexpr Column kGroupColumns[] = {
    {"group", false},    {"kind", true},       {"bytes saved", false},
    {"launches", false}, {"ops added", false}, {"before", false},
    {"after", false},    {"saved", false},     {"share", false},
    {"ops", true},
};

/// Repeated kernels folded into one row ("x12").
static constexpr Column kPatternColumns[] = {
    {"count", false}, {"kernel", true}, {"each", false},    {"total", false},
    {"share", false}, {"bound", true},  {"first at", true},
};

/// The costliest functions of a module of many.
static constexpr Column kFunctionColumns[] = {
    {"function", true}, {"predicted", false},       {"share", false},
    {"kernels", false}, {"most of its time", true},
};

/// Past this many functions the report opens with the module and its
/// costliest functions, a line each, instead of every function's story: a
/// module of outlined dispatches has thousands (`ops=all` tells them all).
constexpr size_t kMaxStories = 16;
constexpr size_t kCostliestShown = 10;

/// Whether every function's story (and fusion bounds) is printed: a module
/// of few functions, or `ops=all`.
static bool tellsEveryFunction(const PricedProgram &report) {
  return report.functions.size() <= kMaxStories || report.options.allOps;
}

static constexpr Column kFusionColumns[] = {
    {"count", false},   {"fused kernel", true}, {"saves each", false},
    {"saved", false},   {"of unfused", false},  {"bytes saved", false},
    {"first at", true},
};

static std::string provenance(const SourcedValue &value) {
  return value.assumption.empty() ? "source: " + value.source
                                  : "assumption: " + value.assumption;
}

static std::string describeUnit(const PricedOp &op) {
  if (!op.roofline.peak)
    return "-";
  std::string text = stringifyComputeUnit(op.roofline.peak->unit).str() + ":" +
                     stringifyElementKind(op.roofline.peak->kind).str();
  if (op.roofline.dominantUnit == ComputeUnit::SpecialFunction)
    text += "+sfu";
  return text;
}

/// FLOPs and integer ops with their units ("17.2 GFLOP", "65.5 Kiop").
static std::string formatWork(const PricedOp &op) {
  double flops = op.flops.toDouble(), intOps = op.intOps.toDouble();
  if (intOps == 0)
    return formatQuantity(flops, "FLOP");
  if (flops == 0)
    return formatQuantity(intOps, "iop");
  return formatQuantity(flops, "FLOP") + " + " + formatQuantity(intOps, "iop");
}

static llvm::SmallVector<std::string> formatRow(const PricedOp &op) {
  std::string runs;
  llvm::raw_string_ostream(runs) << op.multiplier;
  if (op.tripCountUnknown)
    runs += "?";
  std::string name = op.name.str();
  if (!op.modeled)
    return {std::to_string(op.id),
            name,
            op.loc.str(),
            runs,
            "-",
            "-",
            "-",
            "-",
            "-",
            "-",
            "-",
            "unmodeled"};
  // `~`: priced from part of what it does (see the footer).
  return {std::to_string(op.id),
          name,
          op.loc.str(),
          runs,
          formatWork(op) + (op.approximate ? "~" : ""),
          formatQuantity(op.bytes().toDouble(), "B"),
          formatFixed(op.intensity, 2),
          describeUnit(op),
          formatSeconds(op.roofline.tCompute),
          formatSeconds(op.roofline.tMemory),
          formatSeconds(op.roofline.latency),
          getBoundName(op.roofline)};
}

/// Display width of a cell: code points, not bytes ("µs").
/// "matrix f16" for a peak key.
static std::string describePeak(std::pair<ComputeUnit, ElementKind> key) {
  return (stringifyComputeUnit(key.first) + " " +
          stringifyElementKind(key.second))
      .str();
}

/// The latency under each execution model, the fully fused bound and the
/// the roofline of each op at peak, on one line.
static std::string describeTotalsLine(const PricedProgram &report,
                                      const PricedTotals &totals,
                                      const FusionBound *bound) {
  std::string text;
  llvm::raw_string_ostream os(text);
  bool first = true;
  for (ExecutionModel model : kAllExecutionModels) {
    auto it = totals.byExecution.find(model);
    if (it == totals.byExecution.end())
      continue;
    os << (first ? "" : " · ") << stringifyExecutionModel(model) << " "
       << formatSeconds(it->second.latency) << " ("
       << formatCount(it->second.kernels, "kernel") << ")";
    first = false;
  }
  if (bound)
    os << (first ? "" : " · ") << "fully fused "
       << formatSeconds(bound->fullyFused);
  os << (first && !bound ? "" : " · ") << "each op at peak "
     << formatSeconds(totals.roofline);
  return text;
}

/// The time lines of a summary whose latency is known: the latency under
/// every execution model, where the time goes, throughput, MFU and energy.
static void printTimeLines(const PricedProgram &report,
                           const PricedTotals &totals,
                           const Diagnosis &diagnosis, const FusionBound *bound,
                           llvm::raw_ostream &os) {
  os << "  " << describeTotalsLine(report, totals, bound) << "\n";
  os << "  time: compute " << formatPercent(diagnosis.computeShare)
     << " · memory " << formatPercent(diagnosis.memoryShare) << " · launches "
     << formatPercent(diagnosis.launchShare);
  if (diagnosis.communicationShare > 0)
    os << " · communication " << formatPercent(diagnosis.communicationShare);
  if (totals.latency > 0) {
    os << "; " << formatQuantity(report.getThroughput(totals), "")
       << "samples/s at batch " << report.options.batch;
    if (auto dominant = totals.getDominantPeak())
      os << "; MFU " << formatPercent(totals.getMFU()) << " of the "
         << describePeak(*dominant) << " peak ("
         << formatQuantity(totals.workByPeak.at(*dominant).second,
                           isIntegerKind(dominant->second) ? "OP/s" : "FLOP/s")
         << ")";
    if (auto energy = report.getEnergy(totals))
      os << "; energy <= " << formatQuantity(*energy, "J");
  }
  os << "\n";
}

/// The work of a summary: arithmetic (the ops as written), the traffic of
/// what runs under the headline execution model (its kernels' reads and
/// writes, not the ops' as written: the formulas give those), and the ops by
/// kind.
static void printWorkLine(const PricedTotals &totals, ExecutionModel headline,
                          llvm::raw_ostream &os) {
  os << "  work: " << formatQuantity(totals.flops.toDouble(), "FLOP");
  if (!totals.intOps.isZero())
    os << " + " << formatQuantity(totals.intOps.toDouble(), "") << "int ops";
  if (!totals.transcendentals.isZero())
    os << " + " << formatQuantity(totals.transcendentals.toDouble(), "")
       << "transcendentals";
  os << ", " << formatQuantity(totals.bytesRead.toDouble(), "B") << " read, "
     << formatQuantity(totals.bytesWritten.toDouble(), "B")
     << " written by the " << stringifyExecutionModel(headline) << " kernels; "
     << formatCount(Count(totals.numOps), "op") << " (" << totals.numFree
     << " free, " << totals.numUnmodeled << " unmodeled";
  if (totals.numApproximate)
    os << ", " << totals.numApproximate << " approximate";
  os << ")\n";
}

/// The summary of one function (or the module): latency under each
/// execution model, where it goes, throughput, MFU, energy and memory, and
/// how the weights were found (`ofOneFunction`: the footprint is the
/// function's own, not the module's hungriest).
static void printSummary(const PricedProgram &report, llvm::StringRef title,
                         const PricedTotals &totals, const Diagnosis &diagnosis,
                         const FusionBound *bound, const PeakMemory *footprint,
                         int64_t peakOpId, bool ofOneFunction,
                         llvm::raw_ostream &os) {
  ExecutionModel headline = report.options.roofline.execution;
  os << title << ": predicted ";
  if (!totals.isLatencyKnown()) {
    // Nothing was priced: no number, and the reason first.
    os << "latency cannot be computed: "
       << formatCount(totals.numUnmodeled, "op")
       << " unmodeled and none priced (see 'unmodeled:' below)\n";
  } else {
    if (totals.numUnmodeled > 0)
      os << "at least ";
    os << formatSeconds(totals.latency) << ", "
       << stringifyExecutionModel(headline) << " ("
       << formatCount(totals.getExecution(headline).kernels, "kernel");
    if (headline == ExecutionModel::Compiled)
      os << " as a fusing compiler forms them";
    os << ")\n";
    printTimeLines(report, totals, diagnosis, bound, os);
  }
  printWorkLine(totals, headline, os);
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
  if (!footprint->parameters.isZero())
    os << "; " << formatQuantity(footprint->parameters.toDouble(), "")
       << "parameters";
  os << "\n";
  if (std::string found = describeWeightsFound(*footprint);
      ofOneFunction && !found.empty())
    os << "  weights " << found << "\n";
}

/// What limits a function (or the module) and what moves it: the kinds of
/// work that take at least 1% of the time (all of them when there are few),
/// at most `maxKinds` of them, then launches and weights.
static void printDiagnosis(const Diagnosis &diagnosis, llvm::StringRef title,
                           size_t maxKinds, const HardwareSpec &hw,
                           llvm::raw_ostream &os) {
  os << "\nwhat limits " << title << ", and what moves it:\n";
  size_t shown = 0;
  for (const WorkDiagnosis &work : diagnosis.kinds) {
    if ((work.share < 0.01 && diagnosis.kinds.size() > 4) || shown == maxKinds)
      continue;
    ++shown;
    os << "  " << describeWorkKind(work.kind) << ": "
       << formatCount(Count(work.kernels), "kernel") << ", "
       << formatSeconds(work.time) << " (" << formatPercent(work.share) << "), "
       << stringifyBound(work.bound) << "-bound; "
       << describeLever(work.lever, hw) << "\n";
  }
  os << "  launches: " << describeLaunches(diagnosis.launches) << "\n";
  if (diagnosis.weights)
    os << "  weights: " << describeWeights(*diagnosis.weights) << "\n";
}

/// "conv_2d_nchw_fchw + 8 ops (epilogue)": a kernel's heaviest op and the
/// rest.
static std::string describeKernel(const PricedProgram &report,
                                  llvm::ArrayRef<unsigned> ops,
                                  std::optional<FusionKind> kind) {
  const PricedOp *heaviest = &report.ops[findHeaviestOp(report, ops)];
  std::string text = llvm::StringRef(heaviest->name).split('.').second.str();
  if (text.empty())
    text = heaviest->name;
  if (ops.size() > 1)
    text += " + " + formatCount(Count(ops.size() - 1), "op");
  if (kind)
    text += " (" + stringifyFusionKind(*kind).str() + ")";
  return text;
}

/// The kernels that take longest (ops in eager and graph execution), folded
/// by repetition, until 90% of the time or 10 rows.
static void printLongest(const PricedProgram &report, llvm::raw_ostream &os) {
  bool compiled = report.options.roofline.execution == ExecutionModel::Compiled;
  std::vector<RepeatedKernels> patterns = foldRunUnits(report);
  double latency = report.totals.latency, shown = 0;
  llvm::SmallVector<llvm::SmallVector<std::string>> rows;
  for (const RepeatedKernels &pattern : patterns) {
    if (rows.size() >= 10 || (latency > 0 && shown >= 0.9 * latency))
      break;
    shown += pattern.total;
    rows.push_back({"x" + std::to_string(pattern.count),
                    describeKernel(report, pattern.ops, pattern.kind),
                    formatSeconds(pattern.each), formatSeconds(pattern.total),
                    formatPercent(pattern.share),
                    stringifyBound(pattern.bound).str(),
                    report.ops[pattern.heaviestOp].loc.str()});
  }
  os << "\n"
     << (compiled ? "kernels" : "ops") << " that take longest ("
     << countRunUnits(report) << " in all, " << patterns.size()
     << " distinct; ops=all lists every op):\n";
  if (!rows.empty())
    printTable(rows, os, kPatternColumns);
}

/// The fusion opportunities, folded by repetition, largest saving first.
static void printFusion(const PricedProgram &report, const FusionPlan &plan,
                        llvm::raw_ostream &os) {
  unsigned folded = plan.numFolded;
  unsigned cloned = plan.numCloned;
  // The same counts as the summary's eager and compiled kernels (launches
  // per run, loops included).
  const PricedTotals &totals = report.totals;
  os << "\nfusion: "
     << formatCount(totals.getExecution(ExecutionModel::Eager).kernels,
                    "kernel")
     << " as the ops are written run as "
     << formatCount(totals.getExecution(ExecutionModel::Compiled).kernels,
                    "kernel")
     << " (" << folded << " weight-only ops folded, " << cloned
     << " fills made in place); the largest savings:\n";
  std::vector<RepeatedKernels> patterns = foldOpportunities(report);
  if (patterns.empty()) {
    os << "  none: no producer-consumer pair is legal and faster fused\n";
    return;
  }
  llvm::SmallVector<llvm::SmallVector<std::string>> rows;
  for (const RepeatedKernels &pattern : patterns) {
    if (rows.size() >= 6)
      break;
    rows.push_back({"x" + std::to_string(pattern.count),
                    describeKernel(report, pattern.ops, pattern.kind),
                    formatSeconds(pattern.savingEach),
                    formatSeconds(pattern.saving),
                    formatPercent(pattern.savingShare),
                    formatQuantity(pattern.bytesSaved.toDouble(), "B"),
                    report.ops[pattern.heaviestOp].loc.str()});
  }
  printTable(rows, os, kFusionColumns);
  auto printBound = [&](const FusionBound &bound) {
    os << "  @" << bound.func << ": " << formatSeconds(bound.asIs)
       << " with every op its own kernel, " << formatSeconds(bound.planned)
       << " as planned, " << formatSeconds(bound.fullyFused)
       << " fully fused (arguments read and results written once)\n";
  };
  if (tellsEveryFunction(report)) {
    for (const FusionBound &bound : plan.bounds)
      printBound(bound);
    return;
  }
  // Many functions: the costliest ones' bounds.
  for (unsigned index :
       llvm::ArrayRef(report.functionsByCost).take_front(kCostliestShown))
    if (const std::optional<FusionBound> &bound =
            report.functions[index].fusionBound)
      printBound(*bound);
  os << "  (the costliest " << kCostliestShown << " functions of "
     << report.functions.size() << "; ops=all gives every one)\n";
}

static std::string describeOps(const PricedProgram &report,
                               llvm::ArrayRef<unsigned> ids) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(ids, os, [&](unsigned id) {
    os << "#" << id << " " << report.ops[id].name;
  });
  return text;
}

/// Every fusion group with its ops (`ops=all`), ranked by time saved.
static void printAllGroups(const PricedProgram &report, const FusionPlan &plan,
                           llvm::raw_ostream &os) {
  os << "\nevery fusion group (ranked by time saved; a group runs as one "
        "kernel: max(sum of compute, external traffic) + one launch):\n";
  if (plan.opportunities.empty()) {
    os << "  none\n";
    return;
  }
  llvm::SmallVector<llvm::SmallVector<std::string>> rows;
  for (unsigned rank = 0; rank < plan.opportunities.size(); ++rank) {
    const FusionGroup &group = plan.getOpportunity(rank);
    std::string ops = describeOps(report, group.ops);
    if (!group.kept.empty())
      ops += "; kept: " + describeOps(report, group.kept);
    if (!group.recomputed.empty())
      ops += "; recomputed: " + describeOps(report, group.recomputed);
    rows.push_back(
        {"G" + std::to_string(rank), stringifyFusionKind(*group.kind).str(),
         formatQuantity(group.bytesSaved.toDouble(), "B"),
         std::to_string(group.launchesSaved),
         formatQuantity(group.flopsAdded.toDouble(), ""),
         formatSeconds(group.latencyBefore), formatSeconds(group.fused.latency),
         formatSeconds(group.getSaving()), formatPercent(group.share), ops});
  }
  printTable(rows, os, kGroupColumns);
}

/// The full per-op table (`ops=all`).
static void printAllOps(const PricedProgram &report, llvm::raw_ostream &os) {
  os << "\nevery op (each as its own kernel):\n";
  llvm::SmallVector<llvm::SmallVector<std::string>> rows;
  llvm::MapVector<llvm::StringRef, unsigned> folded;
  unsigned numFolded = 0;
  for (const PricedOp &op : report.ops) {
    if (op.free) {
      ++folded[op.name];
      ++numFolded;
      continue;
    }
    rows.push_back(formatRow(op));
  }
  printTable(rows, os, kColumns);
  if (numFolded) {
    os << "  (" << formatCount(Count(numFolded), "free op") << " not shown: ";
    llvm::interleaveComma(folded, os, [&](const auto &entry) {
      os << entry.second << " " << entry.first;
    });
    os << ")\n";
  }
  if (!report.unknownTripCountLoops.empty())
    os << "  note: ops marked '?' are inside a loop whose trip count is "
          "unknown; they are counted once per run of that loop\n";
}

static void printFooter(const PricedProgram &report, llvm::raw_ostream &os) {
  const HardwareSpec &hw = *report.hardware;
  const PricingOptions &options = report.options;
  os << "\nconventions: a multiply-accumulate counts as "
     << (options.convention == FlopConvention::MAC ? "1 FLOP" : "2 FLOPs")
     << " (flop-convention=" << stringifyFlopConvention(options.convention)
     << "); bytes are decimal (1 KB = 1000 B); ";
  if (options.cost.dynamicDimSize)
    os << "dynamic sizes bound to " << *options.cost.dynamicDimSize << "\n";
  else
    os << "dynamic sizes unbound\n";
  if (options.cost.hasRolePrecision())
    os << "what-if: tensors priced by role (weights and KV cache found from "
          "the IR; their bytes only): "
       << describePrecision(options.cost) << "\n";
  else if (options.cost.precision != Precision::AsWritten)
    os << "what-if: every floating-point tensor priced as "
       << stringifyPrecision(options.cost.precision) << "\n";
  os << "assumptions: " << formatPercent(hw.computeEfficiency.value)
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
  os << "\nlaunch per kernel:";
  for (ExecutionModel model : kAllExecutionModels) {
    const SourcedValue &launch = hw.getLaunchOverhead(model);
    os << " " << stringifyExecutionModel(model) << " "
       << formatSeconds(launch.value) << " ("
       << (hw.hasLaunchOverhead(model) ? provenance(launch)
                                       : std::string("as eager"))
       << ")" << (model == ExecutionModel::Compiled ? "\n" : ";");
  }
  os << "latency = max(compute, memory) / efficiency + launch per kernel; "
     << "memory bandwidth "
     << formatQuantity(hw.memoryBandwidthBytesPerS.value, "B/s");
  if (hw.matrixTiles && hw.cores)
    os << "; contractions in the best of " << hw.matrixTiles->shapes.size()
       << " tile shapes x " << hw.matrixTiles->splitK.size()
       << " split-K factors on " << formatFixed(hw.cores->value, 0) << " cores";
  os << "\n";
  if (hw.system) {
    // Collectives add a third term: their time on the system's links.
    os << "collectives: alpha-beta on " << hw.system->getDeviceCount() << " x "
       << hw.system->device << " (";
    llvm::interleaveComma(hw.system->levels, os, [&](const SystemLevel &l) {
      os << l.name << " x" << formatFixed(l.size.value, 0) << " "
         << formatQuantity(l.bandwidthBytesPerS.value, "B/s") << ", alpha "
         << formatSeconds(l.latencyS.value);
    });
    os << "), in the max with compute and memory; ";
    if (report.options.overlapCommunication)
      os << "on a stream of their own, overlapping the kernels that neither "
            "feed nor read them (overlap=1): "
         << formatSeconds(report.totals.hiddenTime) << " hidden\n";
    else
      os << "not overlapped with other kernels (overlap=1 overlaps them)\n";
  }
  if (!report.totals.workByPeak.empty()) {
    os << "ridge points (peak / bandwidth) of the units used: ";
    llvm::interleaveComma(report.totals.workByPeak, os, [&](const auto &entry) {
      std::optional<double> ridge =
          report.getRidgePoint(entry.first.first, entry.first.second);
      os << describePeak(entry.first) << " "
         << (ridge ? formatFixed(*ridge, 1) : std::string("-"))
         << (isIntegerKind(entry.first.second) ? " OP/B" : " FLOP/B");
    });
    os << "\n";
  }
  for (const CaveatSummary &summary : report.unmodeled)
    os << "unmodeled: " << summary.count << " " << summary.name << " ("
       << summary.reason << "), first at "
       << formatLocation(summary.first->getLoc()) << "\n";
  for (const CaveatSummary &summary : report.approximate)
    os << "approximate: " << summary.count << " " << summary.name << " ("
       << summary.reason << "), first at "
       << formatLocation(summary.first->getLoc()) << "\n";
}

/// The costliest functions of a module of many, a line each: its time, its
/// share of the module's, and the kind of work that takes most of it.
static void printCostliestFunctions(const PricedProgram &report,
                                    llvm::raw_ostream &os) {
  ExecutionModel headline = report.options.roofline.execution;
  llvm::SmallVector<llvm::SmallVector<std::string>> rows;
  for (unsigned index :
       llvm::ArrayRef(report.functionsByCost).take_front(kCostliestShown)) {
    const PricedFunction &func = report.functions[index];
    std::string most = "-";
    if (!func.diagnosis.kinds.empty()) {
      const WorkDiagnosis &work = func.diagnosis.kinds.front();
      most = describeWorkKind(work.kind).str() + ", " +
             stringifyBound(work.bound).str() + "-bound (" +
             formatPercent(work.share) + ")";
    }
    rows.push_back(
        {"@" + func.name, formatSeconds(func.totals.latency),
         formatPercent(func.share),
         formatCount(func.totals.getExecution(headline).kernels, "kernel"),
         most});
  }
  os << "\ncostliest functions (" << rows.size() << " of "
     << report.functions.size() << "; ops=all tells each one's story):\n";
  printTable(rows, os, kFunctionColumns);
}

/// A function's story: its summary and the two kinds of work that take most
/// of its time.
static void printFunctionStory(const PricedProgram &report,
                               const PricedFunction &func,
                               llvm::raw_ostream &os) {
  printSummary(report, "@" + func.name, func.totals, func.diagnosis,
               func.fusionBound ? &*func.fusionBound : nullptr,
               func.footprintIndex >= 0
                   ? &report.footprints[func.footprintIndex]
                   : nullptr,
               func.peakOpId, /*ofOneFunction=*/true, os);
  printDiagnosis(func.diagnosis, "@" + func.name, /*maxKinds=*/2,
                 *report.hardware, os);
  os << "\n";
}

void mlsysim::printTextReport(const PricedProgram &report,
                              llvm::raw_ostream &os) {
  const HardwareSpec &hw = *report.hardware;
  os << "mlsysim report: " << hw.name << " (" << hw.id;
  if (!llvm::StringRef(hw.origin).starts_with("builtin:"))
    os << ", from " << hw.origin;
  os << "), batch " << report.options.batch << "\n";
  // Several functions: each one's story, then the module's whole
  // diagnosis; many: the module first, then its costliest functions.
  bool many = report.functions.size() > kMaxStories;
  if (report.functions.size() > 1 && tellsEveryFunction(report))
    for (const PricedFunction &func : report.functions)
      printFunctionStory(report, func, os);
  // The module's memory is that of its hungriest function.
  const PeakMemory *largest = nullptr;
  int64_t largestPeakOp = -1;
  for (const PricedFunction &func : report.functions)
    if (func.footprintIndex >= 0) {
      const PeakMemory &footprint = report.footprints[func.footprintIndex];
      if (!largest ||
          footprint.peakBytes().toDouble() > largest->peakBytes().toDouble()) {
        largest = &footprint;
        largestPeakOp = func.peakOpId;
      }
    }
  std::string title = report.functions.size() == 1
                          ? "@" + report.functions.front().name
                          : std::string("the module");
  const Diagnosis &diagnosis = report.diagnosis;
  printSummary(report, title, report.totals, diagnosis,
               report.fusionBound ? &*report.fusionBound : nullptr, largest,
               largestPeakOp, report.functions.size() == 1, os);
  printDiagnosis(diagnosis, "it", /*maxKinds=*/SIZE_MAX, hw, os);
  if (report.training)
    printTrainingText(report, *report.training, os);
  printProfileText(report, os);
  if (many)
    printCostliestFunctions(report, os);
  if (report.options.fusion)
    printFusion(report, report.plan, os);
  printLongest(report, os);
  if (report.serving) {
    os << "\n";
    printServingText(*report.serving, os);
  }
  if (report.options.allOps) {
    if (report.options.fusion)
      printAllGroups(report, report.plan, os);
    printAllOps(report, os);
  }
  printSymbolicText(report, os);
  printFooter(report, os);
}
