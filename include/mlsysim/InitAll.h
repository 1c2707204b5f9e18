//===- InitAll.h - Register mlsysim with a registry -------------*- C++ -*-===//
//
// What a tool or plugin calls to make mlsysim available: the mlsysim dialect,
// the cost models attached to upstream ops, and the passes. Tools, the plugin
// and compilers embedding mlsysim all go through these two functions.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_INITALL_H
#define MLSYSIM_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlsysim {

/// The mlsysim dialect and the cost models of the upstream dialects.
void registerMLSysimDialects(mlir::DialectRegistry &registry);

/// The mlsysim passes (mlsysim-annotate, mlsysim-strip, mlsysim-report).
void registerMLSysimPasses();

} // namespace mlsysim

#endif // MLSYSIM_INITALL_H
