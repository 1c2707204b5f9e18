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
  price.fused = priceKernel(parts, (externalRead + externalWritten).toDouble(),
                            multiplier.toDouble(), opClass, /*launches=*/true,
                            hardware, options);
  return price;
}

namespace {
/// Free views a producer-consumer edge may cross.
bool isView(Operation *op) {
  return isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::CastOp,
             tensor::ReshapeOp>(op);
}

/// Whether `op` only re-strides its input: a transpose, a copy, a slice, or
/// a generic that forwards its one input through a permutation. (A
/// broadcast is not: a library reads no operand with a zero stride but a
/// batch.)
bool isStridedView(Operation *op) {
  if (isa<linalg::TransposeOp, linalg::CopyOp, tensor::ExtractSliceOp>(op))
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(op);
  return generic && generic.getNumDpsInputs() == 1 &&
         generic.getNumDpsInits() == 1 &&
         llvm::all_of(generic.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isPermutation(); });
}

/// Whether `map` reads each element once per iteration of a subset of the
/// consumer's loops: a projected permutation, unit dims as constant 0.
bool readsElementwise(AffineMap map) {
  return map.isProjectedPermutation(/*allowZeroInResults=*/true);
}

/// A shaped operand of a record, as a group's price reads it.
struct OperandInfo {
  Value value;
  /// The record that defines it (looking through free views: a reshape of
  /// a member's result is the member's), or -1.
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

/// What the planner knows of one record.
struct RecordFacts {
  FusionRole role = FusionRole::None;
  /// An elementwise op on whole tensors (isElementwiseOnTensors).
  bool elementwise = false;
  bool fusible = false;
  /// Depends on weights alone (computed once), or a fill every consumer
  /// makes in place.
  bool folded = false, cloned = false;
  /// Bytes of weights it reads, over all its runs.
  Count weightBytes;
  /// Iterations of its loop nest and of its parallel loops alone (0 when
  /// unknown), and the extent of its reduction loops.
  double space = 0.0, parallelSpace = 0.0, reducedSpace = 0.0;
  /// Bits of one element of its first result (0 when unknown).
  uint64_t resultBits = 0;
  /// Priced alone, as its own kernel.
  RooflineEstimate alone;
  /// The op as a structured op, or null.
  linalg::LinalgOp linalgOp;
  /// Its shaped operands and the uses of its results, as ranges of the
  /// planner's operandInfos and useInfos (gathered once: groups are priced
  /// many times).
  unsigned operandBegin = 0, operandEnd = 0, useBegin = 0, useEnd = 0;
  /// Bytes of its results, and how many uses they have.
  Count resultBytes;
  unsigned numUses = 0;
  /// The operand number of its first destination (its number of operands
  /// when it has none).
  unsigned firstInit = 0;
  /// The pricing that last met it in a group and its position there: with
  /// the pricing's number, membership in the group under way is one look.
  unsigned stampPricing = 0, stampPosition = 0;
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
  llvm::ArrayRef<OperandInfo> operandsOf(unsigned index) const {
    const RecordFacts &f = facts[index];
    return llvm::ArrayRef(operandInfos)
        .slice(f.operandBegin, f.operandEnd - f.operandBegin);
  }
  llvm::ArrayRef<UseInfo> usesOf(unsigned index) const {
    const RecordFacts &f = facts[index];
    return llvm::ArrayRef(useInfos).slice(f.useBegin, f.useEnd - f.useBegin);
  }
  /// Merges groups along the edges, in program order, while a merge is
  /// legal and faster than the two apart.
  void mergeGroups();
  /// The plan's kernels (the groups, and the ops that run alone) and its
  /// fusion opportunities.
  void buildKernels(FusionPlan &plan) const;
  /// Each function as written, as planned and entirely fused.
  void boundFunctions(FusionPlan &plan) const;
  double priceFullyFused(llvm::ArrayRef<unsigned> members,
                         OpClass opClass) const;
  /// Price of the records of a group, with the edges inside it; `out`, when
  /// given, gets the group's traffic and its kept and recomputed members.
  GroupPrice price(llvm::ArrayRef<unsigned> group, FusionGroup *out) const;
  /// Starts a pricing of `group` (sorted, program order): each member's
  /// position is stamped with the pricing's number, so that membership is
  /// one look (positionIn), and nothing is cleared between pricings.
  void stampGroup(llvm::ArrayRef<unsigned> group) const;
  /// The position of record `index` (or -1) in the group being priced, or -1.
  int positionIn(int index) const;
  /// Adds the bytes the members read and write to `read` and `written`: a
  /// cloned fill's values are made in place, not read, and an outside tensor
  /// several members read is read once by the kernel. Per run of the group
  /// (its members share one multiplier), or with `allRuns` over all runs of
  /// each member (the fully fused bound: members of any multiplier).
  void addMemberTraffic(llvm::ArrayRef<unsigned> group, Count &read,
                        Count &written, bool allRuns = false) const;
  /// Each member's recomputation factor; takes the intermediates the group
  /// keeps inside out of `read` and `written`, and lists in `out` (when
  /// given) those still written for outside users.
  SmallVector<double, 8> settleRecompute(llvm::ArrayRef<unsigned> group,
                                         Count &read, Count &written,
                                         FusionGroup *out,
                                         bool allRuns = false) const;
  /// The bytes record `index` reads of one of its operands of `bytes`: the
  /// operand, or less when the op reads only part of it (a slice reads its
  /// result's bytes of its source), never more than the op reads in all.
  Count readOf(unsigned index, const Count &bytes) const;
  /// The bytes record `index` writes of its results: less than their size
  /// when it updates part of a destination in place (an insert_slice).
  Count writtenOf(unsigned index) const;
  /// How many times record `index` runs per run of a group: once, or, over
  /// all runs (`allRuns`), its multiplier.
  Count runsOf(unsigned index, bool allRuns) const {
    return allRuns ? records[index].multiplier : Count(1);
  }
  /// Sets `out`'s recomputed members and traffic, over all runs.
  void describeGroup(llvm::ArrayRef<unsigned> group,
                     llvm::ArrayRef<GroupMember> members, const Count &read,
                     const Count &written, FusionGroup &out) const;
  bool isLegal(llvm::ArrayRef<unsigned> group) const;
  bool wouldCycle(llvm::ArrayRef<unsigned> group) const;
  OpClass classOf(llvm::ArrayRef<unsigned> group) const;
  /// Groups are small: their members without a heap allocation.
  using Members = SmallVector<unsigned, 8>;
  Members membersOf(unsigned leader) const;
  /// Adds the members of record `index`'s group missing from `members`.
  void addGroupOf(unsigned index, Members &members) {
    for (unsigned member : membersOf(groups.getOrInsertLeaderValue(index)))
      if (!llvm::is_contained(members, member))
        members.push_back(member);
  }
  /// `members` with the cloned fills that feed them, in program order.
  Members withFills(llvm::ArrayRef<unsigned> members) const;
  /// Runs each attention (a contraction reading the softmax of another's
  /// result) as one kernel, the scores kept on chip.
  void fuseAttention();
  /// Runs contractions of one shared input (Q, K and V of one activation)
  /// as one kernel: one launch, one fixed latency, the input read once.
  void mergeSiblings();
  /// Whether the device's library reads a contraction's operands through
  /// their strides (a transposed or sliced operand in place): a device whose
  /// library tiles contractions, in a plan that may use the library.
  bool readsOperandsInPlace() const {
    return hardware.matrixTiles && fusionOptions.libraryKernels;
  }
  /// Whether the plan has the library's own kernels (FusionOptions): not in
  /// an eager framework's, which runs the ops it is given.
  bool planLibraryKernels() const {
    return readsOperandsInPlace() && !fusionOptions.byFrameworkOp;
  }
  /// The contraction whose result record `b`'s input `operand` carries,
  /// then the non-matrix records between (its softmax), when a reduction is
  /// among them and nothing outside reads their values; else none.
  std::optional<Members> attentionChain(unsigned b,
                                        const OperandInfo &operand) const;
  int indexOf(Operation *op) const {
    const OpCostRecord *record = analysis.lookup(op);
    return record ? static_cast<int>(record - records.data()) : -1;
  }
  /// `op` as a structured op, or null; `index` is its record or -1. The
  /// records' are looked up once (an interface lookup is a search).
  linalg::LinalgOp linalgOf(int index, Operation *op) const {
    return index >= 0 ? facts[index].linalgOp : dyn_cast<linalg::LinalgOp>(op);
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
    linalg::LinalgOp linalgOp = facts[consumer].linalgOp;
    return maps.empty() ? linalgOp.getMatchingIndexingMap(&use)
                        : maps[use.getOperandNumber()];
  }

