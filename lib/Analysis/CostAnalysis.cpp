//===- CostAnalysis.cpp - Hardware-independent cost of every op -----------===//

#include "mlsysim/Analysis/CostAnalysis.h"
#include "mlsysim/Analysis/ServingRoles.h"

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"
#include "mlsysim/Interfaces/CostOpInterface.h"
#include "mlsysim/Interfaces/CountingRules.h"
#include "mlsysim/Interfaces/DynamicSizes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

using namespace mlsysim;
using namespace mlir;

static bool isTensorOrMemRef(Type type) {
  return isa<TensorType, BaseMemRefType>(type);
}

/// Ops the report lists: everything that touches a tensor or memref, and every
/// structured op.
static bool isOfInterest(Operation *op) {
  // The types first: an interface lookup costs more than a type check, and
  // nearly every structured op has a tensor or memref operand.
  return llvm::any_of(op->getOperandTypes(), isTensorOrMemRef) ||
         llvm::any_of(op->getResultTypes(), isTensorOrMemRef) ||
         isa<linalg::LinalgOp>(op);
}

/// Ops that only structure the program: the walk enters them instead of
/// listing them (functions, modules, branches, loops). `structural` keeps,
/// by op name, whether ops of the name hold such regions: interface lookups
/// asked once per name, not per op.
static bool isContainer(Operation *op,
                        llvm::DenseMap<OperationName, bool> &structural) {
  // Terminators pass values on, they move no data (an unregistered op ending
  // its block may be one).
  bool terminator = op->hasTrait<OpTrait::IsTerminator>() ||
                    (op == &op->getBlock()->back() &&
                     op->mightHaveTrait<OpTrait::IsTerminator>());
  // Modules, functions, branches and loops hold regions: an op without
  // regions needs no interface lookup.
  if (terminator)
    return true;
  if (op->getNumRegions() == 0)
    return false;
  auto [it, inserted] = structural.try_emplace(op->getName(), false);
  if (inserted)
    it->second = isa<ModuleOp, FunctionOpInterface, RegionBranchOpInterface,
                     LoopLikeOpInterface>(op);
  return it->second;
}

/// The static trip count of a loop, or std::nullopt.
static std::optional<Count> getStaticTripCount(LoopLikeOpInterface loop) {
  std::optional<SmallVector<OpFoldResult>> lbs = loop.getLoopLowerBounds();
  std::optional<SmallVector<OpFoldResult>> ubs = loop.getLoopUpperBounds();
  std::optional<SmallVector<OpFoldResult>> steps = loop.getLoopSteps();
  if (!lbs || !ubs || !steps || lbs->size() != ubs->size() ||
      lbs->size() != steps->size())
    return std::nullopt;
  Count trips(1);
  for (auto [lb, ub, step] : llvm::zip_equal(*lbs, *ubs, *steps)) {
    std::optional<int64_t> lo = getConstantIntValue(lb);
    std::optional<int64_t> hi = getConstantIntValue(ub);
    std::optional<int64_t> st = getConstantIntValue(step);
    if (!lo || !hi || !st || *st <= 0)
      return std::nullopt;
    // 128-bit: ub - lb can exceed int64 for hostile bounds.
    __int128 span = static_cast<__int128>(*hi) - *lo;
    __int128 count = span <= 0 ? 0 : (span + *st - 1) / *st;
    trips *= Count(static_cast<uint64_t>(count));
  }
  return trips;
}

/// A loop nest marked as one kernel (the attribute means nothing elsewhere).
static bool isKernelRegion(Operation *op) {
  // The attribute first: a search of the op's few attributes, where the
  // interface lookup is a search of its interfaces (every op asks).
  return op->hasAttr(MLSysimDialect::KernelAttrHelper::getNameStr()) &&
         isa<LoopLikeOpInterface>(op);
}

