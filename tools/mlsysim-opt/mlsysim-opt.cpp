//===- mlsysim-opt.cpp - The mlsysim driver -------------------------------===//
//
// mlir-opt with the mlsysim dialect, cost models and passes: every upstream
// dialect and pass is available, so pipelines, --split-input-file and
// --verify-diagnostics behave as they do in mlir-opt.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlsysim::registerMLSysimDialects(registry);
  mlir::registerAllPasses();
  mlsysim::registerMLSysimPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "mlsysim: roofline cost model driver\n", registry));
}
