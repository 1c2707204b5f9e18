//===- PricedProgram.cpp - The one model of a report
//-----------------------------===//

#include "mlsysim/Pricing/PricedProgram.h"

#include "mlsysim/Pricing/FusionPlanner.h"
#include "mlsysim/Pricing/Roofline.h"

#include "Diagnose.h"

#include "mlsysim/Pricing/SymbolicFindings.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/StringSaver.h"

#include <charconv>
#include <functional>
#include <numeric>

using namespace mlsysim;
using namespace mlir;

/// Appends `file:line:col` of the first file location inside `loc`, else
/// the location as MLIR prints it: the one rule of both formatLocation.
static void appendLocation(SmallVectorImpl<char> &out, Location loc) {
  // The common case first: a plain file location needs no walk.
  auto file = dyn_cast<FileLineColLoc>(loc);
  if (!file)
    file = loc->findInstanceOf<FileLineColLoc>();
  if (!file) {
    llvm::raw_svector_ostream os(out);
    loc.print(os);
    return;
  }
  StringRef name = file.getFilename().getValue();
  // `:line:col`, each at most 10 digits (32 bits).
  char numbers[24];
  char *end = numbers;
  *end++ = ':';
  end = std::to_chars(end, end + 10, file.getLine()).ptr;
  *end++ = ':';
  end = std::to_chars(end, end + 10, file.getColumn()).ptr;
  out.reserve(out.size() + name.size() + (end - numbers));
  out.append(name.begin(), name.end());
  out.append(numbers, end);
}

std::string mlsysim::formatLocation(Location loc) {
  SmallString<64> text;
  appendLocation(text, loc);
  return text.str().str();
}

StringRef mlsysim::formatLocation(Location loc, llvm::BumpPtrAllocator &text) {
  SmallString<64> formatted;
  appendLocation(formatted, loc);
  return llvm::StringSaver(text).save(formatted.str());
}

StringRef PricedWork::unit() const {
  if (!roofline.dominantUnit)
    return "";
  return stringifyComputeUnit(*roofline.dominantUnit);
}

/// Adds `bound` into `sum` (made on first use, named `func`).
static void addFusionBound(std::optional<FusionBound> &sum,
                           const FusionBound &bound, StringRef func) {
  if (!sum) {
    sum.emplace();
    sum->func = func.str();
  }
  sum->asIs += bound.asIs;
  sum->planned += bound.planned;
  sum->fullyFused += bound.fullyFused;
}

/// What the views print beside each op's and kernel's price: its share of
/// the program's latency (and of its function's ops) and the rate it
/// achieves.
static void settleShares(PricedProgram &program) {
  llvm::StringMap<unsigned> indexOf;
  for (auto [index, func] : llvm::enumerate(program.functions))
    indexOf[func.name] = index;
  auto functionOf = [&](StringRef name) -> PricedFunction * {
    auto it = indexOf.find(name);
    return it == indexOf.end() ? nullptr : &program.functions[it->second];
  };
  auto settle = [&](PricedWork &work) {
    const RooflineEstimate &r = work.roofline;
    work.share = getShare(r.latency, program.totals.latency);
    double arithmetic = (work.flops + work.intOps).toDouble();
    work.achievedRate =
        arithmetic > 0 && r.latency > 0 ? arithmetic / r.latency : 0.0;
  };
  for (const PricedOp &op : program.ops)
    if (op.modeled && !op.free && op.roofline.bound != Bound::Free)
      if (PricedFunction *func = functionOf(op.func))
        func->opTime += op.roofline.latency;
  double clock = 0.0; // The module's timeline of its ops.
  for (PricedOp &op : program.ops) {
    settle(op);
    if (PricedFunction *func = functionOf(op.func))
      op.functionShare = getShare(op.roofline.latency, func->opTime);
    if (op.modeled && !op.free) {
      op.start = clock;
      clock += op.roofline.latency;
    }
  }
  clock = 0.0; // The module's timeline of the compiled plan's kernels.
  for (PricedKernel &kernel : program.kernels) {
    settle(kernel);
    kernel.start = clock;
    clock += kernel.roofline.latency;
    if (PricedFunction *func = functionOf(kernel.func))
      kernel.functionShare =
          getShare(kernel.roofline.latency,
                   func->totals.getExecution(ExecutionModel::Compiled).latency);
  }
  for (PricedFunction &func : program.functions)
    func.share = getShare(func.totals.latency, program.totals.latency);
  program.functionsByCost.resize(program.functions.size());
  std::iota(program.functionsByCost.begin(), program.functionsByCost.end(), 0);
  llvm::stable_sort(program.functionsByCost, [&](unsigned a, unsigned b) {
    return program.functions[a].totals.latency >
           program.functions[b].totals.latency;
  });
}