  const CostAnalysis &analysis;
  llvm::ArrayRef<OpCostRecord> records;
  CostContext context;
  const HardwareSpec &hardware;
  const RooflineOptions &options;
  const FusionOptions &fusionOptions;

  /// What the planner knows of each record, by record.
  mutable std::vector<RecordFacts> facts;
  mutable llvm::DenseMap<Value, std::optional<Count>> bytesCache;
  mutable llvm::DenseMap<Type, std::optional<Count>> bytesOfType;
  /// The shaped operands of every record and the uses of their results
  /// (through free views), in record order (RecordFacts' ranges).
  std::vector<OperandInfo> operandInfos;
  std::vector<UseInfo> useInfos;
  std::vector<Edge> edges;
  /// Each edge's recomputation factor, by the consumer's operand.
  llvm::DenseMap<OpOperand *, double> recomputeOf;
  /// The number of the pricing under way (RecordFacts::stampPricing).
  mutable unsigned pricing = 0;
  /// The fused latency of each group, by its leader, once priced.
  llvm::DenseMap<unsigned, double> latencyOf;
  llvm::EquivalenceClasses<unsigned> groups;
};
} // namespace

void Planner::classifyRecords() {
  facts.resize(records.size());
  // A record has indexing maps (one per operand) only when it is a
  // structured op: one interface lookup for those, none for the rest. (A
  // structured op without operands has none, and no edge to plan.)
  for (auto [index, record] : llvm::enumerate(records))
    if (!record.indexingMaps.empty())
      facts[index].linalgOp = cast<linalg::LinalgOp>(record.op);
  for (auto [index, record] : llvm::enumerate(records)) {
    // Free ops (views, empty tensors) and ops that launch nothing are in no
    // kernel: nothing more to know of them.
    if (!record.cost.modeled || record.cost.isFree())
      continue;
    facts[index].alone =
        estimateRoofline(record.cost, record.multiplier, hardware, options);
    if (!record.cost.launchesKernel)
      continue;
    facts[index].role = classifyForFusion(record.op, record.cost);
    // Asked only of elementwise roles: classifyForFusion gives every
    // elementwise op on tensors that role (the rules before it are for ops
    // without the trait).
    facts[index].elementwise = facts[index].role == FusionRole::Elementwise &&
                               isElementwiseOnTensors(record.op);
    facts[index].fusible = !record.unknownTripCountLoop &&
                           facts[index].role != FusionRole::None &&
                           facts[index].alone.priced;
    if (record.op->getNumResults() > 0)
      if (std::optional<uint64_t> bits =
              context.elementBits(record.op->getResult(0)))
        facts[index].resultBits = *bits;
    if (facts[index].elementwise) {
      if (std::optional<Count> elements =
              context.numElements(record.op->getResult(0)))
        facts[index].space = facts[index].parallelSpace = elements->toDouble();
      continue;
    }
    if (auto softmax = dyn_cast<linalg::SoftmaxOp>(record.op)) {
      // Rows are every dimension but the one it normalizes.
      auto type = cast<ShapedType>(softmax.getInput().getType());
      if (!facts[index].fusible || !type.hasStaticShape())
        continue;
      double all = static_cast<double>(type.getNumElements());
      double row = static_cast<double>(type.getDimSize(softmax.getDimension()));
      facts[index].space = all;
      facts[index].parallelSpace = row > 0 ? all / row : 0.0;
      facts[index].reducedSpace = row;
      continue;
    }
    linalg::LinalgOp linalgOp = facts[index].linalgOp;
    if (!linalgOp || !facts[index].fusible)
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
    facts[index].space = loops->all;
    facts[index].parallelSpace = loops->parallel;
    facts[index].reducedSpace = loops->reduced;
  }
}

