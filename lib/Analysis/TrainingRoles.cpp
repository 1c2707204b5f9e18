//===- TrainingRoles.cpp - The phases and tensors of a training step ------===//

#include "mlsysim/Analysis/TrainingRoles.h"

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"

using namespace mlsysim;
using namespace mlir;

/// The tensors of `func` (arguments, or results through its return) whose
/// role is `role`.
static SmallVector<Value> valuesWithRole(FunctionOpInterface func,
                                         TensorRole role, bool results) {
  StringRef name = MLSysimDialect::RoleAttrHelper::getNameStr();
  SmallVector<Value> values;
  if (func.isExternal())
    return values;
  auto has = [&](StringAttr attr) {
    return attr && attr.getValue() == stringifyTensorRole(role);
  };
  if (!results) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      if (has(func.getArgAttrOfType<StringAttr>(i, name)))
        values.push_back(func.getArgument(i));
    return values;
  }
  Operation *terminator = func.getFunctionBody().back().getTerminator();
  for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
    if (has(func.getResultAttrOfType<StringAttr>(i, name)) &&
        i < terminator->getNumOperands())
      values.push_back(terminator->getOperand(i));
  return values;
}

/// Every role tag of `func` names a role: an error at the function
/// otherwise.
static LogicalResult checkRoles(FunctionOpInterface func) {
  StringRef name = MLSysimDialect::RoleAttrHelper::getNameStr();
  auto check = [&](Attribute attr, llvm::StringRef where) -> LogicalResult {
    if (!attr)
      return success();
    auto text = dyn_cast<StringAttr>(attr);
    if (text && parseEnum(kTensorRoleNames, text.getValue()))
      return success();
    return func.emitError() << "'" << name << "' on " << where
                            << " must be one of weight, input, activation, "
                               "gradient, optimizer_state; got "
                            << attr;
  };
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    if (failed(
            check(func.getArgAttr(i, name), "argument #" + std::to_string(i))))
      return failure();
  for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
    if (failed(
            check(func.getResultAttr(i, name), "result #" + std::to_string(i))))
      return failure();
  return success();
}

StringRef mlsysim::getCheckpointBlock(Operation *op) {
  auto name = dyn_cast<NameLoc>(op->getLoc());
  auto path = name ? dyn_cast<NameLoc>(name.getChildLoc()) : NameLoc();
  if (!path)
    return {};
  StringRef text = path.getName().getValue();
  // The prefix up to and including the first all-digit component.
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('.', start);
    if (end == StringRef::npos)
      end = text.size();
    StringRef component = text.slice(start, end);
    if (!component.empty() && llvm::all_of(component, llvm::isDigit))
      return text.take_front(end);
    start = end + 1;
  }
  return {};
}

/// Checkpointing each block of `forward`: its blocks' inputs, the saved
/// activations outside every block, and the largest block's saved
/// activations; std::nullopt when no op names a block.
static std::optional<BlockCheckpointing>
findCheckpointing(FunctionOpInterface forward, const CostContext &context,
                  unsigned &unknownSizes) {
  if (forward.isExternal())
    return std::nullopt;
  llvm::DenseSet<Value> weights;
  for (Value weight :
       valuesWithRole(forward, TensorRole::Weight, /*results=*/false))
    weights.insert(weight);
  auto bytes = [&](Value value) {
    std::optional<Count> size = context.bytesOf(value);
    if (!size)
      ++unknownSizes;
    return size.value_or(Count(0));
  };
  auto blockOf = [](Value value) -> StringRef {
    Operation *def = value.getDefiningOp();
    return def ? getCheckpointBlock(def) : StringRef();
  };
  // A block's inputs: the data its ops read that is made outside it (not a
  // weight, not a constant, not an init its ops write into), each once.
  llvm::StringSet<> blocks;
  llvm::DenseSet<Value> boundary;
  BlockCheckpointing checkpointing;
  forward.getFunctionBody().walk([&](Operation *op) {
    StringRef block = getCheckpointBlock(op);
    if (block.empty())
      return;
    blocks.insert(block);
    auto dps = dyn_cast<DestinationStyleOpInterface>(op);
    for (OpOperand &use : op->getOpOperands()) {
      Value value = use.get();
      if (!isa<RankedTensorType>(value.getType()) || weights.contains(value) ||
          (dps && dps.isDpsInit(&use)) || blockOf(value) == block)
        continue;
      if (Operation *def = value.getDefiningOp();
          def && (def->hasTrait<OpTrait::ConstantLike>() ||
                  def->getParentRegion() != op->getParentRegion() ||
                  isa<tensor::EmptyOp>(def)))
        continue;
      if (boundary.insert(value).second)
        checkpointing.boundaryBytes += bytes(value);
    }
  });
  if (blocks.empty())
    return std::nullopt;
  checkpointing.blocks = blocks.size();
  llvm::StringMap<Count> savedByBlock;
  llvm::DenseSet<Value> saved;
  for (Value value :
       valuesWithRole(forward, TensorRole::Activation, /*results=*/true)) {
    if (!saved.insert(value).second || boundary.contains(value))
      continue;
    StringRef block = blockOf(value);
    (block.empty() ? checkpointing.outsideBytes : savedByBlock[block]) +=
        bytes(value);
  }
  for (const auto &entry : savedByBlock)
    if (entry.second.toDouble() > checkpointing.largestBlockBytes.toDouble())
      checkpointing.largestBlockBytes = entry.second;
  return checkpointing;
}

