//===- FusionPlanner.cpp - The kernels a fusing compiler forms ------------===//
//
// First, work that depends on weights alone is folded (computed once when the
// program is compiled or loaded). Then groups form greedily along
// producer-consumer edges in program order: two groups merge when the edge
// between them is a kind the rules know, the merge is legal (one block, one
// multiplier, at most one matrix-unit op and no reduction beside it,
// reductions only over the same rows, no path leaving the group and coming
// back) and the merged group is predicted faster than the two apart. Sizes are
// the analysis's, dynamic ones bound as it binds them, so the plan of a
// dynamic-batch program at batch N is the plan of the same program with the
// batch written as N. The same price decides in mlsysim-fuse
// (priceFusedGroup).
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Pricing/FusionPlanner.h"

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"
#include "mlsysim/Interfaces/CountingRules.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"

#include <deque>

using namespace mlir;
using namespace mlsysim;

GroupPrice mlsysim::priceFusedGroup(llvm::ArrayRef<GroupMember> members,
                                    Count externalRead, Count externalWritten,
                                    Count multiplier, OpClass opClass,
                                    const HardwareSpec &hardware,
                                    const RooflineOptions &options) {
  GroupPrice price;
  // The members' estimates, made here when the caller has none: kept in a
  // deque so that the parts' pointers stay valid.
  std::deque<RooflineEstimate> estimated;
  llvm::SmallVector<KernelPart, 8> parts;
  for (const GroupMember &member : members) {
    const RooflineEstimate *alone = member.alone;
    if (!alone)
      alone = &estimated.emplace_back(
          estimateRoofline(*member.cost, multiplier, hardware, options));
    price.before += alone->latency * member.share;
    parts.push_back({alone, member.recompute});
    if (member.recompute > 1.0)
      price.flopsAdded += Count::fromDouble(
          (member.cost->arithmetic() + member.cost->transcendentals)
              .toDouble() *
          multiplier.toDouble() * (member.recompute - 1.0));
  }
  price.fused = priceKernel(
      parts, (externalRead + externalWritten).toDouble(),
      multiplier.toDouble(), opClass, /*launches=*/true, hardware, options);
  return price;
}

namespace {
/// Free views a producer-consumer edge may cross.
bool isView(Operation *op) {
  return isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::CastOp,
             tensor::ReshapeOp>(op);
}

/// Whether `map` reads each element once per iteration of a subset of the
/// consumer's loops: a projected permutation, unit dims as constant 0.
bool readsElementwise(AffineMap map) {
  return map.isProjectedPermutation(/*allowZeroInResults=*/true);
}

/// A shaped operand of a record, as a group's price reads it.
struct OperandInfo {
  Value value;
  /// The record that defines it, or -1.
  int producer;
  /// Whether the record reads it (a structured op's destination may only be
  /// overwritten).
  bool read;
  /// Whether it is one of the record's destinations.
  bool init;
  std::optional<Count> bytes;
};

/// A use of a record's result, looked at through free views.
struct UseInfo {
  OpOperand *use;
  /// The record that uses it, or -1.
  int user;
  bool read;
  /// Bytes of the value used (a view of the result, when through one).
  std::optional<Count> bytes;
  /// How many times the producer runs per run of its user when fused along
  /// this edge (1 off the edges).
  double recompute = 1.0;
};

/// The planner's working state for one analysis.
class Planner {
public:
  Planner(const CostAnalysis &analysis, const HardwareSpec &hardware,
          const RooflineOptions &options, const FusionOptions &fusionOptions)
      : analysis(analysis), records(analysis.getRecords()),
        context(analysis.getContext()), hardware(hardware), options(options),
        fusionOptions(fusionOptions) {}

  FusionPlan run();

private:
  struct Edge {
    unsigned producer, consumer;
    FusionKind kind;
  };