/// Whether `op`, inside a kernel, only addresses or assembles tiles (slices,
/// casts, reshapes, the pad of an input tile, a border tile of the pad
/// value): no arithmetic, and its traffic is the kernel's, counted once.
/// Border tiles have dynamic sizes that need not be known.
static bool movesTileData(Operation *op) {
  if (isa<tensor::ExtractSliceOp, tensor::InsertSliceOp, tensor::CastOp,
          tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::EmptyOp>(op))
    return true;
  // A pad or generate whose body only yields a value.
  return isa<tensor::PadOp, tensor::GenerateOp>(op) &&
         op->getRegion(0).hasOneBlock() &&
         op->getRegion(0).front().getOperations().size() == 1;
}

/// Whether a structured op in `kernel` reads the tile of the kernel's
/// destination it writes (a convolution accumulating into an argument): then
/// the destination is read too, not only written.
static bool accumulatesIntoDestination(Operation *kernel) {
  bool reads = false;
  kernel->walk([&](linalg::LinalgOp op) {
    for (OpOperand &init : op.getDpsInitsMutable()) {
      auto slice = init.get().getDefiningOp<tensor::ExtractSliceOp>();
      auto iterArg =
          slice ? dyn_cast<BlockArgument>(slice.getSource()) : BlockArgument();
      if (iterArg &&
          isa<LoopLikeOpInterface>(iterArg.getOwner()->getParentOp()) &&
          op.payloadUsesValueFromOperand(&init))
        reads = true;
    }
  });
  return reads;
}

/// The work of the ops of a loop nest marked as one kernel, each times its
/// loops' trips; the op doing the most arithmetic picks the peak, the class
/// and the matrix problem. Unmodeled when an op or a trip count is.
static OpCost sumKernelWork(Operation *kernel, const CostContext &context) {
  OpCost total = OpCost::free();
  Count heaviest;
  std::string failure;
  kernel->walk([&](Operation *op) {
    if (op == kernel || !isa<linalg::LinalgOp, CostOpInterface>(op) ||
        !op->getParentOp() || movesTileData(op))
      return;
    Count trips(1);
    for (Operation *loop = op->getParentOp(); loop;
         loop = loop == kernel ? nullptr : loop->getParentOp())
      if (auto loopLike = dyn_cast<LoopLikeOpInterface>(loop)) {
        std::optional<Count> count = getStaticTripCount(loopLike);
        if (!count) {
          failure = "kernel loop with an unknown trip count";
          return;
        }
        trips *= *count;
      }
    OpCost cost = computeOpCost(op, context);
    if (!cost.modeled) {
      failure = "inside the kernel: " + cost.reason;
      return;
    }
    total.addWork(cost, trips);
    // The op doing the most arithmetic picks the peak and the class.
    Count work = cost.arithmetic() * trips;
    if (cost.elementType && work.toDouble() > heaviest.toDouble()) {
      heaviest = work;
      total.elementType = cost.elementType;
      total.matrixUnit = cost.matrixUnit;
      total.opClass = classifyOp(op, cost);
      // Each trip of the kernel's loops is one tile of the matrix problem,
      // the kernel's own (one work-group's), not one the library picks.
      total.matrixShape = cost.matrixShape;
      if (total.matrixShape) {
        total.matrixShape->batch *= trips.toDouble();
        total.matrixShape->tiledByLoops = true;
      }
      // Each trip reads its tile's operands.
      total.stridedOperands = cost.stridedOperands;
      for (StridedOperand &operand : total.stridedOperands)
        operand.bytes *= trips.toDouble();
    }
  });
  if (!failure.empty())
    return OpCost::unmodeled(failure);
  return total;
}

