//===- Weights.cpp - Which values of a function are its weights -----------===//

#include "mlsysim/Analysis/Weights.h"

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "llvm/Support/GlobPattern.h"

using namespace mlsysim;
using namespace mlir;

bool FunctionWeights::holds(FunctionOpInterface func, Value value) const {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return !func.isExternal() &&
           arg.getOwner() == &func.getFunctionBody().front() &&
           isWeightArgument(arg.getArgNumber());
  return llvm::is_contained(loads, value);
}

/// The global a load reads, or null (a constant: its own storage).
static Attribute getGlobal(Value load) {
  Operation *def = load.getDefiningOp();
  if (auto get = dyn_cast_or_null<memref::GetGlobalOp>(def))
    return get.getNameAttr();
  if (auto get = dyn_cast_or_null<ml_program::GlobalLoadConstOp>(def))
    return get.getGlobalAttr();
  if (auto get = dyn_cast_or_null<ml_program::GlobalLoadOp>(def))
    return get.getGlobalAttr();
  return {};
}

SmallVector<Value> FunctionWeights::stored(FunctionOpInterface func) const {
  SmallVector<Value> values;
  for (unsigned index : arguments)
    values.push_back(func.getArgument(index));
  llvm::DenseSet<Attribute> globals;
  for (Value load : loads)
    if (Attribute global = getGlobal(load);
        !global || globals.insert(global).second)
      values.push_back(load);
  return values;
}

/// Whether `op` passes the data of its first operand on unchanged but for
/// its layout or element type: reshapes, casts, slices, transposes,
/// broadcasts, and a structured op with one input whose payload yields that
/// input (or one cast of it), as frontends spell a transpose or an upcast.
static bool isView(Operation *op) {
  if (isa<tensor::CastOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp,
          tensor::ReshapeOp, tensor::ExtractSliceOp, memref::CastOp,
          memref::SubViewOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
          memref::TransposeOp, memref::ReinterpretCastOp,
          bufferization::ToTensorOp, linalg::TransposeOp, linalg::BroadcastOp>(
          op))
    return true;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumDpsInputs() != 1 ||
      linalgOp.getNumDpsInits() != 1 || linalgOp.getNumReductionLoops() != 0 ||
      !linalgOp.getBlock())
    return false;
  Block *body = linalgOp.getBlock();
  Operation *yield = body->getTerminator();
  if (yield->getNumOperands() != 1)
    return false;
  Value yielded = yield->getOperand(0);
  if (Operation *cast = yielded.getDefiningOp();
      cast && cast->getNumOperands() == 1 && isa<CastOpInterface>(cast))
    yielded = cast->getOperand(0);
  return yielded == body->getArgument(0) && body->getOperations().size() <= 2;
}

