//===- InitAll.cpp - Register mlsysim with a registry ---------------------===//

#include "mlsysim/InitAll.h"

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"
#include "mlsysim/Interfaces/CostModels.h"
#include "mlsysim/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"

void mlsysim::registerMLSysimDialects(mlir::DialectRegistry &registry) {
  registry.insert<MLSysimDialect>();
  registerAllCostModels(registry);
}

void mlsysim::registerMLSysimPasses() { registerMLSysimTransformsPasses(); }
