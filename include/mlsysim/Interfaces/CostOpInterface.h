//===- CostOpInterface.h - Per-op cost models -------------------*- C++ -*-===//

#ifndef MLSYSIM_INTERFACES_COSTOPINTERFACE_H
#define MLSYSIM_INTERFACES_COSTOPINTERFACE_H

#include "mlsysim/Interfaces/OpCost.h"

#include "mlir/IR/OpDefinition.h"

#include "mlsysim/Interfaces/CostOpInterface.h.inc"

#endif // MLSYSIM_INTERFACES_COSTOPINTERFACE_H