void Planner::indexOperandsAndUses() {
  for (auto [index, record] : llvm::enumerate(records)) {
    RecordFacts &f = facts[index];
    f.operandBegin = f.operandEnd = operandInfos.size();
    f.useBegin = f.useEnd = useInfos.size();
    // Only what runs is ever priced.
    if (!record.cost.modeled || record.cost.isFree() ||
        !record.cost.launchesKernel)
      continue;
    Operation *op = record.op;
    f.firstInit = op->getNumOperands();
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
      MutableOperandRange inits = dps.getDpsInitsMutable();
      if (!inits.empty())
        f.firstInit = (*inits.begin()).getOperandNumber();
    }
    for (auto [number, operand] : llvm::enumerate(op->getOpOperands())) {
      Value value = operand.get();
      if (!isa<ShapedType>(value.getType()))
        continue;
      Operation *def = value.getDefiningOp();
      int producer = def ? indexOf(def) : -1;
      while (producer >= 0 && isView(def) && records[producer].cost.isFree()) {
        def = def->getOperand(0).getDefiningOp();
        producer = def ? indexOf(def) : -1;
      }
      operandInfos.push_back({value, producer, isRead(operand, index),
                              number >= f.firstInit, bytesOf(value)});
    }
    for (OpResult result : op->getResults()) {
      if (std::optional<Count> bytes = bytesOf(result))
        f.resultBytes += *bytes;
      f.numUses += llvm::range_size(result.getUses());
      forEachUse(result, [&](OpOperand &use) {
        int user = indexOf(use.getOwner());
        useInfos.push_back({&use, user, isRead(use, user), bytesOf(use.get())});
      });
    }
    f.operandEnd = operandInfos.size();
    f.useEnd = useInfos.size();
  }
}

/// Whether `op` is in a phase of a training step (`mlsysim.phase`): its
/// weights change every step, so nothing computed from them alone can be
/// computed once.
static bool isTrainingStep(Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  return func && func->hasAttr(MLSysimDialect::PhaseAttrHelper::getNameStr());
}

