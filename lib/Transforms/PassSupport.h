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
};

/// Validates the common options and builds the report of `module`, reusing
/// the cached analysis when the options allow. Emits an error at the module's
/// location and fails on a bad option or an unknown device.
mlir::FailureOr<Report> buildModuleReport(mlir::ModuleOp module,
                                          const CommonOptionValues &values,
                                          const CostAnalysis *cached);

/// One warning per unmodeled op name, at its first occurrence, and one per
/// loop whose trip count is unknown.
void emitCoverageWarnings(const Report &report);

} // namespace passutil
} // namespace mlsysim

#endif // MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
