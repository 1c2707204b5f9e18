//===- FusionRoles.h - What an op is to a fusing compiler -------*- C++ -*-===//
//
// The structural facts the fusion planner (Pricing/FusionPlanner.h) and the
// fuse pass read from the IR, whatever the device: which ops compute element
// by element, and the role each op plays in a fused kernel.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_ANALYSIS_FUSIONROLES_H
#define MLSYSIM_ANALYSIS_FUSIONROLES_H

#include "mlsysim/Interfaces/OpCost.h"

#include "mlir/IR/Operation.h"

namespace mlsysim {

/// An op with the Elementwise trait on ranked tensors of one shape (arith
/// and math ops that frontends leave on whole tensors): every operand is read
/// at the result's index, as by a linalg.generic with identity maps.
bool isElementwiseOnTensors(mlir::Operation *op);

/// What an op is to fusion.
enum class FusionRole {
  None,
  Fill,
  Pad,
  Matrix,
  Layout,
  Reduction,
  Elementwise
};
/// The role of `op` (of cost `cost`) in a fused kernel.
FusionRole classifyForFusion(mlir::Operation *op, const OpCost &cost);

} // namespace mlsysim

#endif // MLSYSIM_ANALYSIS_FUSIONROLES_H
