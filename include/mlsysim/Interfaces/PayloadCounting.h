//===- PayloadCounting.h - The per-iteration counting rules -----*- C++ -*-===//
//
// The one table that says what a scalar op of a payload region costs: float
// arithmetic is FLOPs, integer arithmetic is integer ops, `math` special
// functions are transcendentals, casts/select/index/constants/yield are free.
// Every model that counts scalar work (linalg payloads, tensor.generate,
// elementwise ops on whole tensors) calls it.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_INTERFACES_PAYLOADCOUNTING_H
#define MLSYSIM_INTERFACES_PAYLOADCOUNTING_H

#include "mlsysim/Interfaces/OpCost.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"

namespace mlsysim {

/// What kind of work a scalar op is.
enum class ArithKind { Free, Float, Integer, Transcendental, Unknown };

/// The cost of one scalar op.
struct ArithCost {
  ArithKind kind = ArithKind::Unknown;
  /// Operations it counts as (math.fma: 2; math.sincos: 2; most ops: 1).
  unsigned count = 0;
  /// Multiply-accumulates among them (math.fma: 1).
  unsigned macs = 0;
};

/// The counting rule for one scalar op; ArithKind::Unknown when no rule knows
/// it (the caller reports the op as unmodeled rather than counting zero).
ArithCost classifyArithmetic(mlir::Operation *op);

/// Per-iteration counts of a payload block (`macs`: a mulf feeding an
/// addf/subf, or math.fma).
struct PayloadCounts : Work {
  /// Tensors captured from above and read element-wise (`tensor.extract` in
  /// the payload, as in gathers), with the number of reads per iteration.
  llvm::SmallVector<std::pair<mlir::Value, unsigned>> capturedReads;
  /// The type of the first counted arithmetic op, or null.
  mlir::Type computeType;
  /// The first op no rule knows, or null.
  mlir::Operation *unknownOp = nullptr;
};

/// Counts one iteration of `body`. A multiply feeding an add (or math.fma) is
/// a multiply-accumulate: 2 FLOPs, recorded in `macs` too.
PayloadCounts countPayload(mlir::Block &body);

} // namespace mlsysim

#endif // MLSYSIM_INTERFACES_PAYLOADCOUNTING_H