  void classifyRecords();
  void indexOperandsAndUses();
  /// What classifyRecords found of record `from`, for record `to`.
  void copyClassification(unsigned from, unsigned to);
  void foldWeights();
  void cloneFills();
  void findEdges();
  std::optional<FusionKind> classifyEdge(OpOperand &use, unsigned producer,
                                         unsigned consumer, bool throughView,
                                         double &recompute) const;
  /// Calls `fn` on every use of `value`, looking through free views.
  void forEachUse(Value value, llvm::function_ref<void(OpOperand &)> fn) const;
  /// The shaped operands of record `index` and the uses of its results, as
  /// indexOperandsAndUses recorded them.
  llvm::ArrayRef<struct OperandInfo> operandsOf(unsigned index) const {
    return llvm::ArrayRef(operandInfos)
        .slice(operandBegin[index],
               operandBegin[index + 1] - operandBegin[index]);
  }
  llvm::ArrayRef<struct UseInfo> usesOf(unsigned index) const {
    return llvm::ArrayRef(useInfos).slice(useBegin[index], useBegin[index + 1] -
                                                               useBegin[index]);
  }
  /// Price of the records of a group, with the edges inside it.
  GroupPrice price(llvm::ArrayRef<unsigned> group, FusionGroup *out) const;
  bool isLegal(llvm::ArrayRef<unsigned> group) const;
  bool wouldCycle(llvm::ArrayRef<unsigned> group) const;
  OpClass classOf(llvm::ArrayRef<unsigned> group) const;
  /// Groups are small: their members without a heap allocation.
  using Members = SmallVector<unsigned, 8>;
  /// Sorts `members` into program order, inline: llvm::sort of plain
  /// integers is a call to qsort, costly on a few elements.
  static void sortMembers(Members &members) {
    llvm::sort(members, std::less<unsigned>());
  }
  Members membersOf(unsigned leader) const;
  /// `members` with the cloned fills that feed them, in program order.
  Members withFills(llvm::ArrayRef<unsigned> members) const;
  int indexOf(Operation *op) const {
    const OpCostRecord *record = analysis.lookup(op);
    return record ? static_cast<int>(record - records.data()) : -1;
  }
  /// `op` as a structured op, or null; `index` is its record or -1. The
  /// records' are looked up once (an interface lookup is a search).
  linalg::LinalgOp linalgOf(int index, Operation *op) const {
    return index >= 0 ? linalgOps[index] : dyn_cast<linalg::LinalgOp>(op);
  }
  /// Whether `use` is read by its owner, record `owner` or -1 (a structured
  /// op's destination may only be overwritten).
  bool isRead(OpOperand &use, int owner) const {
    linalg::LinalgOp linalgOp = linalgOf(owner, use.getOwner());
    return !linalgOp || linalgOp.payloadUsesValueFromOperand(&use);
  }
  /// The bytes of `value`, sized once per static type (a program has a few
  /// dozen), or per value when its type does not decide (dynamic shapes,
  /// role precision).
  std::optional<Count> bytesOf(Value value) const {
    // A ranked tensor (nearly every value) without the interface lookup.
    Type type = value.getType();
    auto tensor = dyn_cast<RankedTensorType>(type);
    bool isStatic = tensor ? tensor.hasStaticShape() : [&] {
      auto shaped = dyn_cast<ShapedType>(type);
      return shaped && shaped.hasStaticShape();
    }();
    if (isStatic && !context.hasRoleTypes()) {
      auto [it, inserted] = bytesOfType.try_emplace(type);
      if (inserted)
        it->second = context.bytesOf(value);
      return it->second;
    }
    auto [it, inserted] = bytesCache.try_emplace(value);
    if (inserted)
      it->second = context.bytesOf(value);
    return it->second;
  }
  /// The indexing map through which structured op `consumer` reads `use`.
  AffineMap getMatchingMap(unsigned consumer, OpOperand &use) const {
    ArrayRef<AffineMap> maps = records[consumer].indexingMaps;
    linalg::LinalgOp linalgOp = linalgOps[consumer];
    return maps.empty() ? linalgOp.getMatchingIndexingMap(&use)
                        : maps[use.getOperandNumber()];
  }

  const CostAnalysis &analysis;
  llvm::ArrayRef<OpCostRecord> records;
  CostContext context;
  const HardwareSpec &hardware;
  const RooflineOptions &options;
  const FusionOptions &fusionOptions;

  std::vector<FusionRole> roles;
  /// Whether each record is an elementwise op on whole tensors
  /// (isElementwiseOnTensors, asked once).
  std::vector<bool> elementwise;
  std::vector<bool> fusible, folded, cloned;
  /// Bytes of weights each record reads, over all its runs.
  std::vector<Count> weightBytes;
  /// Iterations of each record's loop nest and of its parallel loops alone
  /// (0 when unknown), and the extent of its reduction loops.
  std::vector<double> space, parallelSpace, reducedSpace;
  /// Bits of one element of each record's first result (0 when unknown).
  std::vector<uint64_t> resultBits;
  /// Each record priced alone, as its own kernel.
  std::vector<RooflineEstimate> alone;
  mutable llvm::DenseMap<Value, std::optional<Count>> bytesCache;
  mutable llvm::DenseMap<Type, std::optional<Count>> bytesOfType;
  /// What pricing a group reads of the IR, gathered once per record (groups
  /// are priced many times): its shaped operands, the uses of its results
  /// (through free views), the bytes of its results, its cloned fills and
  /// how many uses it has; ranges into the flat arrays by record.
  std::vector<OperandInfo> operandInfos;
  std::vector<UseInfo> useInfos;
  std::vector<unsigned> operandBegin, useBegin;
  std::vector<Count> resultBytes;
  std::vector<unsigned> numUses;
  /// The operand number of each record's first destination (its number of
  /// operands when it has none): asked once, since each query of a named
  /// op's destinations builds an attribute.
  std::vector<unsigned> firstInit;
  std::vector<Edge> edges;
  /// Each edge's recomputation factor, by the consumer's operand.
  llvm::DenseMap<OpOperand *, double> recomputeOf;
  /// Each record's (pricing, position) when price() last met it in a group,
  /// and the number of the pricing under way.
  mutable std::vector<std::pair<unsigned, unsigned>> stampOf;
  mutable unsigned pricing = 0;
  /// The fused latency of each group, by its leader, once priced.
  llvm::DenseMap<unsigned, double> latencyOf;
  /// Each record as a structured op, or null.
  std::vector<linalg::LinalgOp> linalgOps;
  llvm::EquivalenceClasses<unsigned> groups;
};
} // namespace

