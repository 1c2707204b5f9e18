//===- RemarksView.cpp - What bounds each op, in one line -----------------===//

#include "mlsysim/Reporting/RemarksView.h"

#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

using namespace mlsysim;

/// What bounds `op`, and its time.
static std::string describe(const PricedProgram &program, const PricedOp &op) {
  std::string text;
  llvm::raw_string_ostream remark(text);
  const RooflineEstimate &r = op.roofline;
  if (r.bound == Bound::Overhead) {
    remark << "overhead-bound: the " << formatSeconds(r.tOverhead)
           << " launch exceeds compute " << formatSeconds(r.tCompute)
           << " and memory " << formatSeconds(r.tMemory);
  } else if (r.bound == Bound::Communication) {
    remark << "communication-bound: each device sends "
           << formatQuantity(r.bytesCommunicated, "B") << " ("
           << stringifyCollectiveAlgorithm(*r.collectiveAlgorithm) << "), "
           << formatSeconds(r.tCommunication) << " on the links";
  } else if (r.bound == Bound::Memory && isBoundByStridedReads(r)) {
    // The waits on row-by-row reads, not the traffic, bound it: its
    // intensity says nothing about that.
    remark << "memory-bound on reads across rows: " << formatSeconds(r.tStrided)
           << " of its " << formatSeconds(r.tCompute)
           << " compute term waits on an input whose reduced dimension "
              "is outer ([k, n]), read a row per step";
  } else {
    remark << stringifyBound(r.bound)
           << "-bound: " << formatFixed(op.intensity, op.intensity < 10 ? 1 : 0)
           << (r.peak && isIntegerKind(r.peak->kind) ? " OP/B" : " FLOP/B");
    if (std::optional<double> ridge =
            r.peak ? program.getRidgePoint(r.peak->unit, r.peak->kind)
                   : std::nullopt) {
      remark << ", " << (op.intensity < *ridge ? "below" : "above") << " the "
             << stringifyElementKind(r.peak->kind) << " "
             << stringifyComputeUnit(r.peak->unit) << " ridge of "
             << formatFixed(*ridge, 0)
             << (isIntegerKind(r.peak->kind) ? " OP/B" : " FLOP/B");
    }
  }
  remark << "; " << formatSeconds(r.latency) << " ("
         << formatFixed(op.functionShare * 100, 0) << "% of @"
         << escapeTerminal(op.func) << ")";
  return text;
}

std::vector<OpRemark> mlsysim::describeRemarks(const PricedProgram &program,
                                               double coverage,
                                               double minShare) {
  llvm::StringMap<double> functionTime;
  for (const PricedFunction &func : program.functions)
    functionTime[func.name] = func.opTime;
  std::vector<const PricedOp *> priced;
  for (const PricedOp &op : program.ops)
    if (op.modeled && !op.free && op.roofline.bound != Bound::Free)
      priced.push_back(&op);
  // The longest ops of each function until they cover `coverage` of it.
  std::vector<const PricedOp *> longest = priced;
  llvm::stable_sort(longest, [](const PricedOp *a, const PricedOp *b) {
    return a->roofline.latency > b->roofline.latency;
  });
  llvm::DenseSet<const PricedOp *> marked;
  llvm::StringMap<double> covered;
  for (const PricedOp *op : longest) {
    double &sum = covered[op->func];
    if (sum >= coverage * functionTime.lookup(op->func) && coverage < 1)
      continue;
    sum += op->roofline.latency;
    marked.insert(op);
  }
  std::vector<OpRemark> remarks;
  for (const PricedOp *op : priced)
    if (marked.contains(op) && op->functionShare >= minShare)
      remarks.push_back({op, describe(program, *op)});
  return remarks;
}
