//===- MLSysimDialect.h - The mlsysim dialect -------------------*- C++ -*-===//

#ifndef MLSYSIM_DIALECT_MLSYSIM_MLSYSIMDIALECT_H
#define MLSYSIM_DIALECT_MLSYSIM_MLSYSIMDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h.inc"

#endif // MLSYSIM_DIALECT_MLSYSIM_MLSYSIMDIALECT_H
