//===- ServingRoles.cpp - What an LLM step's arguments are ----------------===//

#include "mlsysim/Analysis/ServingRoles.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlsysim;
using namespace mlir;

bool ServingRoles::isKVCache(unsigned argument) const {
  return llvm::any_of(
      kvCache, [&](const KVCacheArg &kv) { return kv.argument == argument; });
}

/// The first dynamic dimension of `type` other than `skip`, else 0: the
/// batch, as the frontends leave it.
static int64_t getBatchDim(RankedTensorType type, int64_t skip) {
  for (auto [dim, size] : llvm::enumerate(type.getShape()))
    if (ShapedType::isDynamic(size) && static_cast<int64_t>(dim) != skip)
      return dim;
  return 0;
}

/// The function argument `value` is, through casts and reshapes, or null.
static BlockArgument getArgumentThroughViews(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<tensor::CastOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp,
             tensor::ReshapeOp>(def))
      return {};
    value = def->getOperand(0);
  }
  return dyn_cast<BlockArgument>(value);
}

/// The weight `arg`'s values index, or null: a structured op reads it and
/// its body extracts from a tensor that is a weight argument (the embedding
/// lookup as frontends lower it), or tensor.gather reads it as indices of
/// one.
static Value getIndexedWeight(BlockArgument arg, FunctionOpInterface func,
                              const FunctionWeights &weights) {
  auto isWeight = [&](Value v) {
    BlockArgument source = getArgumentThroughViews(v);
    return source && source.getOwner()->getParentOp() == func &&
           weights.isWeightArgument(source.getArgNumber());
  };
  SmallVector<Value> worklist = {arg};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<tensor::CastOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp,
              tensor::ReshapeOp>(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      if (auto gather = dyn_cast<tensor::GatherOp>(user))
        if (gather.getIndices() == value && isWeight(gather.getSource()))
          return gather.getSource();
      auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
      if (!linalgOp || !linalgOp.getBlock())
        continue;
      Value found;
      linalgOp.getBlock()->walk([&](tensor::ExtractOp extract) {
        if (!found && isWeight(extract.getTensor()))
          found = extract.getTensor();
      });
      if (found)
        return found;
    }
  }
  return {};
}

/// Whether `func` returns scores over the vocabulary: a result whose last
/// dimension is the number of rows of the embedding table (what a language
/// model's head makes, and an encoder's hidden states are not).
static bool returnsLogits(FunctionOpInterface func, Value embedding) {
  auto table = dyn_cast<RankedTensorType>(embedding.getType());
  if (!table || table.getRank() < 1 || table.isDynamicDim(0))
    return false;
  return llvm::any_of(func.getResultTypes(), [&](Type type) {
    auto result = dyn_cast<RankedTensorType>(type);
    return result && result.getRank() >= 1 &&
           result.getDimSize(result.getRank() - 1) == table.getDimSize(0);
  });
}

bool mlsysim::hasTokenArgument(FunctionOpInterface func) {
  return llvm::any_of(func.getArgumentTypes(), [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && isa<IntegerType>(tensor.getElementType());
  });
}

ServingRoles mlsysim::findServingRoles(FunctionOpInterface func,
                                       const FunctionWeights &weights) {
  ServingRoles roles;
  if (func.isExternal())
    return roles;
  Block &entry = func.getFunctionBody().front();
  for (BlockArgument arg : entry.getArguments()) {
    unsigned index = arg.getArgNumber();
    if (weights.isWeightArgument(index))
      continue;
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      continue;
    if (isa<IntegerType>(type.getElementType())) {
      Value embedding =
          roles.tokens ? Value() : getIndexedWeight(arg, func, weights);
      if (embedding && returnsLogits(func, embedding)) {
        roles.tokens = index;
        roles.batchDim = getBatchDim(type, /*skip=*/-1);
        int64_t perSequence = 1;
        bool known = true;
        for (auto [dim, size] : llvm::enumerate(type.getShape()))
          if (static_cast<int64_t>(dim) != roles.batchDim) {
            known &= !ShapedType::isDynamic(size);
            if (known)
              perSequence *= size;
          }
        if (known)
          roles.tokensPerSequence = perSequence;
      }
      continue;
    }
    if (!isa<FloatType>(type.getElementType()))
      continue;
    // The cache: appended to (concat with it first) or written into.
    for (Operation *user : arg.getUsers()) {
      std::optional<int64_t> lengthDim;
      if (auto concat = dyn_cast<tensor::ConcatOp>(user);
          concat && concat.getInputs().front() == arg)
        lengthDim = concat.getDim();
      if (auto insert = dyn_cast<tensor::InsertSliceOp>(user);
          insert && insert.getDest() == arg) {
        // The dimension the inserted slice is shorter along.
        for (auto [dim, size] : llvm::enumerate(insert.getStaticSizes()))
          if (size != type.getDimSize(dim) && !lengthDim)
            lengthDim = dim;
      }
      if (lengthDim) {
        roles.kvCache.push_back(
            {index, *lengthDim, getBatchDim(type, *lengthDim)});
        break;
      }
    }
  }
  if (!roles.tokens)
    return roles;
  if (roles.tokensPerSequence && *roles.tokensPerSequence == 1)
    roles.step =
        roles.kvCache.empty() ? ServingStep::None : ServingStep::Decode;
  else
    roles.step = ServingStep::Prefill;
  return roles;
}