void Planner::classifyRecords() {
  size_t n = records.size();
  roles.resize(n);
  fusible.resize(n);
  folded.assign(n, false);
  cloned.assign(n, false);
  weightBytes.assign(n, Count(0));
  space.assign(n, 0.0);
  parallelSpace.assign(n, 0.0);
  reducedSpace.assign(n, 0.0);
  resultBits.assign(n, 0);
  elementwise.assign(n, false);
  alone.resize(n);
  linalgOps.resize(n);
  stampOf.assign(n, {0, 0});
  // A record has indexing maps (one per operand) only when it is a
  // structured op: one interface lookup for those, none for the rest. (A
  // structured op without operands has none, and no edge to plan.)
  for (auto [index, record] : llvm::enumerate(records))
    if (!record.indexingMaps.empty())
      linalgOps[index] = cast<linalg::LinalgOp>(record.op);
  for (auto [index, record] : llvm::enumerate(records)) {
    // Free ops (views, empty tensors) and ops that launch nothing are in no
    // kernel: nothing more to know of them.
    if (!record.cost.modeled || record.cost.isFree())
      continue;
    // An op of a signature met before, run as often and as surely: its
    // price, role and loops are the first one's (CostAnalysis shares the
    // cost they derive from).
    const OpCostRecord &first = records[record.representative];
    if (record.representative != index &&
        first.multiplier == record.multiplier &&
        !first.unknownTripCountLoop == !record.unknownTripCountLoop) {
      copyClassification(record.representative, index);
      continue;
    }
    alone[index] =
        estimateRoofline(record.cost, record.multiplier, hardware, options);
    if (!record.cost.launchesKernel)
      continue;
    roles[index] = classifyForFusion(record.op, record.cost);
    // Asked only of elementwise roles: classifyForFusion gives every
    // elementwise op on tensors that role (the rules before it are for ops
    // without the trait).
    elementwise[index] = roles[index] == FusionRole::Elementwise &&
                         isElementwiseOnTensors(record.op);
    fusible[index] = !record.unknownTripCountLoop &&
                     roles[index] != FusionRole::None && alone[index].priced;
    if (record.op->getNumResults() > 0)
      if (std::optional<uint64_t> bits =
              context.elementBits(record.op->getResult(0)))
        resultBits[index] = *bits;
    if (elementwise[index]) {
      if (std::optional<Count> elements =
              context.numElements(record.op->getResult(0)))
        space[index] = parallelSpace[index] = elements->toDouble();
      continue;
    }
    if (auto softmax = dyn_cast<linalg::SoftmaxOp>(record.op)) {
      // Rows are every dimension but the one it normalizes.
      auto type = cast<ShapedType>(softmax.getInput().getType());
      if (!fusible[index] || !type.hasStaticShape())
        continue;
      double all = static_cast<double>(type.getNumElements());
      double row = static_cast<double>(type.getDimSize(softmax.getDimension()));
      space[index] = all;
      parallelSpace[index] = row > 0 ? all / row : 0.0;
      reducedSpace[index] = row;
      continue;
    }
    linalg::LinalgOp linalgOp = linalgOps[index];
    if (!linalgOp || !fusible[index])
      continue;
    // The loops the counting rule walked; an op another model priced gets
    // them here.
    std::optional<LoopSpace> loops = record.cost.loopSpace;
    if (!loops) {
      FailureOr<SmallVector<int64_t>> ranges = computeLoopRanges(
          linalgOp,
          record.indexingMaps.empty()
              ? ArrayRef<AffineMap>(linalgOp.getIndexingMapsArray())
              : ArrayRef<AffineMap>(record.indexingMaps),
          context);
      if (failed(ranges))
        continue;
      loops = getLoopSpace(linalgOp, *ranges);
    }
    space[index] = loops->all;
    parallelSpace[index] = loops->parallel;
    reducedSpace[index] = loops->reduced;
  }
}

void Planner::copyClassification(unsigned from, unsigned to) {
  alone[to] = alone[from];
  roles[to] = roles[from];
  elementwise[to] = elementwise[from];
  fusible[to] = fusible[from];
  resultBits[to] = resultBits[from];
  space[to] = space[from];
  parallelSpace[to] = parallelSpace[from];
  reducedSpace[to] = reducedSpace[from];
}

void Planner::indexOperandsAndUses() {
  size_t n = records.size();
  operandBegin.assign(n + 1, 0);
  useBegin.assign(n + 1, 0);
  resultBytes.assign(n, Count(0));
  numUses.assign(n, 0);
  firstInit.assign(n, 0);
  for (auto [index, record] : llvm::enumerate(records)) {
    operandBegin[index] = operandInfos.size();
    useBegin[index] = useInfos.size();
    // Only what runs is ever priced.
    if (!record.cost.modeled || record.cost.isFree() ||
        !record.cost.launchesKernel)
      continue;
    Operation *op = record.op;
    // An op of a signature met before has its operands' types, its
    // destinations and its payload: which operands it reads and their sizes
    // are the first one's (indexed already: it comes first), by position.
    size_t first = record.representative;
    bool shared = first != index;
    if (shared) {
      firstInit[index] = firstInit[first];
    } else {
      firstInit[index] = op->getNumOperands();
      if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
        MutableOperandRange inits = dps.getDpsInitsMutable();
        if (!inits.empty())
          firstInit[index] = (*inits.begin()).getOperandNumber();
      }
    }
    size_t same = operandBegin[first];
    for (auto [number, operand] : llvm::enumerate(op->getOpOperands())) {
      Value value = operand.get();
      // A ranked tensor (nearly every operand) without the interface lookup.
      if (!isa<RankedTensorType, ShapedType>(value.getType()))
        continue;
      Operation *def = value.getDefiningOp();
      // Copied before the push: the vector may grow.
      OperandInfo info =
          shared ? operandInfos[same++]
                 : OperandInfo{value, -1, isRead(operand, index),
                               number >= firstInit[index], bytesOf(value)};
      info.value = value;
      info.producer = def ? indexOf(def) : -1;
      operandInfos.push_back(info);
    }
    for (OpResult result : op->getResults()) {
      if (std::optional<Count> bytes = bytesOf(result))
        resultBytes[index] += *bytes;
      numUses[index] += llvm::range_size(result.getUses());
      forEachUse(result, [&](OpOperand &use) {
        int user = indexOf(use.getOwner());
        useInfos.push_back({&use, user, isRead(use, user), bytesOf(use.get())});
      });
    }
  }
  operandBegin[n] = operandInfos.size();
  useBegin[n] = useInfos.size();
}