/// Gathers: elements a payload extracts from a tensor defined outside the
/// kernel (an embedding table) are read, not the whole tensor. How many, by
/// table: each extract once per iteration of its op and of the kernel's
/// loops (0: unknown).
static llvm::MapVector<Value, double>
countKernelGathers(Operation *kernel, const CostContext &context) {
  llvm::MapVector<Value, double> gathered;
  kernel->walk([&](tensor::ExtractOp extract) {
    Value table = extract.getTensor();
    if (kernel->isAncestor(table.getParentRegion()->getParentOp()))
      return;
    double times = 1.0;
    for (Operation *parent = extract->getParentOp(); parent && parent != kernel;
         parent = parent->getParentOp()) {
      if (auto loop = dyn_cast<LoopLikeOpInterface>(parent)) {
        std::optional<Count> count = getStaticTripCount(loop);
        times *= count ? count->toDouble() : 0.0;
      } else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(parent)) {
        // Its loop ranges with dynamic sizes bound as the analysis binds
        // them (0: unknown).
        FailureOr<SmallVector<int64_t>> ranges = computeLoopRanges(
            linalgOp, linalgOp.getIndexingMapsArray(), context);
        if (failed(ranges))
          times = 0.0;
        else
          for (int64_t range : *ranges)
            times *= static_cast<double>(std::max<int64_t>(range, 0));
      }
    }
    gathered[table] += times;
  });
  return gathered;
}

/// Adds the kernel's reads of the tensors defined outside and used inside,
/// each once (fresh destinations carry no data), to `total`; returns them.
static llvm::SmallPtrSet<Value, 8>
addKernelInputReads(OpCost &total, Operation *kernel,
                    const CostContext &context) {
  llvm::SmallPtrSet<Value, 8> inputs;
  kernel->walk([&](Operation *op) {
    if (isa<tensor::ExtractOp>(op))
      return; // Counted as gathers.
    for (Value operand : op->getOperands()) {
      if (!isa<ShapedType>(operand.getType()) ||
          kernel->isAncestor(operand.getParentRegion()->getParentOp()) ||
          !inputs.insert(operand).second)
        continue;
      if (operand.getDefiningOp<tensor::EmptyOp>())
        continue;
      if (auto loop = dyn_cast<LoopLikeOpInterface>(kernel))
        if (op == kernel && llvm::is_contained(loop.getInits(), operand) &&
            !accumulatesIntoDestination(kernel))
          continue; // The destination of the results, written apart.
      if (std::optional<Count> bytes = context.bytesOf(operand))
        total.bytesRead += *bytes;
    }
  });
  return inputs;
}

/// The cost of a loop nest marked as one kernel (`mlsysim.kernel`).
static OpCost computeKernelCost(Operation *kernel, const CostContext &context) {
  OpCost total = sumKernelWork(kernel, context);
  if (!total.modeled)
    return total;
  llvm::MapVector<Value, double> gathered = countKernelGathers(kernel, context);
  // Traffic: every input once, and the results, once.
  llvm::SmallPtrSet<Value, 8> inputs =
      addKernelInputReads(total, kernel, context);
  for (auto [table, times] : gathered) {
    if (inputs.contains(table))
      continue; // Read whole by another op of the kernel.
    std::optional<Count> bytes = context.bytesOf(table);
    std::optional<Count> elements = context.numElements(table);
    if (!bytes || !elements)
      continue;
    // An unknown count (a dynamic tile) reads at most the whole tensor.
    double part =
        times > 0.0 ? std::min(1.0, times / elements->toDouble()) : 1.0;
    total.bytesRead += Count::fromDouble(std::ceil(bytes->toDouble() * part));
  }
  for (Value result : kernel->getResults())
    if (std::optional<Count> bytes = context.bytesOf(result))
      total.bytesWritten += *bytes;
  return total;
}

OpClass mlsysim::classifyOp(Operation *op, const OpCost &cost,
                            ArrayRef<AffineMap> indexingMaps) {
  if (cost.opClass != OpClass::Unclassified || !cost.modeled)
    return cost.opClass;
  if (cost.hasNoWork())
    return OpClass::DataMovement;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  // Another dialect's op (priced through the interface): matrix work is a
  // matmul, the rest elementwise, unless its model says otherwise.
  if (!linalgOp)
    return cost.matrixUnit ? OpClass::Matmul : OpClass::Elementwise;
  // A window op reads an input through a sum of loops (d0 + d1); maps that
  // are all projected permutations rule it out without the (costly)
  // convolution matcher.
  bool window = (indexingMaps.empty() ||
                 !llvm::all_of(indexingMaps,
                               [](AffineMap map) {
                                 return map.isProjectedPermutation(
                                     /*allowZeroInResults=*/true);
                               })) &&
                linalg::isaConvolutionOpInterface(linalgOp);
  if (cost.matrixUnit)
    return window ? OpClass::Convolution : OpClass::Matmul;
  if (window)
    return cost.macs.isZero() && cost.intMacs.isZero()
               ? OpClass::Pooling
               : OpClass::DepthwiseConvolution;
  return linalgOp.getNumReductionLoops() != 0 ? OpClass::Reduction
                                              : OpClass::Elementwise;
}

