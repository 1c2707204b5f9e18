//===- FusionPlanner.cpp - Priced fusion opportunities --------------------===//
//
// Groups form greedily along producer-consumer edges in program order: two
// groups merge when the edge between them is a fusion kind the rules know,
// the merge is legal (one block, one multiplier, at most one matrix-unit op,
// no path leaving the group and coming back, linalg's iteration-space rules
// for elementwise fusion) and the merged group is predicted faster than the
// two apart. The same price decides in mlsysim-fuse (priceFusedGroup).
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Analysis/FusionPlanner.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlsysim;

StringRef mlsysim::stringifyFusionKind(FusionKind kind) {
  switch (kind) {
  case FusionKind::ElementwiseChain:
    return "elementwise-chain";
  case FusionKind::Epilogue:
    return "epilogue";
  case FusionKind::FillIntoContraction:
    return "fill-into-contraction";
  case FusionKind::LayoutIntoConsumer:
    return "layout-into-consumer";
  case FusionKind::ReductionNeighbour:
    return "reduction-neighbour";
  case FusionKind::PadIntoConvolution:
    return "pad-into-convolution";
  }
  llvm_unreachable("unknown fusion kind");
}

FusionRole mlsysim::classifyForFusion(Operation *op, const OpCost &cost) {
  if (isa<linalg::FillOp>(op))
    return FusionRole::Fill;
  if (isa<tensor::PadOp>(op))
    return FusionRole::Pad;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureTensorSemantics())
    return FusionRole::None;
  if (cost.matrixUnit)
    return FusionRole::Matrix;
  if (isa<linalg::BroadcastOp, linalg::TransposeOp, linalg::CopyOp>(op))
    return FusionRole::Layout;
  if (linalgOp.getNumReductionLoops() != 0)
    return FusionRole::Reduction;
  // An all-parallel op whose body only forwards an input moves data.
  Block *body = linalgOp.getBlock();
  if (body && body->getOperations().size() == 1 &&
      llvm::all_of(body->getTerminator()->getOperands(),
                   [](Value v) { return isa<BlockArgument>(v); }))
    return FusionRole::Layout;
  return FusionRole::Elementwise;
}

/// The loop-space size of a static linalg op, or 0.
static double loopSpace(linalg::LinalgOp op) {
  double size = 1.0;
  for (int64_t range : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(range))
      return 0.0;
    size *= static_cast<double>(range);
  }
  return size;
}

