//===- CostOpInterface.cpp - Per-op cost models ---------------------------===//

#include "mlsysim/Interfaces/CostOpInterface.h"

#include "mlsysim/Interfaces/CostOpInterface.cpp.inc"