/// The cost of `op` by its rule (computeOpCost's dispatch).
static OpCost dispatchOpCost(Operation *op, const CostContext &context,
                             ArrayRef<AffineMap> indexingMaps);

OpCost mlsysim::computeOpCost(Operation *op, const CostContext &context,
                              ArrayRef<AffineMap> indexingMaps) {
  OpCost cost = dispatchOpCost(op, context, indexingMaps);
  // Counts past the range of a double (a shape of 2^1000 elements) are no
  // numbers to price: the op says so instead of pricing infinities.
  if (cost.modeled &&
      !(cost.flops.isFinite() && cost.intOps.isFinite() &&
        cost.transcendentals.isFinite() && cost.bytesRead.isFinite() &&
        cost.bytesWritten.isFinite()))
    return OpCost::unmodeled(
        "its counts exceed the range of a double (the shapes are too large "
        "to price)");
  return cost;
}

static OpCost dispatchOpCost(Operation *op, const CostContext &context,
                             ArrayRef<AffineMap> indexingMaps) {
  if (isKernelRegion(op))
    return computeKernelCost(op, context);
  if (auto model = dyn_cast<CostOpInterface>(op))
    return model.getCost(context);
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return indexingMaps.empty()
               ? computeStructuredOpCost(linalgOp, context)
               : computeStructuredOpCost(linalgOp, indexingMaps, context);
  if (op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
      isa<TensorType>(op->getResult(0).getType()))
    return computeElementwiseOpCost(op, context);
  return OpCost::unmodeled(
      ("no cost model for '" + op->getName().getStringRef() + "'").str());
}

namespace mlsysim {
/// The cost of linalg's structured ops on static shapes is a function of
/// their signature alone: the op name, its attributes and properties, its
/// operand and result types and its payload (built by a named op, written in
/// the IR for generic, map and reduce: then compared, locations aside) fix
/// the indexing maps and every size. Programs repeat signatures (every layer
/// of a transformer, every block of a stage), and a named op rebuilds and
/// re-uniques its maps on every query: each signature is priced once per
/// analysis. Other dialects' ops and dynamic shapes are priced every time.
class OpSignatureCache {
public:
  struct Entry {
    Operation *op; ///< The first op of the signature.
    size_t record; ///< Its record.
    SmallVector<AffineMap, 3> indexingMaps;
    OpCost cost;
  };

