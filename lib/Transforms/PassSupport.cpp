//===- PassSupport.cpp - What every pricing pass does first ---------------===//

#include "PassSupport.h"

#include "mlsysim/Hardware/HardwareRegistry.h"
#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/Units.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlsysim;
using namespace mlir;

/// Whether any op the analysis priced makes a value of dynamic size, or a
/// function takes one (every other value is made by an op).
static bool hasDynamicSizes(ModuleOp module, const CostAnalysis &analysis) {
  auto dynamic = [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && shaped.hasRank() && !shaped.hasStaticShape();
  };
  // Functions at any depth (nested modules), without entering their bodies.
  bool dynamicArgument = false;
  module.walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
    dynamicArgument |= llvm::any_of(func.getArgumentTypes(), dynamic);
    return WalkResult::skip();
  });
  return dynamicArgument ||
         llvm::any_of(analysis.getRecords(), [&](const OpCostRecord &record) {
           return llvm::any_of(record.op->getResultTypes(), dynamic);
         });
}

FailureOr<std::vector<Report>> mlsysim::passutil::buildModuleReports(
    ModuleOp module, const CommonOptions &values,
    llvm::function_ref<const CostAnalysis &()> cached) {
  ReportOptions options;
  options.convention = values.flopConvention;
  if (values.dynamicDim == 0 || values.dynamicDim < -1)
    return emitError(module.getLoc())
           << "dynamic-dim must be a positive size (or -1 to leave dynamic "
              "shapes unmodeled), got "
           << values.dynamicDim;
  if (values.batch < 0)
    return emitError(module.getLoc())
           << "batch must be a positive number of samples, got "
           << values.batch;
  if (values.dynamicDim > 0)
    options.cost.dynamicDimSize = values.dynamicDim;
  if (values.batch > 0) {
    options.batch = values.batch;
    if (!options.cost.dynamicDimSize)
      options.cost.dynamicDimSize = values.batch;
  }
  options.cost.precision = values.precision;
  options.roofline.allowTF32 = values.tf32;
  options.fusion = values.fusion;
  options.allOps = values.allOps;
  options.roofline.memoryLevel = values.memoryLevel;
  options.roofline.collectiveAlgorithm = values.collectives;
  options.roofline.execution = values.execution;

  llvm::Expected<std::vector<std::shared_ptr<const HardwareSpec>>> devices =
      resolveHardwareList(values.hardware);
  if (!devices)
    return emitError(module.getLoc()) << llvm::toString(devices.takeError());
  // memory-level=llc prices every op at the LLC's bandwidth: a device that
  // rates none cannot be priced so (auto falls back by definition).
  if (values.memoryLevel == MemoryLevel::LLC)
    for (const auto &device : *devices)
      if (!device->llcBandwidthBytesPerS)
        return emitError(module.getLoc())
               << "memory-level=llc: " << device->id
               << " rates no last-level cache bandwidth (memory-level=auto "
                  "uses it where a device has one)";

  // The cached analysis holds default options; other options recount. One
  // analysis serves every device: counts do not depend on the hardware.
  std::optional<CostAnalysis> recounted;
  const CostAnalysis *counts = nullptr;
  if (options.cost.dynamicDimSize ||
      options.cost.precision != Precision::AsWritten)
    counts = &recounted.emplace(module, options.cost);
  else
    counts = &cached();
  // The formulas, once for every device, when the program has dynamic sizes
  // (or the user named some).
  std::shared_ptr<const SymbolicCostAnalysis> symbolic;
  if (values.symbolic &&
      (!values.symbols.empty() || hasDynamicSizes(module, *counts))) {
    llvm::Expected<std::unique_ptr<SymbolicCostAnalysis>> built =
        SymbolicCostAnalysis::build(*counts, module, values.symbols);
    if (!built)
      return emitError(module.getLoc()) << llvm::toString(built.takeError());
    symbolic = std::move(*built);
  }
  std::vector<Report> reports;
  for (const auto &device : *devices)
    reports.push_back(buildReport(*counts, device, options, symbolic));
  return reports;
}

void mlsysim::passutil::emitCoverageWarnings(const Report &report) {
  for (const CaveatSummary &summary : report.unmodeled) {
    InFlightDiagnostic diag = emitWarning(summary.first->getLoc())
                              << escapeTerminal(summary.reason)
                              << "; listed as unmodeled";
    if (summary.count > 1)
      diag << " (" << summary.count << " '" << escapeTerminal(summary.name)
           << "' ops)";
  }
  for (const CaveatSummary &summary : report.approximate) {
    InFlightDiagnostic diag = emitWarning(summary.first->getLoc())
                              << escapeTerminal(summary.reason);
    if (summary.count > 1)
      diag << " (" << summary.count << " '" << escapeTerminal(summary.name)
           << "' ops)";
  }
  for (Operation *loop : report.unknownTripCountLoops)
    emitWarning(loop->getLoc())
        << "trip count unknown: the ops inside are counted once per run of "
           "this loop";
  emitFitWarnings(report);
}

void mlsysim::passutil::emitFitWarnings(const Report &report) {
  for (const PeakMemory &footprint : report.footprints)
    if (!report.fits(footprint))
      // At the op where live memory peaks: a function's own location can be
      // a signature line of thousands of arguments.
      emitWarning(footprint.peakOp ? footprint.peakOp->getLoc()
                                   : footprint.func->getLoc())
          << "does not fit: @" << footprint.name << " needs "
          << formatQuantity(footprint.peakBytes().toDouble(), "B")
          << " at its peak" << (footprint.peakOp ? ", at this op" : "")
          << " (arguments and live intermediates); " << report.hardware->name
          << " has "
          << formatQuantity(report.hardware->memoryCapacityBytes.value, "B");
}
