//===- PriceSource.h - A priced program for unit tests ----------*- C++ -*-===//

#ifndef MLSYSIM_UNITTESTS_PRICESOURCE_H
#define MLSYSIM_UNITTESTS_PRICESOURCE_H

#include "mlsysim/Analysis/CostAnalysis.h"
#include "mlsysim/Interfaces/CostModels.h"
#include "mlsysim/Pricing/PricedProgram.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

namespace mlsysim::unittest {

/// Loads the dialects unit tests write IR in, with mlsysim's cost models.
inline void loadCostedDialects(mlir::MLIRContext &ctx) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::linalg::LinalgDialect, mlir::tensor::TensorDialect>();
  registerAllCostModels(registry);
  ctx.appendDialectRegistry(registry);
  ctx.loadAllAvailableDialects();
}

/// `module` counted and priced on `hardware`, as the report pass does.
inline PricedProgram priceModuleOp(mlir::ModuleOp module,
                                   std::shared_ptr<const HardwareSpec> hardware,
                                   const PricingOptions &options = {}) {
  CostAnalysis analysis(module.getOperation());
  return priceProgram(analysis, std::move(hardware), options);
}

} // namespace mlsysim::unittest

#endif // MLSYSIM_UNITTESTS_PRICESOURCE_H