  /// The entry of `op`'s signature, or null; `hash` is set for insert()
  /// (0 when the op's cost is not a function of its signature).
  const Entry *find(Operation *op, size_t &hash) const {
    hash = 0;
    // The cheap tests (dialect, op name, types) before the interface lookup.
    if (!isa_and_nonnull<linalg::LinalgDialect>(op->getDialect()))
      return nullptr;
    // The signature's words, hashed at once: the types gathered in the one
    // pass over the operands (and the results) that tests them.
    SmallVector<uintptr_t, 16> words;
    words.push_back(op->getNumOperands());
    for (Value operand : op->getOperands()) {
      Type type = operand.getType();
      if (!isStatic(type) ||
          // A slice's rows are its source's (strided reads): not in the type.
          operand.getDefiningOp<tensor::ExtractSliceOp>())
        return nullptr;
      words.push_back(reinterpret_cast<uintptr_t>(type.getAsOpaquePointer()));
    }
    for (Value result : op->getResults()) {
      Type type = result.getType();
      if (!isStatic(type))
        return nullptr;
      words.push_back(reinterpret_cast<uintptr_t>(type.getAsOpaquePointer()));
    }
    if (!isa<linalg::LinalgOp>(op))
      return nullptr;
    words.push_back(
        reinterpret_cast<uintptr_t>(op->getName().getAsOpaquePointer()));
    words.push_back(reinterpret_cast<uintptr_t>(
        op->getRawDictionaryAttrs().getAsOpaquePointer()));
    words.push_back(op->hashProperties());
    // A written payload by its ops (compared whole below): names,
    // attributes and the values they take from outside the op, so that
    // payloads apart (another constant, another captured value) fall in
    // buckets apart.
    if (hasWrittenPayload(op))
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Operation &inner : block) {
            words.push_back(reinterpret_cast<uintptr_t>(
                inner.getName().getAsOpaquePointer()));
            words.push_back(reinterpret_cast<uintptr_t>(
                inner.getRawDictionaryAttrs().getAsOpaquePointer()));
            words.push_back(inner.hashProperties());
            for (Value operand : inner.getOperands())
              if (!isMadeIn(operand, op))
                words.push_back(
                    reinterpret_cast<uintptr_t>(operand.getAsOpaquePointer()));
          }
    hash = llvm::hash_combine_range(words.begin(), words.end());
    hash |= 1; // Never 0.
    auto it = bySignature.find(hash);
    if (it == bySignature.end())
      return nullptr;
    for (unsigned index : it->second)
      if (isSameSignature(op, entries[index].op))
        return &entries[index];
    return nullptr;
  }
  void insert(size_t hash, Entry entry) {
    if (hash == 0)
      return;
    bySignature[hash].push_back(entries.size());
    entries.push_back(std::move(entry));
  }

private:
  static bool isStatic(Type type) {
    // The builtin types without the ShapedType interface lookup.
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return tensor.hasStaticShape();
    if (auto memref = dyn_cast<MemRefType>(type))
      return memref.hasStaticShape();
    auto shaped = dyn_cast<ShapedType>(type);
    return !shaped || shaped.hasStaticShape();
  }
  /// Whether the op's payload is written in the IR (generic, map, reduce),
  /// not built by the op from its name and attributes.
  static bool hasWrittenPayload(Operation *op) {
    return isa<linalg::GenericOp, linalg::MapOp, linalg::ReduceOp>(op);
  }
  static bool isSameSignature(Operation *a, Operation *b) {
    if (!(a->getName() == b->getName() &&
          a->getOperandTypes() == b->getOperandTypes() &&
          a->getResultTypes() == b->getResultTypes() &&
          a->getRawDictionaryAttrs() == b->getRawDictionaryAttrs() &&
          a->getName().compareOpProperties(a->getPropertiesStorage(),
                                           b->getPropertiesStorage())))
      return false;
    if (!hasWrittenPayload(a))
      return true;
    // The written payloads: the same ops, attributes, properties and types,
    // locations aside (OperationEquivalence); a value made inside `a` used
    // where its counterpart is used in `b` (marked as the walk meets them),
    // a value from outside both the same one (OperationEquivalence accepts
    // the same value without asking).
    llvm::SmallDenseMap<Value, Value, 16> inside;
    auto markSame = [&](Value x, Value y) { inside[x] = y; };
    auto checkSame = [&](Value x, Value y) {
      auto it = inside.find(x);
      return success(it != inside.end() && it->second == y);
    };
    for (auto [regionA, regionB] :
         llvm::zip_equal(a->getRegions(), b->getRegions()))
      if (!OperationEquivalence::isRegionEquivalentTo(
              &regionA, &regionB, checkSame, markSame,
              OperationEquivalence::IgnoreLocations))
        return false;
    return true;
  }
  /// Whether `value` is made inside `op` (an argument or result in its
  /// regions), not taken from outside.
  static bool isMadeIn(Value value, Operation *op) {
    return op->isAncestor(value.getParentRegion()->getParentOp());
  }

  std::vector<Entry> entries;
  llvm::DenseMap<size_t, SmallVector<unsigned, 1>> bySignature;
};
} // namespace mlsysim