/// Each function's fusion bound and diagnosis, and the module's: what runs
/// is indexed by function once (a module of thousands of functions must not
/// scan every kernel for each).
static void diagnoseFunctions(PricedProgram &program) {
  llvm::StringMap<unsigned> indexOf;
  for (auto [index, func] : llvm::enumerate(program.functions))
    indexOf[func.name] = index;
  for (const FusionBound &bound : program.plan.bounds) {
    auto it = indexOf.find(bound.func);
    if (it != indexOf.end())
      addFusionBound(program.functions[it->second].fusionBound, bound,
                     bound.func);
    addFusionBound(program.fusionBound, bound, "");
  }
  // What runs under the execution model, by function and in all.
  std::vector<std::vector<unsigned>> units(program.functions.size());
  std::vector<unsigned> all;
  auto add = [&](StringRef func, unsigned unit) {
    all.push_back(unit);
    auto it = indexOf.find(func);
    if (it != indexOf.end())
      units[it->second].push_back(unit);
  };
  if (program.options.roofline.execution == ExecutionModel::Compiled) {
    for (const PricedKernel &kernel : program.kernels)
      add(kernel.func, kernel.id);
  } else {
    for (const PricedOp &op : program.ops)
      if (op.modeled && !op.free)
        add(op.func, op.id);
  }
  Count allWeights;
  for (auto [index, func] : llvm::enumerate(program.functions)) {
    Count weights;
    if (func.footprintIndex >= 0)
      weights = program.footprints[func.footprintIndex].parameterBytes;
    allWeights += weights;
    func.diagnosis =
        diagnose(program, units[index], func.totals, weights, func.name);
  }
  program.diagnosis =
      diagnose(program, all, program.totals, allWeights, /*func=*/"");
}

ExecutionTotals PricedTotals::getExecution(ExecutionModel model) const {
  auto it = byExecution.find(model);
  return it == byExecution.end() ? ExecutionTotals() : it->second;
}

void PricedTotals::add(const PricedOp &op) {
  ++numOps;
  if (!op.modeled) {
    ++numUnmodeled;
    return;
  }
  ++numModeled;
  numApproximate += op.approximate;
  if (op.free) {
    ++numFree;
    return;
  }
  numFolded += op.folded;
  addWork(op);
  // Each op at peak is the program as written, whatever runs it: the same
  // figure under every execution model.
  roofline += op.roofline.roofline;
  if (op.roofline.peak) {
    auto &entry = workByPeak[{op.roofline.peak->unit, op.roofline.peak->kind}];
    entry.first += (op.flops + op.intOps).toDouble();
    entry.second = op.peakRate;
  }
}

/// The field of PricedTotals that sums the time of work of `bound`, or null
/// (free work has none).
static double PricedTotals::*boundTimeField(Bound bound) {
  switch (bound) {
  case Bound::Compute:
    return &PricedTotals::computeBoundTime;
  case Bound::Memory:
    return &PricedTotals::memoryBoundTime;
  case Bound::Overhead:
    return &PricedTotals::overheadBoundTime;
  case Bound::Communication:
    return &PricedTotals::communicationBoundTime;
  case Bound::Free:
    return nullptr;
  }
  llvm_unreachable("unknown bound");
}

