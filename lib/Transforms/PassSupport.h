//===- PassSupport.h - What every pricing pass does first -------*- C++ -*-===//

#ifndef MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
#define MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H

#include "mlsysim/Reporting/Report.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlsysim {
namespace passutil {

/// The common pass options, as declared in Passes.td.
struct CommonOptionValues {
  llvm::StringRef hardware;
  int64_t dynamicDim;
  llvm::StringRef flopConvention;
  bool tf32;
  llvm::StringRef memoryLevel;
  int64_t batch;
  llvm::StringRef precision;
  bool fusion = false;
};

/// Validates the common options and builds one report of `module` per device
/// of the comma-separated `hardware` list, reusing the cached analysis when
/// the options allow. Emits an error at the module's location and fails on a
/// bad option or an unknown device.
mlir::FailureOr<std::vector<Report>>
buildModuleReports(mlir::ModuleOp module, const CommonOptionValues &values,
                   const CostAnalysis *cached);

/// One warning per unmodeled op name, at its first occurrence, one per loop
/// whose trip count is unknown, and one per function that does not fit in
/// device memory.
void emitCoverageWarnings(const Report &report);
/// One warning per function that does not fit in the report's device memory.
void emitFitWarnings(const Report &report);

} // namespace passutil
} // namespace mlsysim

#endif // MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