void Planner::foldWeights() {
  // What a value holds: weights (arguments tagged mlsysim.param, constants,
  // and what is computed from them alone), data-free values (empty tensors,
  // fills of a scalar) or runtime data.
  enum class Holds { Runtime, Weight, NoData };
  llvm::DenseMap<Value, Holds> memo;
  // About one value per shaped operand: no rehashing as they come.
  memo.reserve(operandInfos.size());
  // Asked once per op name: a trait query searches the op's traits one by
  // one (a structured op has a dozen), and a program has a few names.
  llvm::SmallDenseMap<OperationName, bool, 16> constantLikeNames;
  auto isConstantLike = [&](Operation *op) {
    auto [it, inserted] = constantLikeNames.try_emplace(op->getName());
    if (inserted)
      it->second = op->hasTrait<OpTrait::ConstantLike>();
    return it->second;
  };
  // Recursive through `self` (views): a direct call, not a std::function's.
  auto holdsOf = [&](auto &self, Value value) -> Holds {
    auto it = memo.find(value);
    if (it != memo.end())
      return it->second;
    Holds result = Holds::Runtime;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
      if (func && arg.getOwner()->isEntryBlock() &&
          func.getArgAttr(arg.getArgNumber(),
                          MLSysimDialect::ParamAttrHelper::getNameStr()))
        result = Holds::Weight;
    } else if (Operation *def = value.getDefiningOp()) {
      int index = indexOf(def);
      bool folds = index >= 0 && folded[index];
      if (folds || isConstantLike(def))
        result = Holds::Weight;
      else if (isa<tensor::EmptyOp, linalg::FillOp>(def))
        result = Holds::NoData;
      else if (isView(def))
        result = self(self, def->getOperand(0));
    }
    memo[value] = result;
    return result;
  };
  auto holds = [&](Value value) { return holdsOf(holdsOf, value); };
  for (auto [index, record] : llvm::enumerate(records)) {
    if (!record.cost.modeled || record.cost.isFree() ||
        !record.cost.launchesKernel || record.op->getNumResults() == 0 ||
        isa<linalg::FillOp>(record.op))
      continue;
    // The data the op reads: every shaped operand, but the destinations a
    // structured op's payload never reads.
    // (The shaped operands as indexOperandsAndUses recorded them: only a
    // structured op's destinations may be unread.)
    bool anyWeight = false, onlyWeights = true;
    for (const OperandInfo &operand : operandsOf(index)) {
      if (operand.init && !operand.read)
        continue;
      Holds kind = holds(operand.value);
      anyWeight |= kind == Holds::Weight;
      onlyWeights &= kind != Holds::Runtime;
      if (kind == Holds::Weight && operand.bytes)
        weightBytes[index] += *operand.bytes * record.multiplier;
    }
    if (!fusionOptions.foldWeights)
      continue;
    folded[index] = anyWeight && onlyWeights;
    if (folded[index])
      fusible[index] = false;
  }
}

void Planner::cloneFills() {
  // A fill has no input: every consumer can make its values in place (a
  // register initialisation), so a fill all of whose users are kernels that
  // can take it is cloned into each of them and never runs on its own.
  for (auto [index, record] : llvm::enumerate(records)) {
    if (roles[index] != FusionRole::Fill || !fusible[index])
      continue;
    bool allFusible = !record.op->use_empty();
    for (Operation *user : record.op->getUsers()) {
      int consumer = indexOf(user);
      allFusible &= consumer >= 0 && fusible[consumer] && linalgOps[consumer] &&
                    user->getBlock() == record.op->getBlock() &&
                    records[consumer].multiplier == record.multiplier;
    }
    if (allFusible) {
      cloned[index] = true;
      fusible[index] = false;
    }
  }
}

void Planner::forEachUse(Value value,
                         llvm::function_ref<void(OpOperand &)> fn) const {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    // A shape query reads no data: a fused result keeps its shape (what
    // dynamic programs ask of their intermediates).
    if (isa<tensor::DimOp, memref::DimOp>(user))
      continue;
    int index = indexOf(user);
    if (isView(user) && index >= 0 && records[index].cost.isFree())
      forEachUse(user->getResult(0), fn);
    else
      fn(use);
  }
}