void PricedTotals::addTime(const PricedWork &unit) {
  const RooflineEstimate &r = unit.roofline;
  bytesRead += unit.bytesRead;
  bytesWritten += unit.bytesWritten;
  tCompute += r.tCompute;
  tMemory += r.tMemory;
  tOverhead += r.tOverhead;
  tCommunication += r.tCommunication;
  bytesCommunicated += r.bytesCommunicated;
  latency += r.latency;
  if (r.tOverhead > 0)
    launches += unit.multiplier;
  if (double PricedTotals::*time = boundTimeField(r.bound))
    this->*time += r.latency;
}

double mlsysim::getThroughput(int64_t samples, double latency) {
  return getShare(static_cast<double>(samples), latency);
}

double mlsysim::getSpeedup(double baseLatency, double latency) {
  return latency > 0 ? baseLatency / latency : 0.0;
}

double PricedTotals::getBoundTime(Bound bound) const {
  double PricedTotals::*time = boundTimeField(bound);
  return time ? this->*time : 0.0;
}

Bound PricedTotals::getMainBound() const {
  Bound main = Bound::Free;
  double most = 0.0;
  for (Bound bound :
       {Bound::Compute, Bound::Memory, Bound::Overhead, Bound::Communication})
    if (getBoundTime(bound) > most) {
      most = getBoundTime(bound);
      main = bound;
    }
  return main;
}

double PricedTotals::getBoundShare(Bound bound) const {
  return getShare(getBoundTime(bound), latency);
}

std::optional<std::pair<ComputeUnit, ElementKind>>
PricedTotals::getDominantPeak() const {
  std::optional<std::pair<ComputeUnit, ElementKind>> dominant;
  double most = -1;
  for (const auto &[key, entry] : workByPeak)
    if (entry.first > most) {
      most = entry.first;
      dominant = key;
    }
  return dominant;
}

bool PricedTotals::isLatencyKnown() const {
  return numUnmodeled == 0 || latency > 0;
}

double PricedTotals::getMFU() const {
  auto dominant = getDominantPeak();
  if (!dominant || latency <= 0)
    return 0.0;
  double rate = workByPeak.at(*dominant).second;
  return rate > 0 ? (flops + intOps).toDouble() / latency / rate : 0.0;
}

double PricedProgram::getThroughput(const PricedTotals &totals) const {
  return mlsysim::getThroughput(options.batch, totals.latency);
}

std::optional<double>
PricedProgram::getEnergy(const PricedTotals &totals) const {
  if (!hardware->tdpW)
    return std::nullopt;
  return hardware->tdpW->value * totals.latency;
}

std::optional<double> PricedProgram::getRidgePoint(ComputeUnit unit,
                                                   ElementKind kind) const {
  return mlsysim::getRidgePoint(*hardware, unit, kind, options.convention);
}

std::map<std::pair<ComputeUnit, ElementKind>, double>
mlsysim::getRidgePoints(const HardwareSpec &hardware,
                        FlopConvention convention) {
  std::map<std::pair<ComputeUnit, ElementKind>, double> ridges;
  for (ComputeUnit unit : {ComputeUnit::Matrix, ComputeUnit::Vector})
    for (const auto &entry : hardware.peaks(unit))
      ridges[{unit, entry.first}] =
          *getRidgePoint(hardware, unit, entry.first, convention);
  return ridges;
}

bool PricedProgram::fits(const PeakMemory &footprint) const {
  return footprint.peakBytes().toDouble() <=
         hardware->memoryCapacityBytes.value;
}

/// The work of `cost` run `n` times, in the report's convention.
static void setWork(PricedWork &unit, const OpCost &cost, const Count &n,
                    const PricingOptions &options) {
  unit.multiplier = n;
  unit.flops =
      applyFlopConvention(cost.flops, cost.macs, options.convention) * n;
  unit.intOps =
      applyFlopConvention(cost.intOps, cost.intMacs, options.convention) * n;
  unit.transcendentals = cost.transcendentals * n;
  unit.bytesRead = cost.bytesRead * n;
  unit.bytesWritten = cost.bytesWritten * n;
}

