//===- RemarksView.cpp - What bounds each op, in one line -----------------===//

#include "mlsysim/Reporting/RemarksView.h"

#include "mlsysim/Pricing/RepeatedKernels.h"
#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <numeric>

using namespace mlsysim;

/// What bounds `work` (an op, or a kernel of the compiled plan) of `func`,
/// and its time, `functionShare` of the function's.
static void describe(const PricedProgram &program, const PricedWork &work,
                     llvm::StringRef func, double functionShare,
                     llvm::raw_ostream &remark) {
  const RooflineEstimate &r = work.roofline;
  if (r.bound == Bound::Overhead) {
    remark << "overhead-bound: the " << formatSeconds(r.tOverhead)
           << " launch exceeds compute " << formatSeconds(r.tCompute)
           << " and memory " << formatSeconds(r.tMemory);
  } else if (r.bound == Bound::Communication) {
    remark << "communication-bound: each device sends "
           << formatQuantity(r.bytesCommunicated, "B");
    if (r.collectiveAlgorithm)
      remark << " (" << stringifyCollectiveAlgorithm(*r.collectiveAlgorithm)
             << ")";
    remark << ", " << formatSeconds(r.tCommunication) << " on the links";
  } else if (r.bound == Bound::Memory && isBoundByStridedReads(r)) {
    // The waits on row-by-row reads, not the traffic, bound it: its
    // intensity says nothing about that.
    remark << "memory-bound on reads across rows: " << formatSeconds(r.tStrided)
           << " of its " << formatSeconds(r.tCompute)
           << " compute term waits on an input whose reduced dimension "
              "is outer ([k, n]), read a row per step";
  } else {
    remark << stringifyBound(r.bound) << "-bound: "
           << formatFixed(work.intensity, work.intensity < 10 ? 1 : 0)
           << (r.peak && isIntegerKind(r.peak->kind) ? " OP/B" : " FLOP/B");
    if (std::optional<double> ridge =
            r.peak ? program.getRidgePoint(r.peak->unit, r.peak->kind)
                   : std::nullopt) {
      remark << ", " << (work.intensity < *ridge ? "below" : "above") << " the "
             << stringifyElementKind(r.peak->kind) << " "
             << stringifyComputeUnit(r.peak->unit) << " ridge of "
             << formatFixed(*ridge, 0)
             << (isIntegerKind(r.peak->kind) ? " OP/B" : " FLOP/B");
    }
  }
  remark << "; " << formatSeconds(r.latency) << " ("
         << formatFixed(functionShare * 100, 0) << "% of @"
         << escapeTerminal(func) << ")";
}

/// profile=: the measured time of what the remark is about (`measured`, by
/// op or kernel id), against its predicted `latency`.
static void describeMeasured(const PricedProgram &program,
                             llvm::ArrayRef<double> measured, unsigned id,
                             double latency, llvm::raw_ostream &remark) {
  if (!program.profile)
    return;
  if (id >= measured.size() || measured[id] < 0) {
    remark << "; nothing measured maps to it";
    return;
  }
  remark << "; measured " << formatSeconds(measured[id]);
  if (latency > 0)
    remark << " (" << formatFixed(measured[id] / latency, 2)
           << "x the prediction)";
}

static std::string describe(const PricedProgram &program, const PricedOp &op) {
  std::string text;
  llvm::raw_string_ostream remark(text);
  describe(program, op, op.func, op.functionShare, remark);
  if (program.profile)
    describeMeasured(program, program.profile->opMeasured, op.id,
                     op.roofline.latency, remark);
  return text;
}

