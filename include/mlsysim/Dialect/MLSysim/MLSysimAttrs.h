//===- MLSysimAttrs.h - mlsysim attributes ----------------------*- C++ -*-===//

#ifndef MLSYSIM_DIALECT_MLSYSIM_MLSYSIMATTRS_H
#define MLSYSIM_DIALECT_MLSYSIM_MLSYSIMATTRS_H

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

#define GET_ATTRDEF_CLASSES
#include "mlsysim/Dialect/MLSysim/MLSysimAttrs.h.inc"

#endif // MLSYSIM_DIALECT_MLSYSIM_MLSYSIMATTRS_H