std::optional<FusionEdge> mlsysim::classifyFusionEdge(OpOperand &use,
                                                      OpResult result,
                                                      FusionRole producer,
                                                      FusionRole consumer) {
  Operation *user = use.getOwner();
  auto consumerOp = dyn_cast<linalg::LinalgOp>(user);
  if (!consumerOp)
    return std::nullopt;
  // Through a reshape, only a consumer that reads each element once keeps
  // the producer's work as it is.
  bool reshaped = use.get() != result;
  bool isInput = consumerOp.isDpsInput(&use);
  AffineMap map = consumerOp.getMatchingIndexingMap(&use);
  FusionEdge edge;
  if (reshaped && (producer == FusionRole::Fill || producer == FusionRole::Pad))
    return std::nullopt;

  if (producer == FusionRole::Fill && consumer == FusionRole::Matrix &&
      !isInput) {
    edge.kind = FusionKind::FillIntoContraction;
    return edge;
  }
  if (producer == FusionRole::Pad && consumer == FusionRole::Matrix &&
      isInput) {
    edge.kind = FusionKind::PadIntoConvolution;
    return edge;
  }
  if (!isInput || !map.isProjectedPermutation())
    return std::nullopt;
  if (producer == FusionRole::Layout &&
      (consumer == FusionRole::Elementwise ||
       consumer == FusionRole::Reduction || consumer == FusionRole::Matrix ||
       consumer == FusionRole::Layout)) {
    edge.kind = FusionKind::LayoutIntoConsumer;
    return edge;
  }
  // A contraction's or reduction's output feeds an all-parallel consumer that
  // reads it once per element of its own space (tile-wise epilogue): no
  // recomputation.
  if ((producer == FusionRole::Matrix || producer == FusionRole::Reduction) &&
      consumer == FusionRole::Elementwise) {
    edge.kind = producer == FusionRole::Matrix ? FusionKind::Epilogue
                                               : FusionKind::ReductionNeighbour;
    return edge;
  }
  // Elementwise producer: linalg's rule for elementwise fusion
  // (linalg::areElementwiseOpsFusable, for any LinalgOp): the consumer's map
  // of the operand has one result per producer loop and the producer's result
  // map is a permutation. The producer is recomputed once per consumer
  // iteration, so a consumer with a larger space multiplies its work.
  if (producer != FusionRole::Elementwise ||
      (consumer != FusionRole::Elementwise &&
       consumer != FusionRole::Reduction))
    return std::nullopt;
  auto producerOp = cast<linalg::LinalgOp>(result.getOwner());
  if (reshaped) {
    if (!map.isPermutation() || loopSpace(producerOp) <= 0.0 ||
        loopSpace(producerOp) != loopSpace(consumerOp))
      return std::nullopt;
    edge.kind = consumer == FusionRole::Reduction
                    ? FusionKind::ReductionNeighbour
                    : FusionKind::ElementwiseChain;
    return edge;
  }
  if (map.getNumResults() != producerOp.getNumLoops())
    return std::nullopt;
  AffineMap resultMap = producerOp.getIndexingMapMatchingResult(result);
  if (!resultMap.isPermutation())
    return std::nullopt;
  double produced = loopSpace(producerOp), consumed = loopSpace(consumerOp);
  if (produced <= 0.0 || consumed <= 0.0)
    return std::nullopt;
  edge.kind = consumer == FusionRole::Reduction ? FusionKind::ReductionNeighbour
                                                : FusionKind::ElementwiseChain;
  edge.recompute = std::max(1.0, consumed / produced);
  return edge;
}

GroupPrice mlsysim::priceFusedGroup(llvm::ArrayRef<GroupMember> members,
                                    Count externalRead, Count externalWritten,
                                    Count multiplier,
                                    const HardwareSpec &hardware,
                                    const RooflineOptions &options) {
  GroupPrice price;
  RooflineEstimate fused;
  for (const GroupMember &member : members) {
    RooflineEstimate alone =
        estimateRoofline(*member.cost, multiplier, hardware, options);
    price.before += alone.latency;
    fused.tCompute += alone.tCompute * member.recompute;
    if (member.recompute > 1.0)
      price.flopsAdded += Count::fromDouble(
          (member.cost->arithmetic() + member.cost->transcendentals)
              .toDouble() *
          multiplier.toDouble() * (member.recompute - 1.0));
  }
  // The group's traffic, priced as an op that only moves the group's
  // external bytes, and its one launch per run.
  OpCost traffic = OpCost::free();
  traffic.bytesRead = externalRead;
  traffic.bytesWritten = externalWritten;
  fused.tMemory =
      estimateRoofline(traffic, multiplier, hardware, options).tMemory;
  fused.tOverhead = getLaunchTime(hardware, multiplier.toDouble(), options);
  settleRoofline(fused);
  price.after = fused.latency;
  return price;
}

namespace {
/// The planner's working state for one analysis.
class Planner {
public:
  Planner(const CostAnalysis &analysis, const HardwareSpec &hardware,
          const RooflineOptions &options)
      : analysis(analysis), context(analysis.getContext()), hardware(hardware),
        options(options) {}

  FusionPlan run();

private:
  struct Edge {
    unsigned producer, consumer;
    OpOperand *use;
    FusionEdge kind;
    /// Free reshapes between the producer and the consumer.
    SmallVector<unsigned> views;
  };

  bool isFusible(unsigned index) const;
  /// Price of the records of a group, with the edges inside it.
  GroupPrice price(llvm::ArrayRef<unsigned> group, FusionGroup *out) const;
  bool wouldCycle(llvm::ArrayRef<unsigned> group) const;
  std::vector<unsigned> membersOf(unsigned leader) const;

