//===- PeakMemory.h - Peak live bytes of a function -------------*- C++ -*-===//
//
// Whether a function fits on a device: its arguments (weights, inputs, caches)
// plus the intermediate tensors alive at the worst point of the op order.
// Buffers are found the way bufferization would share them: views (slices,
// subviews, and the ops the cost model calls free, such as reshapes and casts)
// and destination-style results alias the buffer they read or write, and keep
// it alive while they are; everything else that yields a tensor or memref
// allocates one, live from its definition to its last use through any alias.
// A view of an argument (or a result that is one) adds no bytes.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_ANALYSIS_PEAKMEMORY_H
#define MLSYSIM_ANALYSIS_PEAKMEMORY_H

#include "mlsysim/Analysis/Weights.h"
#include "mlsysim/Interfaces/OpCost.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlsysim {

/// The memory one function needs at once.
struct PeakMemory {
  std::string name;
  mlir::Operation *func = nullptr;
  /// Bytes of the tensor and memref arguments.
  Count argumentBytes;
  /// Elements of the weights (Weights.h: the tagged arguments, those
  /// weights= names, or those inferred); 0 when there are none.
  Count parameters;
  /// Their bytes (what a run reads at least once: the weight-streaming
  /// floor).
  Count parameterBytes;
  /// How the weights were found, and how many values hold them (arguments,
  /// constants, globals).
  WeightsSource weightsSource = WeightsSource::None;
  unsigned weightValues = 0;
  /// The most bytes of intermediate buffers alive at once.
  Count peakIntermediateBytes;
  /// The op at which that peak is reached, or null.
  mlir::Operation *peakOp = nullptr;
  /// Buffers (or arguments) whose size is unknown, left out of the sums.
  unsigned unknownSizes = 0;

  Count peakBytes() const { return argumentBytes + peakIntermediateBytes; }
};

/// The buffers of a function over its op order: each allocated by the
/// top-level op at `start` (a nested op counts at its top-level ancestor) and
/// alive through `end`, its last use through any alias.
struct LiveBuffers {
  std::vector<mlir::Operation *> order;
  struct Buffer {
    unsigned start = 0, end = 0;
  };
  std::vector<Buffer> buffers;
  /// Results that allocate but have no size (`hasSize` said so): left out.
  unsigned unsized = 0;
};
/// The liveness behind computePeakMemory, for any way of sizing buffers:
/// `hasSize(value)` says whether a result's buffer can be sized; it is asked
/// once per buffer made, in the order of `buffers`.
LiveBuffers
computeLiveBuffers(mlir::FunctionOpInterface func,
                   llvm::function_ref<bool(mlir::Value)> hasSize,
                   llvm::function_ref<bool(mlir::Operation *)> movesNoData);

/// Liveness over the op order of `func` (docs/cost-model.md).
/// `movesNoData(op)` says whether an op is modeled as free (a reshape, a
/// cast): its results share the buffer of its first tensor/memref operand.
/// Slices and memref views share their source's whatever it says.
/// `weights` are the function's (Weights.h).
PeakMemory
computePeakMemory(mlir::FunctionOpInterface func, const CostContext &context,
                  const FunctionWeights &weights,
                  llvm::function_ref<bool(mlir::Operation *)> movesNoData);

} // namespace mlsysim

#endif // MLSYSIM_ANALYSIS_PEAKMEMORY_H