void Planner::foldWeights() {
  // What a value holds: weights (the function's, Analysis/Weights.h;
  // constants; and what is computed from them alone), data-free values
  // (empty tensors, fills of a scalar) or runtime data.
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
    auto isWeight = [&](Operation *funcOp) {
      auto func = dyn_cast_or_null<FunctionOpInterface>(funcOp);
      const FunctionWeights *weights =
          func ? analysis.getWeights(func) : nullptr;
      return weights && weights->holds(func, value);
    };
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (isWeight(arg.getOwner()->getParentOp()))
        result = Holds::Weight;
    } else if (Operation *def = value.getDefiningOp()) {
      int index = indexOf(def);
      bool folds = index >= 0 && facts[index].folded;
      // (A load of a global inferred as a weight.)
      if (folds || isConstantLike(def) ||
          (def->getNumOperands() == 0 &&
           isWeight(def->getParentOfType<FunctionOpInterface>())))
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
        facts[index].weightBytes += *operand.bytes * record.multiplier;
    }
    if (!fusionOptions.foldWeights || isTrainingStep(record.op))
      continue;
    facts[index].folded = anyWeight && onlyWeights;
    if (facts[index].folded)
      facts[index].fusible = false;
  }
}

void Planner::cloneFills() {
  // A fill has no input: every consumer can make its values in place (a
  // register initialisation), so a fill all of whose users are kernels that
  // can take it is cloned into each of them and never runs on its own.
  for (auto [index, record] : llvm::enumerate(records)) {
    if (facts[index].role != FusionRole::Fill || !facts[index].fusible)
      continue;
    bool allFusible = !record.op->use_empty();
    for (Operation *user : record.op->getUsers()) {
      int consumer = indexOf(user);
      allFusible &= consumer >= 0 && facts[consumer].fusible &&
                    facts[consumer].linalgOp &&
                    user->getBlock() == record.op->getBlock() &&
                    records[consumer].multiplier == record.multiplier;
    }
    if (allFusible) {
      facts[index].cloned = true;
      facts[index].fusible = false;
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
  FusionRole from = facts[producer].role, to = facts[consumer].role;
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
  } else if (facts[consumer].elementwise) {
    isInput = true;
    map = AffineMap::getMultiDimIdentityMap(
        cast<ShapedType>(use.get().getType()).getRank(),
        consumerOp->getContext());
  } else {
    // A structured op (the only other consumer findEdges asks about).
    isInput = use.getOperandNumber() < facts[consumer].firstInit;
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
  // A library contraction reads its operands through their strides, even
  // the image a convolution reads through a window (below, only elementwise
  // reads fuse): cuDNN takes a weight gradient's activations and output
  // gradient as they lie, where the exporters transpose both first.
  if (from == FusionRole::Layout && to == FusionRole::Matrix && isInput &&
      readsOperandsInPlace() && isStridedView(records[producer].op))
    return FusionKind::LayoutIntoConsumer;
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
    if (facts[producer].linalgOp &&
        !getMatchingMap(producer,
                        producerOp->getOpOperand(producerOp->getNumOperands() -
                                                 producerOp->getNumResults()))
             .isPermutation())
      return std::nullopt;
    double produced = facts[producer].space, consumed = facts[consumer].space;
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
    if (!facts[index].fusible ||
        !(facts[index].linalgOp ||
          isa<linalg::SoftmaxOp, tensor::ConcatOp>(record.op) ||
          facts[index].elementwise))
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
      if (producer < 0 || !facts[producer].fusible ||
          def->getBlock() != record.op->getBlock() ||
          records[producer].multiplier != record.multiplier)
        continue;
      if (fusionOptions.byFrameworkOp &&
          (getFrameworkOp(def).empty() ||
           getFrameworkOp(def) != getFrameworkOp(record.op)))
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
  llvm::sort(members);
  return members;
}

Planner::Members Planner::withFills(ArrayRef<unsigned> members) const {
  Members ops(members.begin(), members.end());
  for (unsigned index : members)
    for (const OperandInfo &operand : operandsOf(index))
      if (operand.producer >= 0 && facts[operand.producer].cloned &&
          !llvm::is_contained(ops, unsigned(operand.producer)))
        ops.push_back(operand.producer);
  llvm::sort(ops);
  return ops;
}

OpClass Planner::classOf(ArrayRef<unsigned> group) const {
  // The heaviest kind of work names the kernel: a matrix op, else a
  // reduction, else elementwise arithmetic, else data movement.
  for (FusionRole role :
       {FusionRole::Matrix, FusionRole::Reduction, FusionRole::Elementwise})
    for (unsigned index : group)
      if (facts[index].role == role)
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
    if (facts[index].role == FusionRole::Matrix)
      ++matrix;
    if (facts[index].role != FusionRole::Reduction)
      continue;
    ++reductions;
    // Reductions share a kernel only over the same rows.
    if (rows >= 0.0 && facts[index].parallelSpace != rows)
      return false;
    rows = facts[index].parallelSpace;
    longestRow = std::max(longestRow, facts[index].reducedSpace);
    widest = std::max(widest, facts[index].resultBits);
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

void Planner::stampGroup(ArrayRef<unsigned> group) const {
  ++pricing;
  for (auto [position, index] : llvm::enumerate(group)) {
    facts[index].stampPricing = pricing;
    facts[index].stampPosition = position;
  }
}

int Planner::positionIn(int index) const {
  return index >= 0 && facts[index].stampPricing == pricing
             ? static_cast<int>(facts[index].stampPosition)
             : -1;
}

static Count minCount(const Count &a, const Count &b) {
  return b.toDouble() < a.toDouble() ? b : a;
}

Count Planner::readOf(unsigned index, const Count &bytes) const {
  return minCount(bytes, records[index].cost.bytesRead);
}

Count Planner::writtenOf(unsigned index) const {
  return minCount(facts[index].resultBytes, records[index].cost.bytesWritten);
}

void Planner::addMemberTraffic(ArrayRef<unsigned> group, Count &read,
                               Count &written, bool allRuns) const {
  for (unsigned index : group) {
    if (facts[index].cloned)
      continue; // Made in place: no traffic of its own.
    read = read + records[index].cost.bytesRead * runsOf(index, allRuns);
    written =
        written + records[index].cost.bytesWritten * runsOf(index, allRuns);
  }
  // An outside tensor several members read is read once by the kernel; a
  // cloned fill's values are made in place, not read.
  SmallVector<std::pair<Value, unsigned>, 16> outsideReads;
  for (unsigned index : group)
    for (const OperandInfo &operand : operandsOf(index)) {
      if (operand.producer >= 0 && facts[operand.producer].cloned) {
        if (operand.read && operand.bytes)
          read = read - readOf(index, *operand.bytes) * runsOf(index, allRuns);
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
  // The kernel reads the value once, or less when its readers together read
  // less of it (slices): not each reader's part again, and not the whole
  // value once per reader when each reads a part. A planned kernel reads it
  // as often as each of its ops' counting rule says (an add of %x and %x,
  // twice); the fully fused bound (`allRuns`) reads it once.
  for (size_t i = 0; i < outsideReads.size();) {
    Value value = outsideReads[i].first;
    std::optional<Count> bytes = bytesOf(value);
    Count byReaders;
    size_t j = i;
    for (; j < outsideReads.size() && outsideReads[j].first == value; ++j)
      if (bytes && (allRuns || j == i ||
                    outsideReads[j].second != outsideReads[j - 1].second))
        byReaders += readOf(outsideReads[j].second, *bytes) *
                     runsOf(outsideReads[j].second, allRuns);
    if (bytes)
      read = read - (byReaders - minCount(*bytes, byReaders)); // Saturates.
    i = j;
  }
}

SmallVector<double, 8> Planner::settleRecompute(ArrayRef<unsigned> group,
                                                Count &read, Count &written,
                                                FusionGroup *out,
                                                bool allRuns) const {
  // Consumers first (program order reversed). In a kernel over rows (one
  // with a reduction), a reduction and every value of no more elements than
  // the rows is computed once per row and broadcast: only work over a larger
  // space is recomputed where it is read.
  double rows = 0.0;
  for (unsigned index : group)
    if (facts[index].role == FusionRole::Reduction)
      rows = std::max(rows, facts[index].parallelSpace);
  SmallVector<double, 8> recompute(group.size(), 1.0);
  for (size_t position = group.size(); position-- > 0;) {
    unsigned index = group[position];
    double factor = 1.0;
    bool escapes = false, feedsGroup = false;
    if (facts[index].cloned)
      continue; // Its reads were removed already; it writes nothing.
    for (const UseInfo &use : usesOf(index)) {
      int user = positionIn(use.user);
      if (user < 0) {
        escapes = true;
        continue;
      }
      feedsGroup = true;
      // The consumer no longer reads the intermediate from memory (what it
      // read of it: a slice of it, its part).
      if (use.read && use.bytes)
        read = read - readOf(use.user, *use.bytes) * runsOf(use.user, allRuns);
      // The user runs recompute[user] times; through an edge the producer
      // runs its factor more.
      factor = std::max(factor, use.recompute * recompute[user]);
    }
    if (facts[index].role == FusionRole::Reduction ||
        (rows > 0.0 && facts[index].space > 0.0 && facts[index].space <= rows))
      factor = 1.0;
    recompute[position] = factor;
    if (escapes) {
      // An intermediate with users outside the group stays written.
      if (out && feedsGroup)
        out->kept.push_back(index);
      continue;
    }
    // Every user is inside: the intermediate is never written (what the
    // member wrote of it: an in-place update, its part).
    written = written - writtenOf(index) * runsOf(index, allRuns);
  }
  return recompute;
}

void Planner::describeGroup(ArrayRef<unsigned> group,
                            ArrayRef<GroupMember> members, const Count &read,
                            const Count &written, FusionGroup &out) const {
  for (auto [position, index] : llvm::enumerate(group))
    if (members[position].recompute > 1.0)
      out.recomputed.push_back(index);
  Count before;
  for (auto [index, member] : llvm::zip_equal(group, members))
    before = before + Count::fromDouble(records[index].cost.bytes().toDouble() *
                                        member.share);
  const Count &runs = records[group[0]].multiplier;
  out.bytesRead = read * runs;
  out.bytesWritten = written * runs;
  out.bytesSaved = before.toDouble() > (read + written).toDouble()
                       ? (before - (read + written)) * runs
                       : Count(0);
}

GroupPrice Planner::price(ArrayRef<unsigned> group, FusionGroup *out) const {
  assert(llvm::is_sorted(group) && "groups are in program order");
  stampGroup(group);
  Count read, written;
  addMemberTraffic(group, read, written);
  SmallVector<double, 8> recompute = settleRecompute(group, read, written, out);
  SmallVector<GroupMember, 8> members;
  for (auto [position, index] : llvm::enumerate(group))
    members.push_back({&records[index].cost, recompute[position],
                       facts[index].cloned
                           ? 1.0 / static_cast<double>(facts[index].numUses)
                           : 1.0,
                       &facts[index].alone});
  if (out)
    describeGroup(group, members, read, written, *out);
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
  if (llvm::count(roles, FusionRole::Matrix) > 1)
    return has(FusionRole::Reduction) ? FusionKind::Attention
                                      : FusionKind::Siblings;
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

void Planner::mergeGroups() {
  for (const Edge &edge : edges) {
    unsigned a = groups.getOrInsertLeaderValue(edge.producer);
    unsigned b = groups.getOrInsertLeaderValue(edge.consumer);
    if (a == b)
      continue;
    Members left = membersOf(a), right = membersOf(b);
    Members merged(left);
    merged.append(right.begin(), right.end());
    llvm::sort(merged);
    if (!isLegal(merged))
      continue;
    auto latency = [&](unsigned leader, ArrayRef<unsigned> members) {
      auto [it, inserted] = latencyOf.try_emplace(leader, 0.0);
      if (inserted)
        it->second = price(withFills(members), nullptr).after();
      return it->second;
    };
    double together = price(withFills(merged), nullptr).after();
    if (!fusionOptions.byFrameworkOp &&
        together >= latency(a, left) + latency(b, right))
      continue;
    groups.unionSets(a, b);
    latencyOf[groups.getLeaderValue(a)] = together;
  }
}

std::optional<Planner::Members>
Planner::attentionChain(unsigned b, const OperandInfo &operand) const {
  // Backward from the operand through non-matrix records, to the one
  // contraction whose result they carry (fills are made in place).
  llvm::SmallDenseSet<unsigned, 16> behind;
  SmallVector<int, 16> stack{operand.producer};
  int a = -1;
  while (!stack.empty()) {
    int p = stack.pop_back_val();
    if (p < 0 || facts[p].cloned || facts[p].role == FusionRole::Fill)
      continue;
    if (facts[p].role == FusionRole::Matrix) {
      if (a >= 0 && a != p)
        return std::nullopt; // Two contractions feed it: not attention.
      a = p;
      continue;
    }
    // What no kernel fuses (a constant, a loop) is read from outside. A
    // softmax is a few ops (and a mask or a scale): a long way back is
    // something else.
    if (!facts[p].fusible)
      continue;
    if (behind.size() > 32)
      return std::nullopt;
    if (!behind.insert(p).second)
      continue;
    for (const OperandInfo &input : operandsOf(p))
      if (!input.init && input.read)
        stack.push_back(input.producer);
  }
  // Attention's products are matmuls (Q K^T, then P V). Two convolutions
  // with a depthwise one between (MobileNetV2's inverted residual: a
  // window reduction, not a softmax) are no attention: no library fuses them.
  if (a < 0 || records[a].cost.opClass != OpClass::Matmul ||
      llvm::any_of(
          behind,
          [&](unsigned index) {
            return records[index].cost.opClass != OpClass::Elementwise &&
                   records[index].cost.opClass != OpClass::Reduction &&
                   records[index].cost.opClass != OpClass::DataMovement;
          }))
    return std::nullopt;
  // Forward from the contraction through those records: the chain. Its
  // values (the scores, the probabilities) stay on chip only if nothing
  // else reads them.
  Members chain{static_cast<unsigned>(a)};
  for (size_t next = 0; next < chain.size(); ++next)
    for (const UseInfo &use : usesOf(chain[next])) {
      if (use.user == static_cast<int>(b))
        continue;
      if (use.user < 0 || !behind.contains(use.user))
        return std::nullopt;
      if (!llvm::is_contained(chain, static_cast<unsigned>(use.user)))
        chain.push_back(use.user);
    }
  if (llvm::none_of(chain, [&](unsigned index) {
        return facts[index].role == FusionRole::Reduction;
      }))
    return std::nullopt;
  return chain;
}

void Planner::mergeSiblings() {
  // XLA's DotMerger and TensorRT's horizontal layer fusion: dot(a, b) and
  // dot(a, c) become dot(a, concat(b, c)), the weights concatenated once.
  if (!planLibraryKernels())
    return;
  // Contractions by the value they read as their first input, in program
  // order.
  llvm::MapVector<Value, SmallVector<unsigned, 4>> byInput;
  for (auto [index, f] : llvm::enumerate(facts)) {
    if (f.role != FusionRole::Matrix || f.folded || !f.fusible)
      continue;
    for (const OperandInfo &operand : operandsOf(index))
      if (!operand.init && operand.read) {
        byInput[operand.value].push_back(index);
        break;
      }
  }
  for (auto &[input, readers] : byInput) {
    if (readers.size() < 2)
      continue;
    const std::optional<MatrixShape> &first =
        records[readers.front()].cost.matrixShape;
    if (!first)
      continue;
    Members merged = membersOf(groups.getOrInsertLeaderValue(readers.front()));
    for (unsigned reader : llvm::drop_begin(readers)) {
      // The same rows and reduction: one GEMM with the columns side by side.
      // One kernel runs in one block: not across a loop's body.
      const std::optional<MatrixShape> &shape =
          records[reader].cost.matrixShape;
      if (!shape || shape->batch != first->batch || shape->m != first->m ||
          shape->k != first->k ||
          records[reader].multiplier != records[readers.front()].multiplier ||
          records[reader].op->getBlock() !=
              records[readers.front()].op->getBlock())
        continue;
      Members candidate(merged);
      addGroupOf(reader, candidate);
      llvm::sort(candidate);
      // Independent contractions only (one does not feed the other).
      if (wouldCycle(candidate))
        continue;
      merged = std::move(candidate);
      groups.unionSets(readers.front(), reader);
    }
  }
}

void Planner::fuseAttention() {
  // A library's fused attention kernel (FlashAttention; TensorRT's and
  // cuDNN's fused multi-head attention) on a device whose library tiles
  // contractions; an eager framework runs the ops it is given.
  if (!planLibraryKernels())
    return;
  for (auto [b, f] : llvm::enumerate(facts)) {
    if (f.role != FusionRole::Matrix || f.folded ||
        records[b].cost.opClass != OpClass::Matmul)
      continue;
    for (const OperandInfo &operand : operandsOf(b)) {
      if (operand.init || !operand.read || operand.producer < 0)
        continue;
      std::optional<Members> chain = attentionChain(b, operand);
      if (!chain)
        continue;
      // FlashAttention's kernels keep a head's rows on chip: head
      // dimensions up to 256.
      const std::optional<MatrixShape> &scores =
          records[chain->front()].cost.matrixShape;
      const std::optional<MatrixShape> &output = records[b].cost.matrixShape;
      if (!scores || !output || scores->k > 256.0 || output->n > 256.0)
        break;
      Members merged;
      for (unsigned index : *chain)
        addGroupOf(index, merged);
      addGroupOf(b, merged);
      llvm::sort(merged);
      // One kernel runs in one block: not across a loop's body.
      Block *block = records[b].op->getBlock();
      if (llvm::count_if(merged,
                         [&](unsigned index) {
                           return facts[index].role == FusionRole::Matrix;
                         }) != 2 ||
          llvm::any_of(merged,
                       [&](unsigned index) {
                         return records[index].op->getBlock() != block;
                       }) ||
          wouldCycle(merged))
        break;
      for (unsigned index : merged)
        groups.unionSets(merged.front(), index);
      break;
    }
  }
}

void Planner::buildKernels(FusionPlan &plan) const {
  // Every op that runs is in one kernel: its group, or its own.
  llvm::DenseMap<unsigned, unsigned> kernelOfLeader;
  for (auto [index, record] : llvm::enumerate(records)) {
    const RecordFacts &f = facts[index];
    if (!record.cost.modeled || record.cost.isFree() || f.folded || f.cloned ||
        !record.cost.launchesKernel || !f.alone.priced)
      continue;
    unsigned leader = groups.contains(index) ? groups.getLeaderValue(index)
                                             : static_cast<unsigned>(index);
    auto [it, inserted] =
        kernelOfLeader.try_emplace(leader, plan.kernels.size());
    plan.records[index].kernel = it->second;
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
        memberRoles.push_back(facts[member].role);
      kernel.kind = kindOf(memberRoles);
    }
    GroupPrice cost = price(ops, &kernel);
    kernel.latencyBefore = cost.before;
    kernel.fused = cost.fused;
    kernel.flopsAdded = cost.flopsAdded;
    kernel.launchesSaved = ops.size() - 1;
    plan.kernels.push_back(std::move(kernel));
  }
  for (auto [index, f] : llvm::enumerate(facts))
    if (f.cloned)
      plan.records[index].kernel =
          plan.records[indexOf(*records[index].op->getUsers().begin())].kernel;
  for (auto [number, kernel] : llvm::enumerate(plan.kernels))
    if (kernel.ops.size() > 1)
      plan.opportunities.push_back(number);
  llvm::stable_sort(plan.opportunities, [&](unsigned a, unsigned b) {
    return plan.kernels[a].getSaving() > plan.kernels[b].getSaving();
  });
}

/// Each function entirely fused: one kernel that runs every kernel of the
/// plan, each op's work once per run of it. Its traffic is a group's (the
/// one rule, addMemberTraffic and settleRecompute) over every member's
/// runs: a tensor from outside read once, or only the part its readers read
/// (slices of an argument), intermediates neither written nor read again,
/// and only what leaves the kernel written (a result an op makes; not an
/// argument returned as it is). Merging kernels never adds bytes, work or
/// launches, so no plan beats it: a lower bound of every execution model.
double Planner::priceFullyFused(ArrayRef<unsigned> members,
                                OpClass opClass) const {
  SmallVector<GroupMember> parts;
  Count multiplier(1);
  for (unsigned index : members) {
    const OpCostRecord &record = records[index];
    // Work inside loops runs as often as its loops say: fold the multiplier
    // into the member's compute factor. Outside loops the op priced alone
    // at the group's multiplier (1) is the one priced already.
    parts.push_back(
        {&record.cost, record.multiplier.toDouble(), 1.0,
         record.multiplier == multiplier ? &facts[index].alone : nullptr});
  }
  if (parts.empty())
    return 0.0;
  Count read, written;
  stampGroup(members);
  addMemberTraffic(members, read, written, /*allRuns=*/true);
  // (Each op's work runs once per run: the recomputation a plan's kernel may
  // choose is no part of the bound.)
  settleRecompute(members, read, written, /*out=*/nullptr, /*allRuns=*/true);
  return priceFusedGroup(parts, read, written, multiplier, opClass, hardware,
                         options)
      .after();
}

void Planner::boundFunctions(FusionPlan &plan) const {
  // Each function's records, its ops as written (each its own kernel) and
  // its planned kernels; a function's records are consecutive, so each is
  // looked up when the function changes.
  llvm::MapVector<StringRef, unsigned> boundOf;
  std::vector<std::vector<unsigned>> members;
  unsigned current = 0;
  StringRef currentFunc;
  for (auto [index, record] : llvm::enumerate(records)) {
    if (plan.bounds.empty() || record.funcName != currentFunc) {
      auto [it, inserted] =
          boundOf.try_emplace(record.funcName, plan.bounds.size());
      if (inserted) {
        plan.bounds.emplace_back().func = record.funcName.str();
        members.emplace_back();
      }
      current = it->second;
      currentFunc = record.funcName;
    }
    if (!record.cost.modeled)
      continue;
    plan.bounds[current].asIs += facts[index].alone.latency;
    // What the plan runs (folded, free and launch-free ops are in no
    // kernel; ops in loops of no trips never run).
    if (plan.records[index].kernel >= 0 && !record.multiplier.isZero())
      members[current].push_back(index);
  }
  // The fully fused kernel moves its bytes at the best rate any of the
  // plan's kernels gets (a device may give one class of kernel a better
  // efficiency), or it could be slower than the kernels it merges.
  std::vector<OpClass> bestClass(plan.bounds.size(), OpClass::Unclassified);
  for (const FusionGroup &kernel : plan.kernels) {
    unsigned bound = boundOf.lookup(kernel.func);
    plan.bounds[bound].planned += kernel.fused.latency;
    if (hardware.getMemoryEfficiency(kernel.opClass).value >
        hardware.getMemoryEfficiency(bestClass[bound]).value)
      bestClass[bound] = kernel.opClass;
  }
  for (FusionGroup &kernel : plan.kernels)
    kernel.share = getShare(kernel.getSaving(),
                            plan.bounds[boundOf.lookup(kernel.func)].asIs);
  for (auto [bound, funcMembers, opClass] :
       llvm::zip_equal(plan.bounds, members, bestClass))
    bound.fullyFused = priceFullyFused(funcMembers, opClass);
}

FusionPlan Planner::run() {
  classifyRecords();
  indexOperandsAndUses();
  foldWeights();
  cloneFills();
  findEdges();
  mergeGroups();
  mergeSiblings();
  fuseAttention();

  FusionPlan plan;
  plan.records.resize(records.size());
  buildKernels(plan);
  boundFunctions(plan);
  for (auto [planned, f] : llvm::zip_equal(plan.records, facts)) {
    planned.role = f.role;
    planned.folded = f.folded;
    planned.cloned = f.cloned;
    planned.weightBytes = f.weightBytes;
    planned.alone = std::move(f.alone);
    plan.numFolded += f.folded;
    plan.numCloned += f.cloned;
  }
  return plan;
}

StringRef mlsysim::getFrameworkOp(Operation *op) {
  if (auto name = dyn_cast<NameLoc>(op->getLoc()))
    return name.getName().getValue();
  return {};
}

FusionPlan mlsysim::planFusion(const CostAnalysis &analysis,
                               const HardwareSpec &hardware,
                               const RooflineOptions &options,
                               const FusionOptions &fusionOptions) {
  return Planner(analysis, hardware, options, fusionOptions).run();
}