/// The longest of `units` (latencies `latency`, functions `func`) until
/// they cover `coverage` of their function's time `functionTime`: their
/// positions.
template <typename Unit, typename Latency, typename Func>
static llvm::DenseSet<unsigned>
markLongest(llvm::ArrayRef<Unit> units, const llvm::StringMap<double> &time,
            double coverage, Latency latency, Func func) {
  std::vector<unsigned> longest(units.size());
  std::iota(longest.begin(), longest.end(), 0);
  llvm::stable_sort(longest, [&](unsigned a, unsigned b) {
    return latency(units[a]) > latency(units[b]);
  });
  llvm::DenseSet<unsigned> marked;
  llvm::StringMap<double> covered;
  for (unsigned index : longest) {
    llvm::StringRef name = func(units[index]);
    double &sum = covered[name];
    if (sum >= coverage * time.lookup(name) && coverage < 1)
      continue;
    sum += latency(units[index]);
    marked.insert(index);
  }
  return marked;
}

/// Compiled execution: a remark per kernel that matters, at its heaviest
/// op, with a note at each other op it runs.
static std::vector<OpRemark> describeKernels(const PricedProgram &program,
                                             double coverage, double minShare) {
  llvm::StringMap<double> functionTime;
  for (const PricedFunction &func : program.functions)
    functionTime[func.name] = func.totals.latency;
  std::vector<const PricedKernel *> priced;
  for (const PricedKernel &kernel : program.kernels)
    if (kernel.roofline.bound != Bound::Free && !kernel.ops.empty())
      priced.push_back(&kernel);
  llvm::DenseSet<unsigned> marked = markLongest(
      llvm::ArrayRef(priced), functionTime, coverage,
      [](const PricedKernel *k) { return k->roofline.latency; },
      [](const PricedKernel *k) { return llvm::StringRef(k->func); });
  std::vector<OpRemark> remarks;
  for (auto [index, kernel] : llvm::enumerate(priced)) {
    double share = kernel->functionShare;
    if (!marked.contains(index) || share < minShare)
      continue;
    const PricedOp &heaviest =
        program.ops[findHeaviestOp(program, kernel->ops)];
    OpRemark remark{&heaviest, "", {}};
    llvm::raw_string_ostream message(remark.message);
    message << "kernel K" << kernel->id << " ("
            << escapeTerminal(heaviest.name);
    if (kernel->ops.size() > 1)
      message << " + " << formatCount(Count(kernel->ops.size() - 1), "op");
    if (kernel->kind)
      message << ", " << stringifyFusionKind(*kernel->kind);
    message << "): ";
    describe(program, *kernel, kernel->func, share, message);
    if (program.profile)
      describeMeasured(program, program.profile->kernelMeasured, kernel->id,
                       kernel->roofline.latency, message);
    for (unsigned id : kernel->ops) {
      const PricedOp &member = program.ops[id];
      if (&member != &heaviest)
        remark.notes.push_back(
            {&member, "fused into kernel K" + std::to_string(kernel->id) +
                          " with the " + escapeTerminal(heaviest.name) +
                          " at " + escapeTerminal(heaviest.loc)});
    }
    remarks.push_back(std::move(remark));
  }
  return remarks;
}

std::vector<OpRemark> mlsysim::describeRemarks(const PricedProgram &program,
                                               double coverage,
                                               double minShare) {
  if (program.options.roofline.execution == ExecutionModel::Compiled)
    return describeKernels(program, coverage, minShare);
  llvm::StringMap<double> functionTime;
  for (const PricedFunction &func : program.functions)
    functionTime[func.name] = func.opTime;
  std::vector<const PricedOp *> priced;
  for (const PricedOp &op : program.ops)
    if (op.modeled && !op.free && op.roofline.bound != Bound::Free)
      priced.push_back(&op);
  // The longest ops of each function until they cover `coverage` of it.
  llvm::DenseSet<unsigned> marked = markLongest(
      llvm::ArrayRef(priced), functionTime, coverage,
      [](const PricedOp *op) { return op->roofline.latency; },
      [](const PricedOp *op) { return op->func; });
  std::vector<OpRemark> remarks;
  for (auto [index, op] : llvm::enumerate(priced))
    if (marked.contains(index) && op->functionShare >= minShare)
      remarks.push_back({op, describe(program, *op), {}});
  return remarks;
}
