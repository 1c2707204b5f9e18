//===- PassSupport.cpp - What every pricing pass does first ---------------===//

#include "PassSupport.h"

#include "mlsysim/Hardware/HardwareRegistry.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlsysim;
using namespace mlir;

FailureOr<Report>
mlsysim::passutil::buildModuleReport(ModuleOp module,
                                   const CommonOptionValues &values,
                                   const CostAnalysis *cached) {
  ReportOptions options;
  std::optional<FlopConvention> convention =
      parseFlopConvention(values.flopConvention);
  if (!convention)
    return emitError(module.getLoc())
           << "unknown flop-convention '" << values.flopConvention
           << "'; expected fma2 or mac";
  options.convention = *convention;
  if (values.dynamicDim == 0 || values.dynamicDim < -1)
    return emitError(module.getLoc())
           << "dynamic-dim must be a positive size (or -1 to leave dynamic "
              "shapes unmodeled), got "
           << values.dynamicDim;
  if (values.dynamicDim > 0)
    options.cost.dynamicDimSize = values.dynamicDim;
  options.roofline.allowTF32 = values.tf32;
  std::optional<MemoryLevel> level = parseMemoryLevel(values.memoryLevel);
  if (!level)
    return emitError(module.getLoc())
           << "unknown memory-level '" << values.memoryLevel
           << "'; expected dram, llc or auto";
  options.roofline.memoryLevel = *level;

  llvm::Expected<std::shared_ptr<const HardwareSpec>> hardware =
      resolveHardware(values.hardware);
  if (!hardware)
    return emitError(module.getLoc()) << llvm::toString(hardware.takeError());

  // The cached analysis holds default options; other options recount.
  if (cached && !options.cost.dynamicDimSize)
    return buildReport(*cached, *hardware, options);
  CostAnalysis analysis(module, options.cost);
  return buildReport(analysis, *hardware, options);
}

void mlsysim::passutil::emitCoverageWarnings(const Report &report) {
  for (const UnmodeledSummary &summary : report.unmodeled) {
    InFlightDiagnostic diag = summary.first->emitWarning()
                              << summary.reason << "; listed as unmodeled";
    if (summary.count > 1)
      diag << " (" << summary.count << " '" << summary.name << "' ops)";
  }
  for (Operation *loop : report.unknownTripCountLoops)
    loop->emitWarning()
        << "trip count unknown: the ops inside are counted once per run of "
           "this loop";
}
