//===- Passes.h - mlsysim passes --------------------------------*- C++ -*-===//

#ifndef MLSYSIM_TRANSFORMS_PASSES_H
#define MLSYSIM_TRANSFORMS_PASSES_H

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"
#include "mlsysim/Interfaces/OpCost.h"
#include "mlsysim/Pricing/Estimate.h"
#include "mlsysim/Reporting/ReportFormats.h"
#include "mlsysim/Support/ExecutionModel.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlsysim {

#define GEN_PASS_DECL
#include "mlsysim/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "mlsysim/Transforms/Passes.h.inc"

} // namespace mlsysim

#endif // MLSYSIM_TRANSFORMS_PASSES_H