/// Intensity and peak of a priced unit, once its work and estimate are set.
static void settleUnit(PricedWork &unit, const PricingOptions &options) {
  unit.intensity = arithmeticIntensity(unit.flops + unit.intOps, unit.bytes());
  // Each level's intensity: the hierarchical roofline's dots.
  for (LevelTraffic &level : unit.roofline.levels)
    level.intensity = arithmeticIntensity(unit.flops + unit.intOps,
                                          Count::fromDouble(level.bytes));
  if (unit.roofline.peak)
    unit.peakRate =
        peakInConvention(unit.roofline.peak->rate, options.convention);
}

/// Kernel `id`: `group`'s ops run as one kernel priced `estimate`.
static void fillKernel(PricedKernel &kernel, unsigned id,
                       const FusionGroup &group,
                       const RooflineEstimate &estimate,
                       const PricedProgram &report) {
  kernel.id = id;
  kernel.func = group.func;
  kernel.ops = group.ops;
  kernel.kind = group.kind;
  kernel.opClass = group.opClass;
  kernel.multiplier = report.ops[group.ops.back()].multiplier;
  for (unsigned member : group.ops)
    kernel.addWork(report.ops[member]);
  kernel.bytesRead = group.bytesRead;
  kernel.bytesWritten = group.bytesWritten;
  kernel.roofline = estimate;
  settleUnit(kernel, report.options);
}

/// The kernels of the compiled plan, with each op's kernel and fusion
/// opportunity.
static void buildKernels(PricedProgram &report) {
  const FusionPlan &plan = report.plan;
  std::vector<int> rankOf(plan.kernels.size(), -1);
  for (auto [rank, kernel] : llvm::enumerate(plan.opportunities))
    rankOf[kernel] = rank;
  for (PricedOp &op : report.ops) {
    op.kernel = plan.records[op.id].kernel;
    // fusion=0 shows no opportunities: the ops name no group (their
    // kernel in the compiled plan stays).
    op.fusionGroup =
        report.options.fusion && op.kernel >= 0 ? rankOf[op.kernel] : -1;
  }
  // Made in place, once: a kernel is large (its roofline, its strings).
  report.kernels.reserve(plan.kernels.size());
  for (auto [id, planned] : llvm::enumerate(plan.kernels))
    fillKernel(report.kernels.emplace_back(), id, planned, planned.fused,
               report);
}

/// `r` (a kernel's or an op's estimate, run `multiplier` times) under
/// `model`: its slower term plus the launches `model` prices, and the
/// kernels it launches per run of the program.
static std::pair<RooflineEstimate, Count>
priceUnder(RooflineEstimate r, const Count &multiplier,
           const HardwareSpec &hardware, const RooflineOptions &options,
           ExecutionModel model) {
  RooflineOptions launch = options;
  launch.execution = model;
  Count kernels;
  if (r.tOverhead > 0) {
    r.tOverhead = getLaunchTime(hardware, multiplier.toDouble(), launch);
    kernels = multiplier;
  }
  // A collective's links take their time whatever launches it.
  r.latency =
      getRooflineLatency(r.tCompute, r.tMemory, r.tOverhead, r.tCommunication) +
      r.tExposed;
  return {r, kernels};
}

/// Counts `op` under its name in `byName`, keeping the first one's reason.
static void noteCaveat(llvm::MapVector<StringRef, CaveatSummary> &byName,
                       const PricedOp &op, Operation *irOp) {
  CaveatSummary &summary = byName[irOp->getName().getStringRef()];
  if (summary.count++ == 0) {
    summary.name = op.name;
    summary.reason = op.reason;
    summary.first = irOp;
  }
}

