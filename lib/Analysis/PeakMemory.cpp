//===- PeakMemory.cpp - Peak live bytes of a function ---------------------===//

#include "mlsysim/Analysis/PeakMemory.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"

#include <map>

using namespace mlsysim;
using namespace mlir;

static bool isBuffer(Value value) {
  return isa<TensorType, BaseMemRefType>(value.getType());
}

/// The operand whose buffer `result` shares, or null when the result is a new
/// buffer: destination-style results share their init, loop results their
/// initial value, and the results of ops that move no data (views, reshapes,
/// casts) their first buffer operand.
static Value
getAliasedOperand(OpResult result,
                  llvm::function_ref<bool(Operation *)> movesNoData) {
  Operation *op = result.getOwner();
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
  auto bufferOperands = llvm::make_filter_range(op->getOperands(), isBuffer);
  if (bufferOperands.empty())
    return {};
  return movesNoData(op) ? *bufferOperands.begin() : Value();
}

PeakMemory
mlsysim::computePeakMemory(FunctionOpInterface func, const CostContext &context,
                           llvm::function_ref<bool(Operation *)> movesNoData) {
  PeakMemory footprint;
  footprint.name = func.getName().str();
  footprint.func = func;
  if (func.isExternal())
    return footprint;

  // Program order of the function's top-level ops; a nested op counts at its
  // top-level ancestor.
  std::vector<Operation *> order;
  for (Block &block : func.getFunctionBody())
    for (Operation &op : block)
      order.push_back(&op);

  // Each value maps to the buffer it lives in: an argument (index -1) or the
  // position of the op that allocated it.
  constexpr int64_t kArgument = -1;
  llvm::DenseMap<Value, int64_t> bufferOf;
  struct Buffer {
    Count bytes;
    unsigned start, end;
  };
  std::vector<Buffer> buffers;

  for (BlockArgument arg : func.getArguments()) {
    if (!isBuffer(arg))
      continue;
    bufferOf[arg] = kArgument;
    if (std::optional<Count> bytes = context.bytesOf(arg);
        bytes && bytes->isFinite())
      footprint.argumentBytes += *bytes;
    else
      ++footprint.unknownSizes;
    if (func.getArgAttr(arg.getArgNumber(),
                        MLSysimDialect::ParamAttrHelper::getNameStr())) {
      if (std::optional<Count> elements = context.numElements(arg);
          elements && elements->isFinite())
        footprint.parameters += *elements;
      if (std::optional<Count> bytes = context.bytesOf(arg);
          bytes && bytes->isFinite())
        footprint.parameterBytes += *bytes;
    }
  }

  auto visit = [&](Operation *op, unsigned at) {
    // Uses extend the life of the buffers they read.
    for (Value operand : op->getOperands()) {
      if (!isBuffer(operand))
        continue; // Scalars (payload values) live in registers.
      auto it = bufferOf.find(operand);
      if (it != bufferOf.end() && it->second != kArgument)
        buffers[it->second].end = std::max(buffers[it->second].end, at);
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
      std::optional<Count> bytes = context.bytesOf(result);
      // A size past a double's range is no size to add up.
      if (!bytes || !bytes->isFinite()) {
        ++footprint.unknownSizes;
        continue;
      }
      bufferOf[result] = buffers.size();
      buffers.push_back({*bytes, at, at});
    }
  };
  // Nested ops (loop bodies, payloads) count at their top-level ancestor,
  // visited before it as a post-order walk would.
  for (auto [at, topLevel] : llvm::enumerate(order)) {
    for (Region &region : topLevel->getRegions())
      region.walk([&, at = at](Operation *op) { visit(op, at); });
    visit(topLevel, at);
  }

  // Sweep the op order: a buffer is live from its definition to its last use.
  std::vector<Count> starting(order.size() + 1), ending(order.size() + 1);
  for (const Buffer &buffer : buffers) {
    starting[buffer.start] += buffer.bytes;
    ending[buffer.end] += buffer.bytes;
  }
  Count live;
  for (unsigned i = 0; i < order.size(); ++i) {
    live += starting[i];
    if (live.toDouble() > footprint.peakIntermediateBytes.toDouble()) {
      footprint.peakIntermediateBytes = live;
      footprint.peakOp = order[i];
    }
    live = live - ending[i];
  }
  return footprint;
}