  const CostAnalysis &analysis;
  CostContext context;
  const HardwareSpec &hardware;
  const RooflineOptions &options;
  std::vector<FusionRole> roles;
  /// isFusible of each record, decided once.
  std::vector<bool> fusible;
  /// The fused latency of each group, by its leader, once priced.
  llvm::DenseMap<unsigned, double> latencyOf;
  std::vector<Edge> edges;
  /// Each edge's recomputation factor, by the consumer's operand.
  llvm::DenseMap<mlir::OpOperand *, double> recomputeOf;
  llvm::EquivalenceClasses<unsigned> groups;
};
} // namespace

bool Planner::isFusible(unsigned index) const {
  const OpCostRecord &record = analysis.getRecords()[index];
  return record.cost.modeled && record.cost.launchesKernel &&
         !record.cost.isFree() && !record.unknownTripCountLoop &&
         roles[index] != FusionRole::None &&
         estimateRoofline(record.cost, record.multiplier, hardware, options)
             .priced;
}

std::vector<unsigned> Planner::membersOf(unsigned leader) const {
  std::vector<unsigned> members(groups.members(leader).begin(),
                                groups.members(leader).end());
  llvm::sort(members);
  return members;
}

GroupPrice Planner::price(ArrayRef<unsigned> group, FusionGroup *out) const {
  ArrayRef<OpCostRecord> records = analysis.getRecords();
  llvm::SmallDenseSet<unsigned, 8> inGroup(group.begin(), group.end());
  Count read, written;
  for (unsigned index : group) {
    read = read + records[index].cost.bytesRead;
    written = written + records[index].cost.bytesWritten;
  }
  // Recomputation factors, consumers first (program order reversed).
  llvm::DenseMap<unsigned, double> recompute;
  for (unsigned index : llvm::reverse(group)) {
    double factor = 1.0;
    Operation *op = records[index].op;
    bool escapes = false, feedsGroup = false;
    for (OpResult result : op->getResults()) {
      for (OpOperand &use : result.getUses()) {
        const OpCostRecord *user = analysis.lookup(use.getOwner());
        unsigned userIndex = user ? user - records.data() : ~0u;
        if (!user || !inGroup.contains(userIndex)) {
          escapes = true;
          continue;
        }
        feedsGroup = true;
        // The consumer no longer reads the intermediate from memory (a
        // reshape in the group never read it).
        if (!user->cost.isFree())
          if (std::optional<Count> bytes = context.bytesOf(use.get()))
            read = read - *bytes; // Saturates at zero.
        // The user runs recompute[user] times; through an edge the producer
        // runs its factor more (a reshape in between passes it on as is).
        auto edge = recomputeOf.find(&use);
        double times = edge != recomputeOf.end() ? edge->second : 1.0;
        factor = std::max(factor, times * recompute.lookup(userIndex));
      }
    }
    recompute[index] = factor;
    if (escapes) {
      // An intermediate with users outside the group stays written.
      if (out && feedsGroup)
        out->kept.push_back(index);
      continue;
    }
    // Every user is inside: the intermediate is never written. The last op
    // of a group always has an outside user (or none, a dead result).
    if (index == group.back() || records[index].cost.isFree())
      continue;
    for (OpResult result : op->getResults())
      if (std::optional<Count> bytes = context.bytesOf(result))
        written = written - *bytes;
  }
  SmallVector<GroupMember> members;
  for (unsigned index : group)
    members.push_back({&records[index].cost, recompute.lookup(index)});
  if (out) {
    for (unsigned index : group)
      if (recompute.lookup(index) > 1.0)
        out->recomputed.push_back(index);
    out->bytesSaved = Count(0);
    Count before;
    for (unsigned index : group)
      before = before + records[index].cost.bytes();
    if (before.toDouble() > (read + written).toDouble())
      out->bytesSaved =
          (before - (read + written)) * records[group[0]].multiplier;
  }
  return priceFusedGroup(members, read, written, records[group[0]].multiplier,
                         hardware, options);
}