/// overlap=1: what runs under the headline model (the kernels, or the
/// ops), in program order on two streams: collectives on a communication
/// stream, everything else on the compute stream, each starting when its
/// stream is free and the units that make its operands (through free and
/// folded ops) are done. A function's latency is its last finish; the
/// module's the sum of its functions'.
static void
overlapCommunication(PricedProgram &report,
                     llvm::MapVector<StringRef, PricedTotals> &byFunction,
                     ExecutionModel headline) {
  struct Unit {
    const PricedWork *work;
    StringRef func;
    llvm::SmallVector<Operation *, 4> ops;
  };
  std::vector<Unit> units;
  if (headline == ExecutionModel::Compiled) {
    for (const PricedKernel &kernel : report.kernels) {
      Unit unit{&kernel, kernel.func, {}};
      for (unsigned id : kernel.ops)
        unit.ops.push_back(report.ops[id].op);
      units.push_back(std::move(unit));
    }
  } else {
    for (const PricedOp &op : report.ops)
      if (op.modeled && !op.free && !op.folded)
        units.push_back({&op, op.func, {op.op}});
  }
  llvm::DenseMap<Operation *, unsigned> unitOf;
  for (auto [index, unit] : llvm::enumerate(units))
    for (Operation *op : unit.ops)
      unitOf[op] = index;
  // The units whose results `op` reads, through ops in no unit.
  llvm::DenseMap<Operation *, llvm::SmallVector<unsigned, 2>> feedsOf;
  std::function<llvm::SmallVector<unsigned, 2>(Operation *)> feeds =
      [&](Operation *op) -> llvm::SmallVector<unsigned, 2> {
    if (auto it = feedsOf.find(op); it != feedsOf.end())
      return it->second;
    feedsOf[op]; // Seen: a cycle through regions ends here.
    llvm::SmallVector<unsigned, 2> found;
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def)
        continue;
      if (auto it = unitOf.find(def); it != unitOf.end())
        found.push_back(it->second);
      else
        llvm::append_range(found, feeds(def));
    }
    feedsOf[op] = found;
    return found;
  };
  llvm::StringMap<std::pair<double, double>> streams; // compute, comm free
  llvm::StringMap<double> lastFinish;
  std::vector<double> finish(units.size(), 0.0);
  for (auto [index, unit] : llvm::enumerate(units)) {
    double ready = 0.0;
    for (Operation *op : unit.ops)
      for (unsigned producer : feeds(op))
        if (producer != index)
          ready = std::max(ready, finish[producer]);
    auto &[compute, comm] = streams[unit.func];
    double &stream = unit.work->roofline.tCommunication > 0.0 ? comm : compute;
    double start = std::max(ready, stream);
    finish[index] = start + unit.work->roofline.latency;
    stream = finish[index];
    double &last = lastFinish[unit.func];
    last = std::max(last, finish[index]);
  }
  report.totals.hiddenTime = 0.0;
  double moduleLatency = 0.0;
  for (auto &[name, totals] : byFunction) {
    double scheduled = lastFinish.lookup(name);
    totals.hiddenTime = std::max(0.0, totals.latency - scheduled);
    totals.latency -= totals.hiddenTime;
    totals.byExecution[headline].latency -= totals.hiddenTime;
    report.totals.hiddenTime += totals.hiddenTime;
    moduleLatency += totals.latency;
  }
  report.totals.byExecution[headline].latency -= report.totals.hiddenTime;
  report.totals.latency = moduleLatency;
}

namespace {
/// What a report lists besides its ops: the ops no rule models and those it
/// models approximately (by name), and the loops of unknown trip count.
struct Caveats {
  llvm::MapVector<StringRef, CaveatSummary> unmodeled, approximate;
  llvm::SetVector<Operation *> unknownLoops;
};
} // namespace