std::optional<FusionKind>
Planner::classifyEdge(OpOperand &use, unsigned producer, unsigned consumer,
                      bool throughView, double &recompute) const {
  recompute = 1.0;
  FusionRole from = roles[producer], to = roles[consumer];
  // A concatenation takes its inputs where their producers write them.
  if (isa<tensor::ConcatOp>(records[consumer].op))
    return !throughView && (from == FusionRole::Elementwise ||
                            from == FusionRole::Layout)
               ? std::optional(from == FusionRole::Layout
                                   ? FusionKind::LayoutIntoConsumer
                                   : FusionKind::ElementwiseChain)
               : std::nullopt;
  // How the consumer reads the operand: a structured op through its
  // indexing map, a softmax its input element by element.
  Operation *consumerOp = records[consumer].op;
  bool isInput;
  AffineMap map;
  if (auto softmax = dyn_cast<linalg::SoftmaxOp>(consumerOp)) {
    isInput = use.get() == softmax.getInput();
    map = AffineMap::getMultiDimIdentityMap(
        cast<ShapedType>(softmax.getInput().getType()).getRank(),
        consumerOp->getContext());
  } else if (elementwise[consumer]) {
    isInput = true;
    map = AffineMap::getMultiDimIdentityMap(
        cast<ShapedType>(use.get().getType()).getRank(),
        consumerOp->getContext());
  } else {
    // A structured op (the only other consumer findEdges asks about).
    isInput = use.getOperandNumber() < firstInit[consumer];
    map = getMatchingMap(consumer, use);
  }
  if (from == FusionRole::Fill)
    // A fill is a constant: its consumer makes the values in place.
    return throughView ? std::nullopt
                       : std::optional(FusionKind::FillIntoConsumer);
  if (from == FusionRole::Pad)
    // Read in place: the consumer reads the border as the pad value (or the
    // producer writes into the interior of a padded buffer).
    return !throughView && isInput ? std::optional(FusionKind::PadIntoConsumer)
                                   : std::nullopt;
  if (!isInput || !readsElementwise(map))
    return std::nullopt;
  switch (from) {
  case FusionRole::Layout:
    // A broadcast, transpose or copy is read in place by any consumer.
    return FusionKind::LayoutIntoConsumer;
  case FusionRole::Matrix:
    // A contraction's tile feeds its epilogue as it is produced; a
    // reduction cannot follow it in the same kernel.
    if (to == FusionRole::Elementwise || to == FusionRole::Layout)
      return FusionKind::Epilogue;
    return std::nullopt;
  case FusionRole::Reduction:
    // A row's result feeds the elementwise consumers (and further reductions)
    // of the same rows.
    if (to == FusionRole::Elementwise || to == FusionRole::Layout ||
        to == FusionRole::Reduction)
      return FusionKind::Reduction;
    return std::nullopt;
  case FusionRole::Elementwise: {
    if (to != FusionRole::Elementwise && to != FusionRole::Reduction &&
        to != FusionRole::Layout)
      return std::nullopt;
    // The producer is computed where its consumer reads it: once per
    // consumer iteration, so a consumer over a larger space (a broadcast)
    // recomputes it.
    // (An elementwise op on tensors reads and writes at the same index.)
    // (Its tensor results are its inits', the last operands. A structured
    // op of the elementwise role has no reduction loops: classifyForFusion
    // makes those reductions.)
    Operation *producerOp = records[producer].op;
    if (linalgOps[producer] &&
        !getMatchingMap(producer,
                        producerOp->getOpOperand(producerOp->getNumOperands() -
                                                 producerOp->getNumResults()))
             .isPermutation())
      return std::nullopt;
    double produced = space[producer], consumed = space[consumer];
    if (produced <= 0.0 || consumed <= 0.0)
      return std::nullopt;
    recompute = std::max(1.0, consumed / produced);
    return to == FusionRole::Reduction ? FusionKind::Reduction
                                       : FusionKind::ElementwiseChain;
  }
  case FusionRole::None:
  case FusionRole::Fill:
  case FusionRole::Pad:
    return std::nullopt;
  }
  llvm_unreachable("unknown fusion role");
}

void Planner::findEdges() {
  for (auto [index, record] : llvm::enumerate(records)) {
    if (!fusible[index] ||
        !(linalgOps[index] ||
          isa<linalg::SoftmaxOp, tensor::ConcatOp>(record.op) ||
          elementwise[index]))
      continue;
    for (OpOperand &use : record.op->getOpOperands()) {
      // Frontends put reshapes between ops (free views: no traffic, no
      // kernel); the edge runs through them.
      Value source = use.get();
      bool throughView = false;
      while (Operation *def = source.getDefiningOp()) {
        // The op's kind before its record (a hash lookup, made again for
        // the producer below).
        if (!isView(def))
          break;
        int view = indexOf(def);
        if (view < 0 || !records[view].cost.isFree())
          break;
        source = def->getOperand(0);
        throughView = true;
      }
      Operation *def = source.getDefiningOp();
      int producer = def ? indexOf(def) : -1;
      if (producer < 0 || !fusible[producer] ||
          def->getBlock() != record.op->getBlock() ||
          records[producer].multiplier != record.multiplier)
        continue;
      double recompute = 1.0;
      if (std::optional<FusionKind> kind =
              classifyEdge(use, producer, index, throughView, recompute)) {
        edges.push_back({static_cast<unsigned>(producer),
                         static_cast<unsigned>(index), *kind});
        recomputeOf[&use] = recompute;
      }
    }
  }
  for (UseInfo &use : useInfos)
    if (auto it = recomputeOf.find(use.use); it != recomputeOf.end())
      use.recompute = it->second;
}

