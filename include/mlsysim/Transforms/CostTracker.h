//===- CostTracker.h - Predicted cost after each pass -----------*- C++ -*-===//
//
// A pass instrumentation for pipelines: after each pass that runs on the
// module, the predicted total of the IR on one device, and how much the pass
// changed it, so a compiler engineer sees which pass bought what.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_TRANSFORMS_COSTTRACKER_H
#define MLSYSIM_TRANSFORMS_COSTTRACKER_H

#include "mlsysim/Hardware/HardwareSpec.h"

#include "mlir/Pass/PassInstrumentation.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace mlsysim {

/// Prints `mlsysim-track: after PASS: ...` lines to `os`, pricing on
/// `hardware`; `batch` > 0 binds dynamic sizes (and the batch) to it.
std::unique_ptr<mlir::PassInstrumentation>
createCostTracker(std::shared_ptr<const HardwareSpec> hardware, int64_t batch,
                  llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_TRANSFORMS_COSTTRACKER_H