/// Prices `record` into `op` (its place in report.ops) under the headline
/// execution model, noting its caveats. `typeNames` caches printed element
/// types.
static void priceOp(PricedOp &op, const OpCostRecord &record,
                    const PricedProgram &report, Caveats &caveats,
                    llvm::DenseMap<Type, std::string> &typeNames) {
  const PricingOptions &options = report.options;
  ExecutionModel headline = options.roofline.execution;
  op.op = record.op;
  op.name = record.op->getName().getStringRef();
  op.func = record.funcName;
  op.loc = formatLocation(record.op->getLoc(), *report.text);
  op.multiplier = record.multiplier;
  op.tripCountUnknown = record.unknownTripCountLoop != nullptr;
  op.opClass = record.cost.opClass;
  if (record.unknownTripCountLoop)
    caveats.unknownLoops.insert(record.unknownTripCountLoop);

  const OpCost &cost = record.cost;
  op.modeled = cost.modeled;
  op.reason = cost.reason;
  if (cost.modeled) {
    // Under compiled execution the plan priced it already.
    op.roofline = headline == ExecutionModel::Compiled
                      ? report.plan.records[op.id].alone
                      : estimateRoofline(cost, record.multiplier,
                                         *report.hardware, options.roofline);
    if (!op.roofline.priced) {
      op.modeled = false;
      op.reason = op.roofline.reason;
    }
  }
  if (!op.modeled) {
    noteCaveat(caveats.unmodeled, op, record.op);
    return;
  }
  op.free = cost.isFree();
  op.approximate = cost.approximate;
  if (op.approximate)
    noteCaveat(caveats.approximate, op, record.op);
  op.folded =
      report.plan.records[op.id].folded && headline == ExecutionModel::Compiled;
  setWork(op, cost, record.multiplier, options);
  settleUnit(op, options);
  if (cost.elementType) {
    auto [it, inserted] = typeNames.try_emplace(cost.elementType);
    if (inserted)
      llvm::raw_string_ostream(it->second) << cost.elementType;
    op.dtype = it->second;
  }
}

/// The multi-op kernels of the framework plan, as priced work with its
/// function, and (in `ops`) the ops they run.
static std::vector<std::pair<PricedWork, StringRef>>
frameworkKernels(const PricedProgram &report, llvm::DenseSet<unsigned> &ops) {
  std::vector<std::pair<PricedWork, StringRef>> kernels;
  for (const FusionGroup &group : report.frameworkPlan.kernels) {
    if (group.ops.size() < 2)
      continue;
    ops.insert(group.ops.begin(), group.ops.end());
    auto &[kernel, func] = kernels.emplace_back();
    func = report.ops[group.ops.back()].func;
    kernel.multiplier = report.ops[group.ops.back()].multiplier;
    kernel.bytesRead = group.bytesRead;
    kernel.bytesWritten = group.bytesWritten;
    kernel.roofline = group.fused;
  }
  return kernels;
}

/// Adds `work` (of function `func`) run under eager and under graph
/// execution to those models' totals.
static void addUnfused(const PricedWork &work, PricedTotals &func,
                       PricedProgram &report) {
  for (ExecutionModel model : {ExecutionModel::Eager, ExecutionModel::Graph}) {
    auto [estimate, kernels] =
        priceUnder(work.roofline, work.multiplier, *report.hardware,
                   report.options.roofline, model);
    for (PricedTotals *totals : {&func, &report.totals}) {
      ExecutionTotals &entry = totals->byExecution[model];
      entry.latency += estimate.latency;
      entry.kernels += kernels;
    }
  }
}

