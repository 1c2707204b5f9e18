//===- PassSupport.h - What every pricing pass does first -------*- C++ -*-===//

#ifndef MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
#define MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H

#include "mlsysim/Pricing/PriceModule.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlsysim {
namespace passutil {

/// Reads the common options of a pass. A pass grants it access to its
/// (protected) generated options with `friend struct passutil::OptionReader`.
struct OptionReader {
  template <typename PassT> static PricingRequest read(const PassT &pass) {
    PricingRequest options;
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

/// One warning per unmodeled op name, at its first occurrence, one per loop
/// whose trip count is unknown, and one per function that does not fit in
/// device memory.
void emitCoverageWarnings(const PricedProgram &report);
/// One warning per function that does not fit in the report's device memory.
void emitFitWarnings(const PricedProgram &report);

} // namespace passutil
} // namespace mlsysim

#endif // MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