Planner::Members Planner::membersOf(unsigned leader) const {
  Members members(groups.members(leader).begin(), groups.members(leader).end());
  sortMembers(members);
  return members;
}

Planner::Members Planner::withFills(ArrayRef<unsigned> members) const {
  Members ops(members.begin(), members.end());
  for (unsigned index : members)
    for (const OperandInfo &operand : operandsOf(index))
      if (operand.producer >= 0 && cloned[operand.producer] &&
          !llvm::is_contained(ops, unsigned(operand.producer)))
        ops.push_back(operand.producer);
  sortMembers(ops);
  return ops;
}

OpClass Planner::classOf(ArrayRef<unsigned> group) const {
  // The heaviest kind of work names the kernel: a matrix op, else a
  // reduction, else elementwise arithmetic, else data movement.
  for (FusionRole role :
       {FusionRole::Matrix, FusionRole::Reduction, FusionRole::Elementwise})
    for (unsigned index : group)
      if (roles[index] == role)
        return records[index].cost.opClass;
  // A kernel of one op no rule fuses (a loop nest already one kernel) is of
  // its own class.
  if (group.size() == 1)
    return records[group.front()].cost.opClass;
  return OpClass::DataMovement;
}

bool Planner::isLegal(ArrayRef<unsigned> group) const {
  unsigned matrix = 0, reductions = 0;
  double rows = -1.0, longestRow = 0.0;
  uint64_t widest = 0;
  for (unsigned index : group) {
    if (roles[index] == FusionRole::Matrix)
      ++matrix;
    if (roles[index] != FusionRole::Reduction)
      continue;
    ++reductions;
    // Reductions share a kernel only over the same rows.
    if (rows >= 0.0 && parallelSpace[index] != rows)
      return false;
    rows = parallelSpace[index];
    longestRow = std::max(longestRow, reducedSpace[index]);
    widest = std::max(widest, resultBits[index]);
  }
  if (matrix > 1 || (matrix == 1 && reductions > 0))
    return false;
  // Several reductions of one row in one kernel keep the row on chip (one
  // read of the input): it must fit in the scratchpad of one core.
  if (reductions > 1 && hardware.scratchpadPerCoreBytes &&
      longestRow * static_cast<double>(std::max<uint64_t>(widest, 8)) / 8.0 >
          hardware.scratchpadPerCoreBytes->value)
    return false;
  return !wouldCycle(group);
}

GroupPrice Planner::price(ArrayRef<unsigned> group, FusionGroup *out) const {
  // Groups are sorted (program order): per-member state by position. Each
  // member's position is stamped with this pricing's number, so that
  // membership is one look, and nothing is cleared between pricings.
  assert(llvm::is_sorted(group) && "groups are in program order");
  ++pricing;
  for (auto [position, index] : llvm::enumerate(group))
    stampOf[index] = {pricing, static_cast<unsigned>(position)};
  auto positionIn = [&](int index) -> int {
    return index >= 0 && stampOf[index].first == pricing
               ? static_cast<int>(stampOf[index].second)
               : -1;
  };
  Count read, written;
  for (unsigned index : group) {
    if (cloned[index])
      continue; // Made in place: no traffic of its own.
    read = read + records[index].cost.bytesRead;
    written = written + records[index].cost.bytesWritten;
  }
  // An outside tensor several members read is read once by the kernel; a
  // cloned fill's values are made in place, not read.
  SmallVector<std::pair<Value, unsigned>, 16> outsideReads;
  for (unsigned index : group)
    for (const OperandInfo &operand : operandsOf(index)) {
      if (operand.producer >= 0 && cloned[operand.producer]) {
        if (operand.read && operand.bytes)
          read = read - *operand.bytes;
        continue;
      }
      if (positionIn(operand.producer) >= 0 || !operand.read)
        continue;
      outsideReads.push_back({operand.value, index});
    }
  // Each outside value with its distinct readers, together.
  llvm::sort(outsideReads, [](const auto &a, const auto &b) {
    return a.first.getAsOpaquePointer() != b.first.getAsOpaquePointer()
               ? a.first.getAsOpaquePointer() < b.first.getAsOpaquePointer()
               : a.second < b.second;
  });
  for (size_t i = 0; i < outsideReads.size();) {
    Value value = outsideReads[i].first;
    size_t readers = 0, j = i;
    for (; j < outsideReads.size() && outsideReads[j].first == value; ++j)
      if (j == i || outsideReads[j].second != outsideReads[j - 1].second)
        ++readers;
    if (readers > 1)
      if (std::optional<Count> bytes = bytesOf(value))
        read = read - *bytes * Count(readers - 1); // Saturates at 0.
    i = j;
  }
  // Recomputation factors, consumers first (program order reversed). In a
  // kernel over rows (one with a reduction), a reduction and every value of
  // no more elements than the rows is computed once per row and broadcast:
  // only work over a larger space is recomputed where it is read.
  double rows = 0.0;
  for (unsigned index : group)
    if (roles[index] == FusionRole::Reduction)
      rows = std::max(rows, parallelSpace[index]);
  SmallVector<double, 8> recompute(group.size(), 1.0);
  for (size_t position = group.size(); position-- > 0;) {
    unsigned index = group[position];
    double factor = 1.0;
    bool escapes = false, feedsGroup = false;
    if (cloned[index])
      continue; // Its reads were removed above; it writes nothing.
    for (const UseInfo &use : usesOf(index)) {
      int user = positionIn(use.user);
      if (user < 0) {
        escapes = true;
        continue;
      }
      feedsGroup = true;
      // The consumer no longer reads the intermediate from memory.
      if (use.read && use.bytes)
        read = read - *use.bytes;
      // The user runs recompute[user] times; through an edge the producer
      // runs its factor more.
      factor = std::max(factor, use.recompute * recompute[user]);
    }
    if (roles[index] == FusionRole::Reduction ||
        (rows > 0.0 && space[index] > 0.0 && space[index] <= rows))
      factor = 1.0;
    recompute[position] = factor;
    if (escapes) {
      // An intermediate with users outside the group stays written.
      if (out && feedsGroup)
        out->kept.push_back(index);
      continue;
    }
    // Every user is inside: the intermediate is never written.
    written = written - resultBytes[index];
  }
  SmallVector<GroupMember, 8> members;
  for (auto [position, index] : llvm::enumerate(group))
    members.push_back(
        {&records[index].cost, recompute[position],
         cloned[index] ? 1.0 / static_cast<double>(numUses[index]) : 1.0,
         &alone[index]});
  if (out) {
    for (auto [position, index] : llvm::enumerate(group))
      if (recompute[position] > 1.0)
        out->recomputed.push_back(index);
    Count before;
    for (auto [index, member] : llvm::zip_equal(group, members))
      before =
          before + Count::fromDouble(records[index].cost.bytes().toDouble() *
                                     member.share);
    out->bytesRead = read * records[group[0]].multiplier;
    out->bytesWritten = written * records[group[0]].multiplier;
    out->bytesSaved =
        before.toDouble() > (read + written).toDouble()
            ? (before - (read + written)) * records[group[0]].multiplier
            : Count(0);
  }
  return priceFusedGroup(members, read, written, records[group[0]].multiplier,
                         classOf(group), hardware, options);
}