/// Under eager or graph execution, the framework's multi-op kernels priced
/// under that model (PricedProgram::frameworkKernels), and the ops of each
/// sharing its time (each as its own latency weighs; the launch on the
/// last), so that every view of the ops adds up to the kernels the framework
/// launches. A fill made in place by several kernels has a share of each.
static void splitFrameworkKernels(PricedProgram &report) {
  const RooflineOptions &roofline = report.options.roofline;
  if (roofline.execution == ExecutionModel::Compiled)
    return;
  report.frameworkKernelOf.assign(report.ops.size(), -1);
  llvm::DenseMap<unsigned, double> own;
  for (const FusionGroup &group : report.frameworkPlan.kernels)
    if (group.ops.size() > 1)
      for (unsigned id : group.ops)
        own.try_emplace(id, report.ops[id].roofline.latency);
  for (auto [id, latency] : own) {
    RooflineEstimate &r = report.ops[id].roofline;
    r.tCompute = r.tMemory = r.tOverhead = r.tExposed = r.latency = 0.0;
  }
  for (const FusionGroup &group : report.frameworkPlan.kernels) {
    if (group.ops.size() < 2)
      continue;
    auto [kernel, launches] =
        priceUnder(group.fused, report.ops[group.ops.back()].multiplier,
                   *report.hardware, roofline, roofline.execution);
    unsigned index = report.frameworkKernels.size();
    fillKernel(report.frameworkKernels.emplace_back(), index, group, kernel,
               report);
    for (unsigned id : group.ops)
      if (report.frameworkKernelOf[id] < 0)
        report.frameworkKernelOf[id] = index;
    double sum = 0.0;
    for (unsigned id : group.ops)
      sum += own[id];
    for (unsigned id : group.ops) {
      double weight = sum > 0.0 ? own[id] / sum
                                : 1.0 / static_cast<double>(group.ops.size());
      RooflineEstimate &r = report.ops[id].roofline;
      r.tCompute += kernel.tCompute * weight;
      r.tMemory += kernel.tMemory * weight;
      r.latency += (kernel.latency - kernel.tOverhead) * weight;
      r.bound = kernel.bound;
    }
    RooflineEstimate &last = report.ops[group.ops.back()].roofline;
    last.tOverhead += kernel.tOverhead;
    last.latency += kernel.tOverhead;
  }
}

/// Totals, per function and for the module: the work as written, and the
/// time of what runs under each execution model: under eager and graph
/// execution each op as its own kernel, or a framework op's ops in its
/// kernels (frameworkPlan); under compiled execution the compiled plan's
/// kernels.
static llvm::MapVector<StringRef, PricedTotals>
sumTotals(PricedProgram &report) {
  llvm::MapVector<StringRef, PricedTotals> byFunction;
  llvm::DenseSet<unsigned> inFrameworkKernel;
  std::vector<std::pair<PricedWork, StringRef>> framework =
      frameworkKernels(report, inFrameworkKernel);
  // A function's ops are consecutive: looked up when the function changes,
  // not per op.
  PricedTotals *funcTotals = nullptr;
  StringRef totalsFunc;
  for (const PricedOp &op : report.ops) {
    if (!funcTotals || op.func != totalsFunc) {
      funcTotals = &byFunction[op.func];
      totalsFunc = op.func;
    }
    PricedTotals &func = *funcTotals;
    func.add(op);
    report.totals.add(op);
    if (!op.modeled || op.free)
      continue;
    if (!inFrameworkKernel.contains(op.id))
      addUnfused(op, func, report);
    // A framework kernel's ops run (and move their bytes) as that kernel.
    if (report.options.roofline.execution != ExecutionModel::Compiled &&
        !inFrameworkKernel.contains(op.id)) {
      func.addTime(op);
      report.totals.addTime(op);
    }
  }
  for (const auto &[work, func] : framework)
    addUnfused(work, byFunction[func], report);
  for (const PricedKernel &kernel : report.frameworkKernels)
    for (PricedTotals *totals : {&byFunction[kernel.func], &report.totals})
      totals->addTime(kernel);
  for (const PricedKernel &kernel : report.kernels) {
    for (PricedTotals *totals : {&byFunction[kernel.func], &report.totals}) {
      ExecutionTotals &entry = totals->byExecution[ExecutionModel::Compiled];
      entry.latency += kernel.roofline.latency;
      entry.kernels += kernel.multiplier;
      if (report.options.roofline.execution == ExecutionModel::Compiled)
        totals->addTime(kernel);
    }
  }
  return byFunction;
}