/// `value` back through views to where its data is stored.
static Value getStorage(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (def->getNumOperands() == 0 || !isView(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

/// Whether an op writes into `arg`, or into a view of it: a destination,
/// the cache a step appends to (the first input of tensor.concat), a store.
static bool isWrittenInto(Value arg) {
  SmallVector<Value> worklist = {arg};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (auto dps = dyn_cast<DestinationStyleOpInterface>(user);
          dps && dps.isDpsInit(&use))
        return true;
      if (auto concat = dyn_cast<tensor::ConcatOp>(user);
          concat && use.getOperandNumber() == 0)
        return true;
      if (isa<tensor::InsertSliceOp, tensor::InsertOp, tensor::ScatterOp,
              memref::StoreOp, memref::CopyOp>(user) &&
          use.getOperandNumber() != 0)
        return true;
      if (isView(user) && use.getOperandNumber() == 0)
        llvm::append_range(worklist, user->getResults());
    }
  }
  return false;
}

namespace {
/// The inference over one function.
class WeightInference {
public:
  explicit WeightInference(FunctionOpInterface func) : func(func) {}

  FunctionWeights run() {
    FunctionWeights weights;
    bool asked = false;
    func.walk([&](linalg::LinalgOp op) {
      if (linalg::isaContractionOpInterface(op)) {
        asked = true;
        markStationaryOfContraction(op);
      } else if (linalg::isaConvolutionOpInterface(op)) {
        asked = true;
        markFilter(op);
      }
    });
    // Lookups: the table a gather or a payload's extract indexes.
    func.walk([&](Operation *op) {
      if (auto gather = dyn_cast<tensor::GatherOp>(op)) {
        asked = true;
        mark(gather.getSource());
      } else if (auto extract = dyn_cast<tensor::ExtractOp>(op);
                 extract && op->getParentOfType<linalg::LinalgOp>()) {
        asked = true;
        mark(extract.getTensor());
      }
    });
    markStaticBesideDynamic();
    dropPeersOfInputs();
    for (BlockArgument arg : func.getArguments())
      if (found.contains(arg))
        weights.arguments.push_back(arg.getArgNumber());
    // The loads in program order, not the set's.
    if (found.size() > weights.arguments.size())
      func.walk([&](Operation *op) {
        for (Value result : op->getResults())
          if (found.contains(result))
            weights.loads.push_back(result);
      });
    if (!weights.arguments.empty() || !weights.loads.empty())
      weights.source = WeightsSource::Inferred;
    else if (asked)
      weights.source = WeightsSource::NotInferred;
    return weights;
  }

private:
  /// Where the data `value` reads is stored, when that can hold weights: a
  /// float argument no op writes into, a constant, a load of a global.
  Value getCandidate(Value value) {
    Value storage = getStorage(value);
    auto shaped = dyn_cast<ShapedType>(storage.getType());
    if (!shaped || !isa<FloatType>(shaped.getElementType()))
      return {};
    if (auto arg = dyn_cast<BlockArgument>(storage)) {
      if (arg.getOwner()->getParentOp() != func.getOperation() ||
          !arg.getOwner()->isEntryBlock())
        return {};
      // An argument the user calls an input is none.
      if (func.getArgAttr(arg.getArgNumber(),
                          MLSysimDialect::InputAttrHelper::getNameStr()))
        return {};
      return isWritten(storage) ? Value() : storage;
    }
    Operation *def = storage.getDefiningOp();
    if (def && (def->hasTrait<OpTrait::ConstantLike>() || getGlobal(storage)))
      return storage;
    return {};
  }

  /// isWrittenInto, asked once per argument.
  bool isWritten(Value arg) {
    auto [it, inserted] = written.try_emplace(arg, false);
    if (inserted)
      it->second = isWrittenInto(arg);
    return it->second;
  }

  void mark(Value value) {
    if (Value candidate = getCandidate(value))
      found.insert(candidate);
  }

  /// Whether `input` is read by the payload (a pooling window is not).
  static bool isRead(linalg::LinalgOp op, unsigned input) {
    return op.payloadUsesValueFromOperand(op.getDpsInputOperand(input));
  }

  /// A contraction's stationary operand: the input shared by every row of
  /// the other. One that carries the contraction's batch dimensions is not
  /// shared (attention's per-head products); of two without them, the one
  /// stored where weights are, when the other is computed; when both are
  /// stored so, the one without a dynamic dimension, else the one with more
  /// rows of its own (the other carries the tokens: 1 in decode).
  void markStationaryOfContraction(linalg::LinalgOp op) {
    if (op.getNumDpsInputs() != 2 || !isRead(op, 0) || !isRead(op, 1))
      return;
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (failed(dims))
      return;
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    auto usesAny = [&](unsigned input, ArrayRef<unsigned> loops) {
      return llvm::any_of(loops, [&](unsigned loop) {
        return maps[input].isFunctionOfDim(loop);
      });
    };
    bool shared[2] = {!usesAny(0, dims->batch), !usesAny(1, dims->batch)};
    Value inputs[2] = {op.getDpsInputs()[0], op.getDpsInputs()[1]};
    Value candidates[2] = {getCandidate(inputs[0]), getCandidate(inputs[1])};
    std::optional<unsigned> stationary;
    if (shared[0] != shared[1]) {
      stationary = shared[0] ? 0 : 1;
    } else if (shared[0]) {
      if (!candidates[0] != !candidates[1]) {
        stationary = candidates[0] ? 0 : 1;
      } else if (candidates[0]) {
        bool dynamic[2] = {
            !cast<ShapedType>(candidates[0].getType()).hasStaticShape(),
            !cast<ShapedType>(candidates[1].getType()).hasStaticShape()};
        if (dynamic[0] != dynamic[1]) {
          stationary = dynamic[0] ? 1 : 0;
        } else {
          std::optional<int64_t> lhsRows = getRows(op, 0, dims->m),
                                 rhsRows = getRows(op, 1, dims->n);
          if (lhsRows && rhsRows && *lhsRows != *rhsRows)
            stationary = *lhsRows < *rhsRows ? 1 : 0;
        }
      }
    }
    if (stationary && candidates[*stationary])
      found.insert(candidates[*stationary]);
  }

  /// The product of the sizes of `loops` as input `input` is shaped
  /// (std::nullopt when one is dynamic or not a dimension of its own). Read
  /// from the operand, not from getStaticLoopRanges, which inverts the
  /// op's maps: that was a third of the inference's cost.
  static std::optional<int64_t> getRows(linalg::LinalgOp op, unsigned input,
                                        ArrayRef<unsigned> loops) {
    OpOperand *operand = op.getDpsInputOperand(input);
    AffineMap map = op.getMatchingIndexingMap(operand);
    ArrayRef<int64_t> shape = op.getShape(operand);
    int64_t product = 1;
    for (unsigned loop : loops) {
      std::optional<unsigned> position =
          map.getResultPosition(getAffineDimExpr(loop, op->getContext()));
      if (!position || ShapedType::isDynamic(shape[*position]))
        return std::nullopt;
      product *= shape[*position];
    }
    return product;
  }

  /// A convolution's filter: the input without the batch and the output
  /// image dimensions.
  void markFilter(linalg::LinalgOp op) {
    FailureOr<linalg::ConvolutionDimensions> dims =
        linalg::inferConvolutionDims(op);
    if (failed(dims) || op.getNumDpsInputs() != 2)
      return;
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    for (unsigned input = 0; input < 2; ++input) {
      bool image = llvm::any_of(
          llvm::concat<const unsigned>(dims->batch, dims->outputImage),
          [&](unsigned loop) { return maps[input].isFunctionOfDim(loop); });
      if (!image && isRead(op, input))
        mark(op.getDpsInputs()[input]);
    }
  }

  /// When an argument carries a dynamic dimension (the batch frontends leave
  /// dynamic), the float arguments of static shape that something reads.
  void markStaticBesideDynamic() {
    bool dynamic = llvm::any_of(func.getArgumentTypes(), [](Type type) {
      auto shaped = dyn_cast<ShapedType>(type);
      return shaped && shaped.hasRank() && !shaped.hasStaticShape();
    });
    if (!dynamic)
      return;
    for (BlockArgument arg : func.getArguments()) {
      auto shaped = dyn_cast<ShapedType>(arg.getType());
      if (shaped && shaped.hasStaticShape() && !arg.use_empty())
        mark(arg);
    }
  }

  /// An argument of the type of an input is none: an attention kernel's V
  /// is read as P x V's stationary operand, but Q and K, of its type, are
  /// its peers (a weight's type is a weight's, not the activations').
  void dropPeersOfInputs() {
    llvm::DenseSet<Type> inputTypes;
    for (BlockArgument arg : func.getArguments()) {
      auto shaped = dyn_cast<ShapedType>(arg.getType());
      if (!found.contains(arg) && shaped &&
          isa<FloatType>(shaped.getElementType()) && !arg.use_empty() &&
          !isWritten(arg))
        inputTypes.insert(arg.getType());
    }
    for (BlockArgument arg : func.getArguments())
      if (inputTypes.contains(arg.getType()))
        found.erase(arg);
  }

  FunctionOpInterface func;
  llvm::DenseSet<Value> found;
  llvm::DenseMap<Value, bool> written;
};
} // namespace

/// The names `weights=` matches an argument by: `argN`, its `mlsysim.input`
/// name, and the names in its location (`loc("wq")`, as exporters name
/// parameters).
static SmallVector<std::string> getArgumentNames(FunctionOpInterface func,
                                                 unsigned index) {
  SmallVector<std::string> names = {"arg" + std::to_string(index)};
  if (auto input = func.getArgAttrOfType<StringAttr>(
          index, MLSysimDialect::InputAttrHelper::getNameStr()))
    names.push_back(input.getValue().str());
  if (!func.isExternal())
    func.getArgument(index).getLoc()->walk([&](Location loc) {
      if (auto name = dyn_cast<NameLoc>(loc))
        names.push_back(name.getName().str());
      return WalkResult::advance();
    });
  return names;
}

static bool matches(const WeightsSpec::Item &item, FunctionOpInterface func,
                    unsigned index) {
  if (item.index)
    return *item.index == index;
  SmallVector<std::string> names = getArgumentNames(func, index);
  if (!item.glob)
    return llvm::is_contained(names, item.name);
  // Checked when parsed (parseWeightsSpec).
  llvm::GlobPattern glob = cantFail(llvm::GlobPattern::create(item.name));
  return llvm::any_of(
      names, [&](const std::string &name) { return glob.match(name); });
}

bool mlsysim::hasWeightTags(Operation *op) {
  Operation *root = isa<ModuleOp>(op) ? op : op->getParentOfType<ModuleOp>();
  if (!root)
    root = op;
  StringRef tag = MLSysimDialect::ParamAttrHelper::getNameStr();
  bool tagged = false;
  root->walk<WalkOrder::PreOrder>([&](FunctionOpInterface f) {
    for (unsigned i = 0, e = f.getNumArguments(); i < e && !tagged; ++i)
      tagged = static_cast<bool>(f.getArgAttr(i, tag));
    return tagged ? WalkResult::interrupt() : WalkResult::skip();
  });
  return tagged;
}

FunctionWeights mlsysim::findWeights(FunctionOpInterface func,
                                     const std::optional<WeightsSpec> &spec,
                                     bool tagged) {
  FunctionWeights weights;
  if (spec) {
    weights.source = WeightsSource::Named;
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      if (llvm::any_of(spec->items, [&](const WeightsSpec::Item &item) {
            return matches(item, func, i);
          }))
        weights.arguments.push_back(i);
    return weights;
  }
  if (tagged) {
    weights.source = WeightsSource::Tagged;
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      if (func.getArgAttr(i, MLSysimDialect::ParamAttrHelper::getNameStr()))
        weights.arguments.push_back(i);
    return weights;
  }
  if (func.isExternal())
    return weights;
  return WeightInference(func).run();
}

llvm::Error mlsysim::checkWeightsSpec(Operation *root,
                                      const WeightsSpec &spec) {
  for (const WeightsSpec::Item &item : spec.items) {
    bool named = false;
    root->walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
      for (unsigned i = 0, e = func.getNumArguments(); i < e && !named; ++i)
        named = matches(item, func, i);
      return named ? WalkResult::interrupt() : WalkResult::skip();
    });
    if (!named)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "weights=" + item.name +
              " names no function argument (arguments are named argN, by "
              "their mlsysim.input name or by the name in their location)");
  }
  return llvm::Error::success();
}