bool Planner::wouldCycle(ArrayRef<unsigned> group) const {
  llvm::SmallPtrSet<Operation *, 16> inGroup;
  for (unsigned index : group)
    inGroup.insert(records[index].op);
  // Free views of members' results belong to the group (no kernel).
  SmallVector<Operation *> views;
  for (unsigned index : group)
    views.push_back(records[index].op);
  // (Users through each result's use list: Operation::getUsers walks a
  // use iterator over all results, several times the cost.)
  while (!views.empty())
    for (Value result : views.pop_back_val()->getResults())
      for (Operation *user : result.getUsers())
        if (isView(user) && !inGroup.contains(user) &&
            inGroup.insert(user).second)
          views.push_back(user);
  Operation *last = records[group.back()].op;
  // A path that leaves the group and returns: from an outside user of a
  // member, forward through the block, to a member. A shape query is no
  // such path: a member's shape is known before the kernel runs (the sizes
  // a dynamic program passes to its next buffers).
  SmallVector<Operation *> worklist;
  llvm::SmallPtrSet<Operation *, 16> seen;
  for (Operation *member : inGroup)
    for (Value result : member->getResults())
      for (Operation *user : result.getUsers()) {
        if (isa<tensor::DimOp, memref::DimOp>(user))
          continue;
        Operation *ancestor = member->getBlock()->findAncestorOpInBlock(*user);
        if (ancestor && !inGroup.contains(ancestor) &&
            seen.insert(ancestor).second)
          worklist.push_back(ancestor);
      }
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (last->isBeforeInBlock(op))
      continue; // Past the group: cannot come back.
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers()) {
        Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user);
        if (!ancestor)
          continue;
        if (inGroup.contains(ancestor))
          return true;
        if (seen.insert(ancestor).second)
          worklist.push_back(ancestor);
      }
  }
  return false;
}

static FusionKind kindOf(ArrayRef<FusionRole> roles) {
  auto has = [&](FusionRole role) { return llvm::is_contained(roles, role); };
  if (has(FusionRole::Reduction))
    return FusionKind::Reduction;
  if (has(FusionRole::Matrix) &&
      (has(FusionRole::Elementwise) || has(FusionRole::Layout)))
    return FusionKind::Epilogue;
  if (has(FusionRole::Pad))
    return FusionKind::PadIntoConsumer;
  if (has(FusionRole::Fill))
    return FusionKind::FillIntoConsumer;
  if (has(FusionRole::Layout))
    return FusionKind::LayoutIntoConsumer;
  return FusionKind::ElementwiseChain;
}

