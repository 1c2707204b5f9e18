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
          << "unknown report format '" << format << "'; expected text, json "
          << "or csv";
      return signalPassFailure();
    }
    FailureOr<Report> report = passutil::buildModuleReport(
        module, {hardware, dynamicDim, flopConvention, tf32, memoryLevel},
        &getAnalysis<CostAnalysis>());
    if (failed(report))
      return signalPassFailure();
    passutil::emitCoverageWarnings(*report);

    if (output.empty()) {
      printReport(*report, *reportFormat, llvm::errs());
    } else {
      std::string error;
      std::unique_ptr<llvm::ToolOutputFile> file =
          openOutputFile(output, &error);
      if (!file) {
        emitError(module.getLoc())
            << "cannot write the report to '" << output << "': " << error;
        return signalPassFailure();
      }
      printReport(*report, *reportFormat, file->os());
      file->keep();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