/// The report's functions: each one's totals, its footprint and the op at
/// its peak.
static void
listFunctions(PricedProgram &report, const CostAnalysis &analysis,
              llvm::MapVector<StringRef, PricedTotals> &byFunction) {
  report.footprints.assign(analysis.getFootprints().begin(),
                           analysis.getFootprints().end());
  // Looked up by name, not scanned per function: a module of thousands of
  // functions has as many footprints.
  llvm::StringMap<unsigned> footprintOf;
  for (auto [index, footprint] : llvm::enumerate(report.footprints))
    footprintOf[footprint.name] = index;
  for (auto &[name, totals] : byFunction) {
    PricedFunction func{name.str(), totals};
    auto found = footprintOf.find(func.name);
    if (found != footprintOf.end()) {
      func.footprintIndex = found->second;
      const PeakMemory &footprint = report.footprints[found->second];
      // An op's id is the position of its record.
      if (const OpCostRecord *record =
              footprint.peakOp ? analysis.lookup(footprint.peakOp) : nullptr)
        func.peakOpId = record - analysis.getRecords().data();
    }
    report.functions.push_back(std::move(func));
  }
}

PricedProgram
mlsysim::priceProgram(const CostAnalysis &analysis,
                      std::shared_ptr<const HardwareSpec> hardware,
                      const PricingOptions &options,
                      std::shared_ptr<const SymbolicCostAnalysis> symbolic) {
  PricedProgram report;
  report.hardware = std::move(hardware);
  report.options = options;
  const HardwareSpec &hw = *report.hardware;

  // The compiled plan, always: every report carries all three execution
  // models.
  RooflineOptions compiled = options.roofline;
  compiled.execution = ExecutionModel::Compiled;
  FusionOptions planned;
  planned.libraryKernels = options.libraryKernels;
  report.plan = planFusion(analysis, hw, compiled, planned);
  // The eager framework's kernels, when the IR says which framework op made
  // each op (a module without the names is spared a second plan).
  if (llvm::any_of(analysis.getRecords(), [](const OpCostRecord &record) {
        return !getFrameworkOp(record.op).empty();
      })) {
    RooflineOptions eager = options.roofline;
    eager.execution = ExecutionModel::Eager;
    FusionOptions framework;
    framework.foldWeights = false;
    framework.byFrameworkOp = true;
    report.frameworkPlan = planFusion(analysis, hw, eager, framework);
  }

  Caveats caveats;
  // Printing a type is slow; a model has a handful of element types.
  llvm::DenseMap<Type, std::string> typeNames;
  report.ops.reserve(analysis.getRecords().size());
  for (const OpCostRecord &record : analysis.getRecords()) {
    // Made in place: a report is large (its roofline, its strings).
    PricedOp &op = report.ops.emplace_back();
    op.id = report.ops.size() - 1;
    priceOp(op, record, report, caveats, typeNames);
  }
  buildKernels(report);
  splitFrameworkKernels(report);

  llvm::MapVector<StringRef, PricedTotals> byFunction = sumTotals(report);
  if (options.overlapCommunication)
    overlapCommunication(report, byFunction, options.roofline.execution);
  listFunctions(report, analysis, byFunction);
  for (auto &entry : caveats.unmodeled)
    report.unmodeled.push_back(entry.second);
  for (auto &entry : caveats.approximate)
    report.approximate.push_back(entry.second);
  report.unknownTripCountLoops.assign(caveats.unknownLoops.begin(),
                                      caveats.unknownLoops.end());
  if (symbolic && symbolic->isDynamic()) {
    std::vector<std::string> funcOfOp;
    for (const PricedOp &op : report.ops)
      funcOfOp.push_back(op.func.str());
    report.findings =
        solveSymbolic(*symbolic, hw, options, report.ops.size(), funcOfOp);
    report.symbolic = std::move(symbolic);
  }
  settleShares(report);
  diagnoseFunctions(report);
  return report;
}
