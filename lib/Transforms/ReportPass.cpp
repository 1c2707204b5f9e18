//===- ReportPass.cpp - Print a per-op roofline report --------------------===//

#include "mlsysim/Transforms/Passes.h"

#include "PassSupport.h"
#include "mlsysim/Reporting/ReportFormats.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlsysim;
using namespace mlir;

namespace mlsysim {
#define GEN_PASS_DEF_REPORTPASS
#include "mlsysim/Transforms/Passes.h.inc"
} // namespace mlsysim

namespace {
struct ReportPass : public mlsysim::impl::ReportPassBase<ReportPass> {
  using ReportPassBase::ReportPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<ReportFormat> reportFormat = parseReportFormat(format);
    if (!reportFormat) {
      emitError(module.getLoc())
          << "unknown report format '" << format
          << "'; expected text, json, csv, svg, html or trace";
      return signalPassFailure();
    }
    FailureOr<std::vector<Report>> reports = passutil::buildModuleReports(
        module, {hardware, dynamicDim, flopConvention, tf32, memoryLevel, batch, precision},
        &getAnalysis<CostAnalysis>());
    if (failed(reports))
      return signalPassFailure();
    // Coverage and fit are the same story on every device but the fit.
    passutil::emitCoverageWarnings(reports->front());
    for (const Report &other : llvm::drop_begin(*reports))
      passutil::emitFitWarnings(other);

    if (output.empty()) {
      printReports(*reports, *reportFormat, llvm::errs());
    } else {
      std::string error;
      std::unique_ptr<llvm::ToolOutputFile> file =
          openOutputFile(output, &error);
      if (!file) {
        emitError(module.getLoc())
            << "cannot write the report to '" << output << "': " << error;
        return signalPassFailure();
      }
      printReports(*reports, *reportFormat, file->os());
      file->keep();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
