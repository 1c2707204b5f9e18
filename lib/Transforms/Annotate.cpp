//===- Annotate.cpp - Attach costs as attributes --------------------------===//

#include "mlsysim/Transforms/Passes.h"

#include "PassSupport.h"
#include "mlsysim/Dialect/MLSysim/MLSysimAttrs.h"

using namespace mlsysim;
using namespace mlir;

namespace mlsysim {
#define GEN_PASS_DEF_ANNOTATEPASS
#include "mlsysim/Transforms/Passes.h.inc"
} // namespace mlsysim

namespace {
struct AnnotatePass : public mlsysim::impl::AnnotatePassBase<AnnotatePass> {
  using AnnotatePassBase::AnnotatePassBase;
  friend struct passutil::OptionReader;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<std::vector<Report>> reports = passutil::buildModuleReports(
        module, passutil::OptionReader::read(*this),
        [&]() -> const CostAnalysis & { return getAnalysis<CostAnalysis>(); });
    if (failed(reports))
      return signalPassFailure();
    if (reports->size() != 1) {
      emitError(module.getLoc())
          << "mlsysim-annotate prices one device; got " << reports->size()
          << " in hardware=" << hardware;
      return signalPassFailure();
    }
    Report *report = &reports->front();
    passutil::emitCoverageWarnings(*report);

    MLIRContext *ctx = &getContext();
    for (const OpReport &op : report->ops) {
      if (!op.modeled) {
        op.op->setAttr(MLSysimDialect::UnmodeledAttrHelper::getNameStr(),
                       StringAttr::get(ctx, op.reason));
        ++numUnmodeled;
        continue;
      }
      std::string unit =
          op.roofline.peak
              ? (stringifyComputeUnit(op.roofline.peak->unit) + ":" +
                 stringifyElementKind(op.roofline.peak->kind))
                    .str()
              : "none";
      op.op->setAttr(
          MLSysimDialect::CostAttrHelper::getNameStr(),
          CostAttr::get(ctx, op.flops.toDouble(), op.intOps.toDouble(),
                        op.transcendentals.toDouble(), op.bytesRead.toDouble(),
                        op.bytesWritten.toDouble(), op.intensity,
                        op.roofline.latency, stringifyBound(op.roofline.bound),
                        unit));
      ++numAnnotated;
    }
    module->setAttr(MLSysimDialect::HardwareAttrHelper::getNameStr(),
                    StringAttr::get(ctx, report->hardware->id));
    // Attributes are not what the cost analysis reads.
    markAllAnalysesPreserved();
  }
};
} // namespace