FusionPlan Planner::run() {
  classifyRecords();
  indexOperandsAndUses();
  foldWeights();
  cloneFills();
  findEdges();

  for (const Edge &edge : edges) {
    unsigned a = groups.getOrInsertLeaderValue(edge.producer);
    unsigned b = groups.getOrInsertLeaderValue(edge.consumer);
    if (a == b)
      continue;
    Members left = membersOf(a), right = membersOf(b);
    Members merged(left);
    merged.append(right.begin(), right.end());
    sortMembers(merged);
    if (!isLegal(merged))
      continue;
    auto latency = [&](unsigned leader, ArrayRef<unsigned> members) {
      auto [it, inserted] = latencyOf.try_emplace(leader, 0.0);
      if (inserted)
        it->second = price(withFills(members), nullptr).after();
      return it->second;
    };
    double together = price(withFills(merged), nullptr).after();
    if (together >= latency(a, left) + latency(b, right))
      continue;
    groups.unionSets(a, b);
    latencyOf[groups.getLeaderValue(a)] = together;
  }

  FusionPlan plan;
  plan.kernelOf.assign(records.size(), -1);
  plan.roleOf = roles;
  plan.folded = folded;
  plan.cloned = cloned;
  plan.weightBytes = weightBytes;
  llvm::MapVector<StringRef, FusionBound> bounds;
  // A function's records are consecutive: looked up when the function
  // changes, not per record.
  FusionBound *funcBound = nullptr;
  StringRef boundFunc;
  for (auto [index, record] : llvm::enumerate(records)) {
    if (!funcBound || record.funcName != boundFunc) {
      auto [it, inserted] = bounds.try_emplace(record.funcName);
      funcBound = &it->second;
      boundFunc = record.funcName;
      if (inserted)
        funcBound->func = record.funcName.str();
    }
    if (record.cost.modeled)
      funcBound->asIs += alone[index].latency;
  }
  // Every op that runs is in one kernel: its group, or its own.
  llvm::DenseMap<unsigned, unsigned> kernelOfLeader;
  for (auto [index, record] : llvm::enumerate(records)) {
    if (!record.cost.modeled || record.cost.isFree() || folded[index] ||
        cloned[index] || !record.cost.launchesKernel || !alone[index].priced)
      continue;
    unsigned leader = groups.contains(index) ? groups.getLeaderValue(index)
                                             : static_cast<unsigned>(index);
    auto [it, inserted] =
        kernelOfLeader.try_emplace(leader, plan.kernels.size());
    plan.kernelOf[index] = it->second;
    if (!inserted)
      continue;
    Members members = groups.contains(index)
                          ? membersOf(leader)
                          : Members{static_cast<unsigned>(index)};
    Members ops = withFills(members);
    FusionGroup kernel;
    kernel.ops.assign(ops.begin(), ops.end());
    kernel.func = record.funcName.str();
    kernel.opClass = classOf(ops);
    if (ops.size() > 1) {
      SmallVector<FusionRole> memberRoles;
      for (unsigned member : ops)
        memberRoles.push_back(roles[member]);
      kernel.kind = kindOf(memberRoles);
    }
    GroupPrice cost = price(ops, &kernel);
    kernel.latencyBefore = cost.before;
    kernel.fused = cost.fused;
    kernel.flopsAdded = cost.flopsAdded;
    kernel.launchesSaved = ops.size() - 1;
    bounds[record.funcName].planned += kernel.fused.latency;
    plan.kernels.push_back(std::move(kernel));
  }
  for (auto [index, isCloned] : llvm::enumerate(cloned))
    if (isCloned)
      plan.kernelOf[index] =
          plan.kernelOf[indexOf(*records[index].op->getUsers().begin())];
  for (auto [number, kernel] : llvm::enumerate(plan.kernels)) {
    kernel.share =
        getShare(kernel.getSaving(), bounds[StringRef(kernel.func)].asIs);
    if (kernel.ops.size() > 1)
      plan.opportunities.push_back(number);
  }
  llvm::stable_sort(plan.opportunities, [&](unsigned a, unsigned b) {
    return plan.kernels[a].getSaving() > plan.kernels[b].getSaving();
  });

  // Each function as one kernel: its tensor arguments read once, its results
  // written once, all the work that runs.
  for (auto &[name, bound] : bounds) {
    SmallVector<GroupMember> members;
    Count multiplier(1);
    FunctionOpInterface func;
    for (auto [index, record] : llvm::enumerate(records)) {
      if (record.funcName != name || !record.cost.modeled || folded[index])
        continue;
      if (!func)
        func = record.op->getParentOfType<FunctionOpInterface>();
      // Work inside loops runs as often as its loops say: fold the
      // multiplier into the member's compute factor. Outside loops the op
      // priced alone at the group's multiplier (1) is the one priced
      // already.
      members.push_back(
          {&record.cost, record.multiplier.toDouble(), 1.0,
           record.multiplier == multiplier ? &alone[index] : nullptr});
    }
    Count read, written;
    if (func && !func.isExternal()) {
      for (BlockArgument arg : func.getArguments())
        if (std::optional<Count> bytes = bytesOf(arg))
          read = read + *bytes;
      // What the function returns: the operands of its blocks' returns.
      for (Block &block : func.getFunctionBody())
        if (!block.empty() && block.back().hasTrait<OpTrait::ReturnLike>())
          for (Value value : block.back().getOperands())
            if (std::optional<Count> bytes = bytesOf(value))
              written = written + *bytes;
    }
    bound.fullyFused =
        members.empty()
            ? 0.0
            : priceFusedGroup(members, read, written, multiplier,
                              OpClass::Unclassified, hardware, options)
                  .after();
    plan.bounds.push_back(bound);
  }
  plan.alone = std::move(alone);
  return plan;
}

FusionPlan mlsysim::planFusion(const CostAnalysis &analysis,
                               const HardwareSpec &hardware,
                               const RooflineOptions &options,
                               const FusionOptions &fusionOptions) {
  return Planner(analysis, hardware, options, fusionOptions).run();
}
