//===- mlsysim-plugin.cpp - mlsysim for stock mlir-opt --------------------===//
//
// One shared library with both plugin entry points: the dialect plugin brings
// the mlsysim dialect and attaches the cost models to the upstream ops (only a
// dialect plugin receives the DialectRegistry), the pass plugin registers the
// passes. Load both:
//
//   mlir-opt --load-dialect-plugin=libMLSysimPlugin.so \
//            --load-pass-plugin=libMLSysimPlugin.so --mlsysim-report in.mlir
//
//===----------------------------------------------------------------------===//

#include "mlsysim/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "mlsysim", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            mlsysim::registerMLSysimDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "mlsysim", LLVM_VERSION_STRING,
          []() { mlsysim::registerMLSysimPasses(); }};
}