/// The float tensors of each role precision= names, at its type: the
/// weights (Weights.h, and the results of ops that read only weights, such
/// as a transposed weight) and the KV cache (the cache arguments of a
/// serving step and the caches it appends to them).
static void
assignRoleTypes(Operation *root, const CostOptions &options,
                const llvm::DenseMap<Operation *, FunctionWeights> &weightsOf,
                llvm::DenseMap<Value, Type> &types) {
  MLIRContext *ctx = root->getContext();
  auto assign = [&](Value value, std::optional<Precision> precision) {
    Type element = getElementTypeOrSelf(value);
    if (!precision || !isa<FloatType>(element))
      return;
    // As written: its own type, not the activations' what-if.
    Type type = *precision == Precision::AsWritten
                    ? element
                    : getPrecisionType(*precision, ctx);
    types.try_emplace(value, type);
  };
  std::optional<Precision> weights = options.weightsPrecision,
                           kv = options.kvPrecision;
  root->walk([&](FunctionOpInterface func) {
    if (func.isExternal())
      return;
    const FunctionWeights &funcWeights = weightsOf.at(func);
    ServingRoles roles = findServingRoles(func, funcWeights);
    llvm::DenseSet<Value> isWeight;
    for (unsigned index : funcWeights.arguments)
      isWeight.insert(func.getArgument(index));
    isWeight.insert(funcWeights.loads.begin(), funcWeights.loads.end());
    for (const KVCacheArg &cache : roles.kvCache) {
      Value arg = func.getArgument(cache.argument);
      assign(arg, kv);
      for (Operation *user : arg.getUsers())
        if (isa<tensor::ConcatOp, tensor::InsertSliceOp>(user))
          assign(user->getResult(0), kv);
    }
    // Forward through ops whose tensor inputs are all weights (their
    // destinations are fresh buffers, not data).
    func.walk([&](Operation *op) {
      if (op->getNumResults() == 0 || isa<FunctionOpInterface>(op))
        return;
      bool any = false, all = true;
      auto dps = dyn_cast<DestinationStyleOpInterface>(op);
      for (OpOperand &operand : op->getOpOperands()) {
        if (!isa<ShapedType>(operand.get().getType()) ||
            (dps && dps.isDpsInit(&operand)))
          continue;
        bool weight = isWeight.contains(operand.get());
        any |= weight;
        all &= weight;
      }
      if (any && all)
        for (Value result : op->getResults())
          isWeight.insert(result);
    });
    for (Value value : isWeight)
      assign(value, weights);
  });
}

CostAnalysis::CostAnalysis(Operation *root)
    : CostAnalysis(root, CostOptions()) {}

CostAnalysis::CostAnalysis(Operation *root, const CostOptions &options)
    : options(options),
      dataLayout(std::make_unique<DataLayout>(DataLayout::closest(root))) {
  if (options.dynamicDimSize)
    resolver = std::make_unique<DynamicSizeResolver>(
        root, *options.dynamicDimSize, options.argumentSizes);
  precision = getPrecisionType(options.precision, root->getContext());
  bool tagged = hasWeightTags(root);
  root->walk([&](FunctionOpInterface func) {
    weights[func] = findWeights(func, options.weights, tagged);
  });
  if (options.hasRolePrecision())
    assignRoleTypes(root, options, weights, roleTypes);
  CostContext context = getContext();
  StringRef funcName;
  if (auto func = dyn_cast<FunctionOpInterface>(root))
    funcName = func.getName();
  OpSignatureCache signatures;
  // About one record per op of a function body: reserved, so that records
  // (large) are not moved as the vector grows.
  size_t bodyOps = 0;
  root->walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
    for (Block &block : func.getFunctionBody())
      bodyOps += block.getOperations().size();
    return WalkResult::skip();
  });
  records.reserve(bodyOps);
  indexOf.reserve(bodyOps);
  llvm::DenseMap<OperationName, bool> structural;
  visitRegions(root, Count(1), nullptr, funcName, context, signatures,
               structural);
  // Memory feasibility: each function's peak live bytes.
  auto addFootprint = [&](FunctionOpInterface func) {
    if (!func.isExternal())
      footprints.push_back(computePeakMemory(
          func, context, weights.at(func), [&](Operation *op) {
            const OpCostRecord *record = lookup(op);
            return record && record->cost.isFree();
          }));
  };
  if (auto func = dyn_cast<FunctionOpInterface>(root))
    addFootprint(func);
  else
    root->walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
      addFootprint(func);
      return WalkResult::skip();
    });
}

