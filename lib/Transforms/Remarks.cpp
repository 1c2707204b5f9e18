//===- Remarks.cpp - What bounds each op, at its location -----------------===//

#include "mlsysim/Transforms/Passes.h"

#include "PassSupport.h"
#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/RemarksView.h"

using namespace mlsysim;
using namespace mlir;

namespace mlsysim {
#define GEN_PASS_DEF_REMARKSPASS
#include "mlsysim/Transforms/Passes.h.inc"
} // namespace mlsysim

namespace {
struct RemarksPass : public mlsysim::impl::RemarksPassBase<RemarksPass> {
  using RemarksPassBase::RemarksPassBase;
  friend struct passutil::PassPricing;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    passutil::OptionCheck check = passutil::PassPricing::checkOptions(*this);
    check.value(coverage).value(minShare);
    return passutil::PassPricing::initialize(*this, check, options,
                                             errorHandler);
  }

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
    FailureOr<std::vector<PricedProgram>> reports =
        passutil::PassPricing::priceOneDevice(
            *this, passutil::PassPricing::read(*this),
            "mlsysim-remarks prices");
    if (failed(reports))
      return signalPassFailure();
    if (failed(
            passutil::overlayProfiles(module, {profile, "", "", 0}, *reports)))
      return signalPassFailure();
    const PricedProgram &report = reports->front();
    passutil::emitCoverageWarnings(report);
    for (const OpRemark &remark : describeRemarks(report, coverage, minShare)) {
      // Where: a location from the IR, made inert for the terminal the
      // remarks are read on.
      InFlightDiagnostic diag =
          emitRemark(escapeTerminal(remark.op->op->getLoc())) << remark.message;
      for (const OpNote &note : remark.notes)
        diag.attachNote(escapeTerminal(note.op->op->getLoc())) << note.message;
      ++numRemarks;
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
