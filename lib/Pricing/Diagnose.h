//===- Diagnose.h - Diagnosing a priced program -----------------*- C++ -*-===//

#ifndef MLSYSIM_LIB_PRICING_DIAGNOSE_H
#define MLSYSIM_LIB_PRICING_DIAGNOSE_H

#include "mlsysim/Pricing/PricedProgram.h"

namespace mlsysim {

/// The diagnosis of what runs of one function (`func`) or of the module
/// (`func` empty) under the program's execution model: `runUnits` are the
/// indices of its kernels (compiled execution) or its ops' ids (eager and
/// graph execution), `totals` its totals and `weightBytes` the bytes of
/// weights it reads once per run.
Diagnosis diagnose(const PricedProgram &program,
                   llvm::ArrayRef<unsigned> runUnits,
                   const PricedTotals &totals, Count weightBytes,
                   llvm::StringRef func);

} // namespace mlsysim

#endif // MLSYSIM_LIB_PRICING_DIAGNOSE_H