void CostAnalysis::visitRegions(
    Operation *parent, Count multiplier, Operation *unknownLoop,
    StringRef funcName, const CostContext &context,
    OpSignatureCache &signatures,
    llvm::DenseMap<OperationName, bool> &structural) {
  if (auto repeat = parent->getAttrOfType<IntegerAttr>(
          MLSysimDialect::RepeatAttrHelper::getNameStr()))
    if (repeat.getValue().isStrictlyPositive())
      multiplier *= Count(repeat.getValue().getLimitedValue());
  for (Region &region : parent->getRegions()) {
    for (Block &block : region) {
      for (Operation &op : block) {
        if (isContainer(&op, structural) && !isKernelRegion(&op)) {
          Count inner = multiplier;
          Operation *innerUnknown = unknownLoop;
          if (auto loop = dyn_cast<LoopLikeOpInterface>(&op)) {
            if (std::optional<Count> trips = getStaticTripCount(loop))
              inner *= *trips;
            else
              innerUnknown = &op;
          }
          StringRef innerFunc = funcName;
          if (auto func = dyn_cast<FunctionOpInterface>(&op))
            innerFunc = func.getName();
          visitRegions(&op, inner, innerUnknown, innerFunc, context, signatures,
                       structural);
          continue;
        }
        if (isOfInterest(&op)) {
          // Made in place: a record is large (its cost, its maps).
          indexOf[&op] = records.size();
          OpCostRecord &record = records.emplace_back();
          record.op = &op;
          record.representative = records.size() - 1;
          size_t signature = 0;
          // Ops alike in types may differ in bytes when roles are priced.
          if (const OpSignatureCache::Entry *same =
                  context.hasRoleTypes() ? nullptr
                                         : signatures.find(&op, signature)) {
            record.indexingMaps = same->indexingMaps;
            record.cost = same->cost;
            record.representative = same->record;
          } else {
            if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
              record.indexingMaps = linalgOp.getIndexingMapsArray();
            record.cost = computeOpCost(&op, context, record.indexingMaps);
            record.cost.opClass =
                classifyOp(&op, record.cost, record.indexingMaps);
            // (Copied only for a signature: most ops without one are free.)
            if (signature)
              signatures.insert(signature, {&op, record.representative,
                                            record.indexingMaps, record.cost});
          }
          // What-if precision: floating-point arithmetic runs at its rate.
          if (Type precision = context.getPrecision())
            if (isa_and_nonnull<FloatType>(record.cost.elementType))
              record.cost.elementType = precision;
          record.multiplier = multiplier;
          record.unknownTripCountLoop = unknownLoop;
          record.funcName = funcName;
          // A modeled op owns its regions (payloads); only an op no model
          // knows is entered, since its regions may hold ops we can price.
          if (records.back().cost.modeled ||
              isa<CostOpInterface, linalg::LinalgOp>(op) || isKernelRegion(&op))
            continue;
        }
        if (op.getNumRegions() > 0)
          visitRegions(&op, multiplier, unknownLoop, funcName, context,
                       signatures, structural);
      }
    }
  }
}

CostAnalysis::~CostAnalysis() = default;
CostAnalysis::CostAnalysis(CostAnalysis &&) = default;

CostContext CostAnalysis::getContext() const {
  return CostContext(options, *dataLayout, resolver.get(), precision,
                     &roleTypes);
}

const FunctionWeights *CostAnalysis::getWeights(Operation *func) const {
  auto it = weights.find(func);
  return it == weights.end() ? nullptr : &it->second;
}

const OpCostRecord *CostAnalysis::lookup(Operation *op) const {
  auto it = indexOf.find(op);
  return it == indexOf.end() ? nullptr : &records[it->second];
}
