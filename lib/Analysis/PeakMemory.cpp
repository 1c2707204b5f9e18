//===- PeakMemory.cpp - Peak live bytes of a function ---------------------===//

#include "mlsysim/Analysis/PeakMemory.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"

#include <map>

using namespace mlsysim;
using namespace mlir;

static bool isBuffer(Value value) {
  return isa<TensorType, BaseMemRefType>(value.getType());
}

/// The source whose buffer `op` only addresses, or null: a memref view
/// (subview, reinterpret_cast, reshapes), or an op that takes offsets, sizes
/// and strides without a destination (`tensor.extract_slice`, which
/// bufferization makes a subview). Asked whatever the cost model charges
/// such an op: a slice priced as a copy still allocates nothing.
static Value getViewSource(Operation *op) {
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return view.getViewSource();
  if (isa<OffsetSizeAndStrideOpInterface>(op) && op->getNumResults() == 1 &&
      op->getNumOperands() > 0 && isBuffer(op->getOperand(0)))
    return op->getOperand(0);
  return {};
}

/// The operand whose buffer `result` shares, or null when the result is a new
/// buffer: destination-style results share their init (an insert_slice
/// writes into its destination), loop results their initial value, views
/// their source, and the results of other ops that move no data (reshapes,
/// casts) their first buffer operand.
static Value
getAliasedOperand(OpResult result,
                  llvm::function_ref<bool(Operation *)> movesNoData) {
  Operation *op = result.getOwner();
  // Nothing to share (empty tensors, allocations): no interface lookups.
  if (op->getNumOperands() == 0)
    return {};
  // A structured op's operands are its inputs then its destinations, one
  // per tensor result (asked without building the operand range).
  if (isa<linalg::LinalgOp>(op) && op->getNumOperands() >= op->getNumResults())
    return op->getOperand(op->getNumOperands() - op->getNumResults() +
                          result.getResultNumber());
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
    // One query: each builds the operand range anew.
    MutableOperandRange inits = dps.getDpsInitsMutable();
    if (inits.size() > result.getResultNumber())
      return inits[result.getResultNumber()].get();
  }
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
    if (OpOperand *init = loop.getTiedLoopInit(result))
      return init->get();
  if (Value source = getViewSource(op))
    return source;
  auto bufferOperands = llvm::make_filter_range(op->getOperands(), isBuffer);
  if (bufferOperands.empty())
    return {};
  return movesNoData(op) ? *bufferOperands.begin() : Value();
}

LiveBuffers
mlsysim::computeLiveBuffers(FunctionOpInterface func,
                            llvm::function_ref<bool(Value)> hasSize,
                            llvm::function_ref<bool(Operation *)> movesNoData) {
  LiveBuffers live;
  // Program order of the function's top-level ops; a nested op counts at its
  // top-level ancestor.
  for (Block &block : func.getFunctionBody())
    for (Operation &op : block)
      live.order.push_back(&op);

  // Each value maps to the buffer it lives in: an argument (index -1) or the
  // position of the op that allocated it.
  constexpr int64_t kArgument = -1;
  llvm::DenseMap<Value, int64_t> bufferOf;
  // About a buffer per top-level op: no rehashing as they come.
  bufferOf.reserve(live.order.size() + func.getNumArguments());
  for (BlockArgument arg : func.getArguments())
    if (isBuffer(arg))
      bufferOf[arg] = kArgument;

  auto visit = [&](Operation *op, unsigned at) {
    // Uses extend the life of the buffers they read.
    for (Value operand : op->getOperands()) {
      if (!isBuffer(operand))
        continue; // Scalars (payload values) live in registers.
      auto it = bufferOf.find(operand);
      if (it != bufferOf.end() && it->second != kArgument)
        live.buffers[it->second].end =
            std::max(live.buffers[it->second].end, at);
    }
    for (OpResult result : op->getResults()) {
      if (!isBuffer(result))
        continue;
      if (Value aliased = getAliasedOperand(result, movesNoData)) {
        auto it = bufferOf.find(aliased);
        if (it != bufferOf.end()) {
          bufferOf[result] = it->second;
          continue;
        }
      }
      if (!hasSize(result)) {
        ++live.unsized;
        continue;
      }
      bufferOf[result] = live.buffers.size();
      live.buffers.push_back({at, at});
    }
  };
  // Nested ops (loop bodies, payloads) count at their top-level ancestor,
  // visited before it as a post-order walk would.
  for (auto [at, topLevel] : llvm::enumerate(live.order)) {
    for (Region &region : topLevel->getRegions())
      region.walk([&, at = at](Operation *op) { visit(op, at); });
    visit(topLevel, at);
  }
  return live;
}

PeakMemory
mlsysim::computePeakMemory(FunctionOpInterface func, const CostContext &context,
                           const FunctionWeights &weights,
                           llvm::function_ref<bool(Operation *)> movesNoData) {
  PeakMemory footprint;
  footprint.name = func.getName().str();
  footprint.func = func;
  if (func.isExternal())
    return footprint;

  for (BlockArgument arg : func.getArguments()) {
    if (!isBuffer(arg))
      continue;
    if (std::optional<Count> bytes = context.bytesOf(arg);
        bytes && bytes->isFinite())
      footprint.argumentBytes += *bytes;
    else
      ++footprint.unknownSizes;
  }
  footprint.weightsSource = weights.source;
  for (Value weight : weights.stored(func)) {
    ++footprint.weightValues;
    if (std::optional<Count> elements = context.numElements(weight);
        elements && elements->isFinite())
      footprint.parameters += *elements;
    if (std::optional<Count> bytes = context.bytesOf(weight);
        bytes && bytes->isFinite())
      footprint.parameterBytes += *bytes;
  }

  // A size past a double's range is no size to add up. The sizes come in
  // the order the buffers are made.
  std::vector<Count> sizes;
  LiveBuffers live = computeLiveBuffers(
      func,
      [&](Value value) {
        std::optional<Count> bytes = context.bytesOf(value);
        if (!bytes || !bytes->isFinite())
          return false;
        sizes.push_back(*bytes);
        return true;
      },
      movesNoData);
  footprint.unknownSizes += live.unsized;

  // Sweep the op order: a buffer is live from its definition to its last use.
  std::vector<Count> starting(live.order.size() + 1),
      ending(live.order.size() + 1);
  for (auto [buffer, bytes] : llvm::zip_equal(live.buffers, sizes)) {
    starting[buffer.start] += bytes;
    ending[buffer.end] += bytes;
  }
  Count current;
  for (unsigned i = 0; i < live.order.size(); ++i) {
    current += starting[i];
    if (current.toDouble() > footprint.peakIntermediateBytes.toDouble()) {
      footprint.peakIntermediateBytes = current;
      footprint.peakOp = live.order[i];
    }
    current = current - ending[i];
  }
  return footprint;
}