bool Planner::wouldCycle(ArrayRef<unsigned> group) const {
  ArrayRef<OpCostRecord> records = analysis.getRecords();
  llvm::SmallPtrSet<Operation *, 8> inGroup;
  for (unsigned index : group)
    inGroup.insert(records[index].op);
  Operation *last = records[group.back()].op;
  // A path that leaves the group and returns: from an outside user of a
  // member, forward through the block, to a member.
  SmallVector<Operation *> worklist;
  llvm::SmallPtrSet<Operation *, 16> seen;
  for (Operation *member : inGroup)
    for (Operation *user : member->getUsers()) {
      Operation *ancestor = member->getBlock()->findAncestorOpInBlock(*user);
      if (ancestor && !inGroup.contains(ancestor) &&
          seen.insert(ancestor).second)
        worklist.push_back(ancestor);
    }
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (last->isBeforeInBlock(op))
      continue; // Past the group: cannot come back.
    for (Operation *user : op->getUsers()) {
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
    return FusionKind::ReductionNeighbour;
  if (has(FusionRole::Pad) && has(FusionRole::Matrix))
    return FusionKind::PadIntoConvolution;
  if (has(FusionRole::Matrix) && has(FusionRole::Elementwise))
    return FusionKind::Epilogue;
  if (has(FusionRole::Fill) && has(FusionRole::Matrix))
    return FusionKind::FillIntoContraction;
  if (has(FusionRole::Layout))
    return FusionKind::LayoutIntoConsumer;
  return FusionKind::ElementwiseChain;
}

FusionPlan Planner::run() {
  ArrayRef<OpCostRecord> records = analysis.getRecords();
  for (const OpCostRecord &record : records)
    roles.push_back(classifyForFusion(record.op, record.cost));
  for (unsigned index = 0; index < records.size(); ++index)
    fusible.push_back(isFusible(index));

  for (auto [index, record] : llvm::enumerate(records)) {
    if (!fusible[index])
      continue;
    for (OpOperand &use : record.op->getOpOperands()) {
      // Frontends put reshapes between ops (free views: no traffic, no
      // kernel); the edge runs through them, and they join the group.
      Value source = use.get();
      SmallVector<unsigned> views;
      while (Operation *def = source.getDefiningOp()) {
        if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
                 tensor::CastOp>(def))
          break;
        const OpCostRecord *view = analysis.lookup(def);
        if (!view || !view->cost.isFree() || !source.hasOneUse())
          break;
        views.push_back(view - records.data());
        source = def->getOperand(0);
      }
      Operation *def = source.getDefiningOp();
      const OpCostRecord *producer = def ? analysis.lookup(def) : nullptr;
      if (!producer || (!views.empty() && !source.hasOneUse()))
        continue;
      unsigned producerIndex = producer - records.data();
      if (!fusible[producerIndex] || def->getBlock() != record.op->getBlock() ||
          producer->multiplier != record.multiplier)
        continue;
      if (std::optional<FusionEdge> edge =
              classifyFusionEdge(use, cast<OpResult>(source),
                                 roles[producerIndex], roles[index])) {
        edges.push_back(
            {producerIndex, static_cast<unsigned>(index), &use, *edge, views});
        recomputeOf[&use] = edge->recompute;
      }
    }
  }

  for (const Edge &edge : edges) {
    unsigned a = groups.getOrInsertLeaderValue(edge.producer);
    unsigned b = groups.getOrInsertLeaderValue(edge.consumer);
    if (a == b)
      continue;
    std::vector<unsigned> left = membersOf(a), right = membersOf(b);
    std::vector<unsigned> merged(left);
    merged.insert(merged.end(), right.begin(), right.end());
    for (unsigned view : edge.views)
      if (!llvm::is_contained(merged, view))
        merged.push_back(view);
    llvm::sort(merged);
    unsigned matrix = llvm::count_if(merged, [&](unsigned index) {
      return roles[index] == FusionRole::Matrix;
    });
    if (matrix > 1 || wouldCycle(merged))
      continue;
    auto latency = [&](unsigned leader, ArrayRef<unsigned> members) {
      auto [it, inserted] = latencyOf.try_emplace(leader, 0.0);
      if (inserted)
        it->second = price(members, nullptr).after;
      return it->second;
    };
    double together = price(merged, nullptr).after;
    if (together >= latency(a, left) + latency(b, right))
      continue;
    groups.unionSets(a, b);
    for (unsigned view : edge.views)
      groups.unionSets(a, groups.getOrInsertLeaderValue(view));
    latencyOf[groups.getLeaderValue(a)] = together;
  }

  FusionPlan plan;
  plan.groupOf.assign(records.size(), -1);
  llvm::MapVector<StringRef, FusionBound> bounds;
  for (const OpCostRecord &record : records) {
    FusionBound &bound = bounds[record.funcName];
    bound.func = record.funcName.str();
    if (record.cost.modeled)
      bound.asIs +=
          estimateRoofline(record.cost, record.multiplier, hardware, options)
              .latency;
  }
  for (const auto *value : groups) {
    if (!value->isLeader())
      continue;
    std::vector<unsigned> members = membersOf(value->getData());
    if (members.size() < 2)
      continue;
    FusionGroup group;
    group.ops = members;
    group.func = records[members.front()].funcName.str();
    SmallVector<FusionRole> memberRoles;
    for (unsigned index : members)
      memberRoles.push_back(roles[index]);
    group.kind = kindOf(memberRoles);
    GroupPrice cost = price(members, &group);
    group.latencyBefore = cost.before;
    group.latencyAfter = cost.after;
    group.flopsAdded = cost.flopsAdded;
    group.launchesSaved = llvm::count_if(members,
                                         [&](unsigned index) {
                                           return !records[index].cost.isFree();
                                         }) -
                          1;
    plan.groups.push_back(std::move(group));
  }
  llvm::stable_sort(plan.groups,
                    [](const FusionGroup &a, const FusionGroup &b) {
                      return a.getSaving() > b.getSaving();
                    });
  for (auto [number, group] : llvm::enumerate(plan.groups)) {
    FusionBound &bound = bounds[records[group.ops.front()].funcName];
    group.share = bound.asIs > 0.0 ? group.getSaving() / bound.asIs : 0.0;
    bound.planned += group.getSaving();
    for (unsigned index : group.ops)
      plan.groupOf[index] = number;
  }

  // Each function as one kernel: its tensor arguments read once, its results
  // written once, all its work.
  for (auto &[name, bound] : bounds) {
    bound.planned = bound.asIs - bound.planned;
    SmallVector<GroupMember> members;
    Count multiplier(1);
    FunctionOpInterface func;
    for (const OpCostRecord &record : records) {
      if (record.funcName != name || !record.cost.modeled)
        continue;
      func = record.op->getParentOfType<FunctionOpInterface>();
      // Work inside loops runs as often as its loops say: fold the
      // multiplier into the member's compute factor.
      members.push_back({&record.cost, record.multiplier.toDouble()});
    }
    Count read, written;
    if (func && !func.isExternal()) {
      for (BlockArgument arg : func.getArguments())
        if (std::optional<Count> bytes = context.bytesOf(arg))
          read = read + *bytes;
      func.walk([&](Operation *op) {
        if (op->hasTrait<OpTrait::ReturnLike>() &&
            op->getParentOp() == func.getOperation())
          for (Value value : op->getOperands())
            if (std::optional<Count> bytes = context.bytesOf(value))
              written = written + *bytes;
      });
    }
    bound.fullyFused = members.empty()
                           ? 0.0
                           : priceFusedGroup(members, read, written, multiplier,
                                             hardware, options)
                                 .after;
    plan.bounds.push_back(bound);
  }
  return plan;
}

FusionPlan mlsysim::planFusion(const CostAnalysis &analysis,
                               const HardwareSpec &hardware,
                               const RooflineOptions &options) {
  return Planner(analysis, hardware, options).run();
}
