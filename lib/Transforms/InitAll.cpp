//===- InitAll.cpp - Register mlsysim with a registry ---------------------===//

#include "mlsysim/InitAll.h"

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"
#include "mlsysim/Interfaces/CostModels.h"
#include "mlsysim/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"

void mlsysim::registerMLSysimDialects(mlir::DialectRegistry &registry) {
  registry.insert<MLSysimDialect>();
  registerAllCostModels(registry);
  // dynamic-dim=N derives dynamic sizes through ValueBoundsOpInterface; a
  // compiler that embeds mlsysim may not have registered these.
  mlir::affine::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::arith::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::linalg::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::memref::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::scf::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::tensor::registerValueBoundsOpInterfaceExternalModels(registry);
}

void mlsysim::registerMLSysimPasses() { registerMLSysimTransformsPasses(); }