FailureOr<std::optional<TrainingRoles>>
mlsysim::findTrainingRoles(ModuleOp module, const CostContext &context) {
  StringRef phaseName = MLSysimDialect::PhaseAttrHelper::getNameStr();
  TrainingRoles roles;
  std::map<TrainingPhase, FunctionOpInterface> funcs;
  for (auto func : module.getOps<FunctionOpInterface>()) {
    Attribute attr = func->getAttr(phaseName);
    if (!attr)
      continue;
    auto text = dyn_cast<StringAttr>(attr);
    std::optional<TrainingPhase> phase =
        text ? parseEnum(kTrainingPhaseNames, text.getValue()) : std::nullopt;
    if (!phase)
      return func.emitError()
             << "'" << phaseName
             << "' must be one of forward, backward, optimizer; got " << attr;
    if (!funcs.try_emplace(*phase, func).second)
      return func.emitError()
             << "a second function of the training step's "
             << stringifyTrainingPhase(*phase) << " phase (the first is @"
             << funcs[*phase].getName() << ")";
    if (failed(checkRoles(func)))
      return failure();
    roles.phases[*phase] = func.getName().str();
  }
  if (funcs.empty())
    return std::optional<TrainingRoles>();

  auto sum = [&](TensorRole role, TrainingPhase phase, bool results,
                 Count *elements = nullptr) {
    auto it = funcs.find(phase);
    if (it == funcs.end())
      return false;
    Count &bytes = roles.bytes[role];
    for (Value value : valuesWithRole(it->second, role, results)) {
      std::optional<Count> size = context.bytesOf(value);
      std::optional<Count> count = context.numElements(value);
      if (!size || !count) {
        ++roles.unknownSizes;
        continue;
      }
      bytes += *size;
      if (elements)
        *elements += *count;
    }
    return true;
  };
  // The weights the optimizer updates are the master copy (f32 in mixed
  // precision); the forward's low-precision copies are made each step.
  if (!sum(TensorRole::Weight, TrainingPhase::Optimizer, false,
           &roles.parameters))
    sum(TensorRole::Weight, TrainingPhase::Forward, false, &roles.parameters);
  sum(TensorRole::Input, TrainingPhase::Forward, false);
  sum(TensorRole::Activation, TrainingPhase::Forward, true);
  sum(TensorRole::Gradient, TrainingPhase::Backward, true);
  sum(TensorRole::OptimizerState, TrainingPhase::Optimizer, false);
  if (auto it = funcs.find(TrainingPhase::Forward); it != funcs.end())
    roles.checkpointing =
        findCheckpointing(it->second, context, roles.unknownSizes);

  // Token ids: an integer input [batch, sequence] with a static sequence.
  if (auto it = funcs.find(TrainingPhase::Forward); it != funcs.end())
    for (Value input :
         valuesWithRole(it->second, TensorRole::Input, /*results=*/false)) {
      auto type = dyn_cast<RankedTensorType>(input.getType());
      if (type && type.getRank() == 2 &&
          isa<IntegerType>(type.getElementType()) &&
          !ShapedType::isDynamic(type.getDimSize(1))) {
        roles.tokensPerSample = type.getDimSize(1);
        break;
      }
    }
  return std::optional<TrainingRoles>(std::move(roles));
}
