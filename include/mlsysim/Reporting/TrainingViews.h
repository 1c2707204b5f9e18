//===- TrainingViews.h - The training step's views --------------*- C++ -*-===//
//
// What the report prints for a training step (Pricing/Training.h): the
// phases, the memory by role, the activations with and without
// recomputation, the step's MFU and throughput.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_TRAININGVIEWS_H
#define MLSYSIM_REPORTING_TRAININGVIEWS_H

#include "mlsysim/Pricing/PricedProgram.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace mlsysim {

/// The text view's `training step:` section.
void printTrainingText(const PricedProgram &report, const TrainingStep &step,
                       llvm::raw_ostream &os);
/// The fields the module's `totals` gains (docs/report-json.md): `phases`,
/// `memory_by_role`, `activation_bytes`, `step_mfu`, `training`.
llvm::json::Object trainingToJSON(const TrainingStep &step);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_TRAININGVIEWS_H
