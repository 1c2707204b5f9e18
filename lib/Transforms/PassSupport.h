//===- PassSupport.h - What every pricing pass does first -------*- C++ -*-===//

#ifndef MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
#define MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H

#include "mlsysim/Pricing/PricedProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlsysim {
namespace passutil {

/// The options every pricing pass declares (`commonRooflineOptions` in
/// Passes.td), by name.
struct CommonOptions {
  std::string hardware;
  int64_t dynamicDim = -1;
  FlopConvention flopConvention = FlopConvention::FMA2;
  bool tf32 = false;
  MemoryLevel memoryLevel = MemoryLevel::DRAM;
  CollectiveAlgorithm collectives = CollectiveAlgorithm::Auto;
  bool overlap = false;
  ExecutionModel execution = ExecutionModel::Compiled;
  int64_t batch = 0;
  std::string precision;
  /// Not common options: whether the views list fusion opportunities, and
  /// every op.
  bool fusion = true;
  bool allOps = false;
  /// Whether to give the costs as formulas of the dynamic sizes (when the
  /// program has any), and the user's names for them (`symbols=`).
  bool symbolic = false;
  std::string symbols;
  /// Argument dimensions bound apart from dynamic-dim (the serving view's
  /// lengths), and the serving view's length where the program leaves it
  /// dynamic (0: 2048).
  llvm::SmallVector<CostOptions::ArgumentSize, 2> argumentSizes;
  int64_t servingLength = 0;
};

/// Reads the common options of a pass. A pass grants it access to its
/// (protected) generated options with `friend struct passutil::OptionReader`.
struct OptionReader {
  template <typename PassT> static CommonOptions read(const PassT &pass) {
    CommonOptions options;
    options.hardware = pass.hardware;
    options.dynamicDim = pass.dynamicDim;
    options.flopConvention = pass.flopConvention;
    options.tf32 = pass.tf32;
    options.memoryLevel = pass.memoryLevel;
    options.collectives = pass.collectives;
    options.overlap = pass.overlap;
    options.execution = pass.execution;
    options.batch = pass.batch;
    options.precision = pass.precision;
    return options;
  }
};

/// Validates the common options and builds one report of `module` per device
/// of the comma-separated `hardware` list. `cached` (which fetches the
/// AnalysisManager's analysis, computed with default options) is called only
/// when the options do not change the counts; otherwise the counts are made
/// once with the options. Emits an error at the module's location and fails on
/// a bad option or an unknown device.
mlir::FailureOr<std::vector<PricedProgram>>
buildModuleReports(mlir::ModuleOp module, const CommonOptions &values,
                   llvm::function_ref<const CostAnalysis &()> cached);

/// Adds the serving view (Reporting/Serving.h) to each report when a
/// function of `module` is a prefill or decode step with a dynamic batch:
/// the step priced at batches 1, 4, 16, ... up to the largest that fits.
mlir::LogicalResult addServingViews(mlir::ModuleOp module,
                                    const CommonOptions &values,
                                    std::vector<PricedProgram> &reports);

/// One warning per unmodeled op name, at its first occurrence, one per loop
/// whose trip count is unknown, and one per function that does not fit in
/// device memory.
void emitCoverageWarnings(const PricedProgram &report);
/// One warning per function that does not fit in the report's device memory.
void emitFitWarnings(const PricedProgram &report);

} // namespace passutil
} // namespace mlsysim

#endif // MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
