//===- Remarks.cpp - What bounds each op, at its location -----------------===//

#include "mlsysim/Transforms/Passes.h"

#include "PassSupport.h"
#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

using namespace mlsysim;
using namespace mlir;

namespace mlsysim {
#define GEN_PASS_DEF_REMARKSPASS
#include "mlsysim/Transforms/Passes.h.inc"
} // namespace mlsysim

namespace {
struct RemarksPass : public mlsysim::impl::RemarksPassBase<RemarksPass> {
  using RemarksPassBase::RemarksPassBase;
  friend struct passutil::OptionReader;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (coverage <= 0 || coverage > 1) {
      emitError(module.getLoc())
          << "coverage is a fraction of a function's time in (0, 1], got "
          << coverage;
      return signalPassFailure();
    }
    if (minShare < 0 || minShare > 1) {
      emitError(module.getLoc())
          << "min-share is a fraction of a function's time "
             "between 0 and 1, got "
          << minShare;
      return signalPassFailure();
    }
    FailureOr<std::vector<Report>> reports = passutil::buildModuleReports(
        module, passutil::OptionReader::read(*this),
        [&]() -> const CostAnalysis & { return getAnalysis<CostAnalysis>(); });
    if (failed(reports))
      return signalPassFailure();
    if (reports->size() != 1) {
      emitError(module.getLoc())
          << "mlsysim-remarks prices one device; got " << reports->size()
          << " in hardware=" << hardware;
      return signalPassFailure();
    }
    const Report &report = reports->front();
    passutil::emitCoverageWarnings(report);
    // Each function's time as its ops are priced here (each its own kernel),
    // and the longest ops that make up `coverage` of it.
    llvm::StringMap<double> functionTime;
    std::vector<const OpReport *> priced;
    for (const OpReport &op : report.ops)
      if (op.modeled && !op.free && op.roofline.bound != Bound::Free) {
        functionTime[op.func] += op.roofline.latency;
        priced.push_back(&op);
      }
    std::vector<const OpReport *> longest = priced;
    llvm::stable_sort(longest, [](const OpReport *a, const OpReport *b) {
      return a->roofline.latency > b->roofline.latency;
    });
    llvm::DenseSet<const OpReport *> marked;
    llvm::StringMap<double> covered;
    for (const OpReport *op : longest) {
      double &sum = covered[op->func];
      if (sum >= coverage * functionTime.lookup(op->func) && coverage < 1)
        continue;
      sum += op->roofline.latency;
      marked.insert(op);
    }
    for (const OpReport *opPtr : priced) {
      const OpReport &op = *opPtr;
      double total = functionTime.lookup(op.func);
      double share = getShare(op.roofline.latency, total);
      if (!marked.contains(opPtr) || share < minShare)
        continue;
      // Where and in which function: text from the IR, made inert for the
      // terminal the remarks are read on.
      InFlightDiagnostic remark = emitRemark(escapeTerminal(op.op->getLoc()));
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
        remark << "memory-bound on reads across rows: "
               << formatSeconds(r.tStrided) << " of its "
               << formatSeconds(r.tCompute)
               << " compute term waits on an input whose reduced dimension "
                  "is outer ([k, n]), read a row per step";
      } else {
        remark << stringifyBound(r.bound) << "-bound: "
               << formatFixed(op.intensity, op.intensity < 10 ? 1 : 0)
               << (op.roofline.peak && isIntegerKind(op.roofline.peak->kind)
                       ? " OP/B"
                       : " FLOP/B");
        if (std::optional<double> ridge =
                r.peak ? report.getRidgePoint(r.peak->unit, r.peak->kind)
                       : std::nullopt) {
          remark << ", " << (op.intensity < *ridge ? "below" : "above")
                 << " the " << stringifyElementKind(r.peak->kind) << " "
                 << stringifyComputeUnit(r.peak->unit) << " ridge of "
                 << formatFixed(*ridge, 0)
                 << (isIntegerKind(r.peak->kind) ? " OP/B" : " FLOP/B");
        }
      }
      remark << "; " << formatSeconds(r.latency) << " ("
             << formatFixed(share * 100, 0) << "% of @"
             << escapeTerminal(op.func) << ")";
      ++numRemarks;
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
