//===- Fuse.cpp - Perform the fusions the cost model approves -------------===//
//
// The plan (FusionPlanner) decides; upstream linalg performs. A group is
// performed only when every edge inside it is one elementwise fusion can
// remove, so that the IR that comes out is what the plan priced.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Transforms/Passes.h"

#include "PassSupport.h"
#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/Units.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <functional>

using namespace mlsysim;
using namespace mlir;

namespace mlsysim {
#define GEN_PASS_DEF_FUSEPASS
#include "mlsysim/Transforms/Passes.h.inc"
} // namespace mlsysim

static constexpr llvm::StringLiteral kGroupAttr =
    MLSysimDialect::FusionGroupAttrHelper::getNameStr();

/// Marks the producers a tiled group pulls into its tiles as they are.
static constexpr llvm::StringLiteral kProducerAttr = "mlsysim-fuse.producer";
/// Marks, for the span of one tiling, the views and slices read before it.
static constexpr llvm::StringLiteral kReadAttr = "mlsysim-fuse.read";

/// How a group is fused.
enum class Method {
  /// linalg::fuseElementwiseOps, producer into consumer.
  Elementwise,
  /// The same, once the reshapes between members are propagated out of the
  /// way (upstream's fold-reshape-by-expansion patterns).
  ElementwiseAcrossReshapes,
  /// scf::tileConsumerAndFuseProducersUsingSCF from the group's last op: a
  /// contraction or convolution with its fill, the pads it reads and its
  /// elementwise epilogue; or reductions with their elementwise producers
  /// and consumers, tiled over the rows (the reduced loops stay whole in
  /// each tile, as the row kernels compilers emit for norms and softmax).
  TileAndFuse,
  /// The same, once the reshapes between members are propagated out of the
  /// way.
  TileAndFuseAcrossReshapes,
};

/// Whether `method` tiles the group into one loop nest.
static bool isTiled(Method method) {
  return method == Method::TileAndFuse ||
         method == Method::TileAndFuseAcrossReshapes;
}

/// The rewrites a greedy pattern application on `numOps` ops may make.
/// Upstream's reshape propagation patterns can undo each other (an embedding
/// gather, a collapsed row reduction and an elementwise op reading both made
/// them run until memory ran out): each application is bounded, far above
/// what a group of the zoo's models takes, and fails when it does not settle.
static GreedyRewriteConfig boundedRewrites(size_t numOps) {
  GreedyRewriteConfig config;
  config.setMaxIterations(8);
  config.setMaxNumRewrites(static_cast<int64_t>(64 * numOps + 256));
  return config;
}

/// Rewrites an elementwise op on tensors as the linalg.generic upstream's
/// elementwise-to-linalg conversion makes of it; returns that generic. `op`
/// is gone afterwards.
static FailureOr<Operation *> elementwiseToGeneric(Operation *op) {
  /// Catches the op the conversion replaces `op` with.
  struct Catch : RewriterBase::Listener {
    Operation *original, *replacement = nullptr;
    explicit Catch(Operation *original) : original(original) {}
    void notifyOperationReplaced(Operation *op, ValueRange values) override {
      if (op == original && !values.empty())
        replacement = values.front().getDefiningOp();
    }
  } listener(op);
  RewritePatternSet patterns(op->getContext());
  linalg::populateElementwiseToLinalgConversionPatterns(patterns);
  GreedyRewriteConfig config = boundedRewrites(1);
  config.setListener(&listener);
  // This op only: its neighbours are converted when their turn comes.
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  if (failed(applyOpPatternsGreedily({op}, std::move(patterns), config)) ||
      !isa_and_nonnull<linalg::GenericOp>(listener.replacement))
    return failure();
  auto generic = cast<linalg::GenericOp>(listener.replacement);
  return generic.getOperation();
}

/// Whether `op` is a view that reshapes (or casts) a tensor: no data moves.
static bool isReshapeView(Operation *op) {
  return isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
                         tensor::CastOp>(op);
}

/// The op `value` comes from through reshape views, or null (an argument).
static Operation *definingOpThroughViews(Value value) {
  Operation *def = value.getDefiningOp();
  while (isReshapeView(def))
    def = def->getOperand(0).getDefiningOp();
  return def;
}

/// Whether `op` reads or writes a tensor with a dimension of size 0: the
/// loops over it run zero times. The op is priced (it moves nothing), but
/// upstream's tiling crashes on such a loop (in linalg::computeTileSizes).
static bool hasEmptyLoop(Operation *op) {
  auto empty = [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && shaped.hasRank() &&
           llvm::is_contained(shaped.getShape(), 0);
  };
  return llvm::any_of(op->getOperandTypes(), empty) ||
         llvm::any_of(op->getResultTypes(), empty);
}

namespace {
/// What the members of a group are, as far as choosing a method goes.
struct GroupShape {
  bool matrix = false, rowReduction = false, slice = false, pad = false;
  /// A reshape view an edge of the group goes through (elementwise groups
  /// propagate it out of the way with upstream's reshape-by-expansion
  /// patterns before they fuse), or null.
  Operation *throughReshape = nullptr;
};
} // namespace

/// The shape of `group`, or std::nullopt with `why` when a member is one
/// upstream cannot fuse into its consumer.
static std::optional<GroupShape>
classifyMembers(const PricedProgram &report, const FusionGroup &group,
                const llvm::SmallDenseSet<Operation *, 8> &members,
                std::string &why) {
  GroupShape shape;
  for (unsigned id : group.ops) {
    Operation *op = report.ops[id].op;
    bool producesInside = llvm::any_of(op->getUsers(), [&](Operation *user) {
      return members.contains(user);
    });
    // An edge through a reshape: the producer's result reaches a member only
    // through a view.
    for (Value operand : op->getOperands()) {
      Operation *view = operand.getDefiningOp();
      if (!isReshapeView(view))
        continue;
      if (Operation *source = definingOpThroughViews(operand);
          source && members.contains(source))
        shape.throughReshape = view;
    }
    shape.pad |= isa<tensor::PadOp>(op);
    // arith and math ops on tensors become linalg.generic ops first.
    if (isElementwiseOnTensors(op))
      continue;
    // A pad is tiled with the tiles that read it (its TilingInterface
    // model pads each input tile).
    if (isa<tensor::PadOp>(op) &&
        report.plan.records[id].role == FusionRole::Pad)
      continue;
    // A slice read in place: the tiles read the slice's part of its source
    // (consecutive slices merged once tiled).
    if (isa<tensor::ExtractSliceOp>(op)) {
      shape.slice = true;
      continue;
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp) {
      why = "fusing " + report.ops[id].name.str() +
            " into its consumer needs its tiles padded, which mlsysim-fuse "
            "does not do";
      return std::nullopt;
    }
    if (report.plan.records[id].role == FusionRole::Matrix) {
      shape.matrix = true;
      continue;
    }
    if (report.plan.records[id].role == FusionRole::Fill)
      continue; // Made in place by its consumer; it stays for the others.
    if (producesInside && linalgOp.getNumReductionLoops() != 0)
      shape.rowReduction = true;
  }
  return shape;
}

/// Whether every member feeds `last` (tile-and-fuse pulls producers into
/// the last op's loops); else `why`.
static bool allFeedLast(const llvm::SmallDenseSet<Operation *, 8> &members,
                        Operation *last, std::string &why) {
  llvm::SmallPtrSet<Operation *, 8> reached{last};
  SmallVector<Operation *> worklist{last};
  while (!worklist.empty())
    for (Value operand : worklist.pop_back_val()->getOperands())
      if (Operation *def = definingOpThroughViews(operand))
        if (members.contains(def) && reached.insert(def).second)
          worklist.push_back(def);
  if (reached.size() == members.size())
    return true;
  // A tensor.reshape (its shape a runtime tensor) is no view upstream's
  // reshape propagation moves.
  for (Operation *member : members)
    for (Value operand : member->getOperands())
      if (auto reshape = operand.getDefiningOp<tensor::ReshapeOp>();
          reshape &&
          members.contains(definingOpThroughViews(reshape.getSource()))) {
        why = "fusing across tensor.reshape (a shape given as a tensor) "
              "needs its tiles reshaped, which mlsysim-fuse does not do";
        return false;
      }
  why = "not every op of the group feeds its last op";
  return false;
}

/// Whether a member is used outside the group before `last`; `why` names
/// it. An intermediate used outside the group is yielded by the loops, which
/// come where the last op was: its outside users must come after it (and
/// read it directly). A fill is cheaper recomputed in the tile (the
/// original stays for the others). (A reshape between members is inside:
/// it is propagated away.)
static bool
usedOutsideBeforeLast(const llvm::SmallDenseSet<Operation *, 8> &members,
                      Operation *last, std::string &why) {
  std::function<bool(Operation *)> usedBeforeLoops = [&](Operation *op) {
    return llvm::any_of(op->getUsers(), [&](Operation *user) {
      if (members.contains(user))
        return false;
      if (isReshapeView(user))
        return llvm::any_of(user->getUsers(),
                            [&](Operation *reader) {
                              return !members.contains(reader) &&
                                     !isReshapeView(reader);
                            }) ||
               usedBeforeLoops(user);
      Operation *ancestor = last->getBlock()->findAncestorOpInBlock(*user);
      return !ancestor || !last->isBeforeInBlock(ancestor);
    });
  };
  for (Operation *member : members)
    if (member != last && !isa<linalg::FillOp>(member) &&
        usedBeforeLoops(member)) {
      why = "'" + member->getName().getStringRef().str() +
            "' has users outside the group before its last op; tile-and-fuse "
            "would yield it after them";
      return true;
    }
  return false;
}

/// How upstream can fuse a group on tensors, or std::nullopt with `why`.
static std::optional<Method> chooseMethod(const PricedProgram &report,
                                          const FusionGroup &group,
                                          std::string &why) {
  llvm::SmallDenseSet<Operation *, 8> members;
  for (unsigned id : group.ops)
    members.insert(report.ops[id].op);
  std::optional<GroupShape> shape =
      classifyMembers(report, group, members, why);
  if (!shape)
    return std::nullopt;
  // A pad is fused by tiling the op that reads it (a convolution, a pool).
  if (shape->slice && !shape->matrix && !shape->rowReduction && !shape->pad) {
    why = "fusing tensor.extract_slice into an elementwise consumer needs "
          "the consumer tiled, which mlsysim-fuse does only with a matrix op "
          "or a reduction in the group";
    return std::nullopt;
  }
  if (!shape->matrix && !shape->rowReduction && !shape->pad)
    return shape->throughReshape ? Method::ElementwiseAcrossReshapes
                                 : Method::Elementwise;
  if (shape->throughReshape && shape->pad) {
    why = "fusing a pad across " +
          shape->throughReshape->getName().getStringRef().str() +
          " needs its tiles reshaped, which mlsysim-fuse does not do";
    return std::nullopt;
  }
  for (unsigned id : group.ops)
    if (hasEmptyLoop(report.ops[id].op)) {
      why = "'" + report.ops[id].name.str() +
            "' has a loop of zero iterations (a dimension of size 0), which "
            "upstream's tiling cannot tile";
      return std::nullopt;
    }
  Operation *last = report.ops[group.ops.back()].op;
  if (!allFeedLast(members, last, why) ||
      usedOutsideBeforeLast(members, last, why))
    return std::nullopt;
  return shape->throughReshape ? Method::TileAndFuseAcrossReshapes
                               : Method::TileAndFuse;
}

/// The largest power of two up to 128 that divides `range` (tiles stay
/// static), or 0 (untiled) for a dynamic range.
static int64_t chooseTile(int64_t range) {
  if (ShapedType::isDynamic(range))
    return 0;
  int64_t tile = 128;
  while (tile > 1 && range % tile != 0)
    tile /= 2;
  return tile;
}

/// Tiles of the loops of `op`: the largest power of two up to 128 that
/// divides each parallel loop (so tiles stay static), reductions untiled.
static SmallVector<OpFoldResult> chooseTileSizes(linalg::LinalgOp op,
                                                 Builder &builder) {
  SmallVector<OpFoldResult> sizes;
  for (auto [range, type] :
       llvm::zip_equal(op.getStaticLoopRanges(), op.getIteratorTypesArray()))
    sizes.push_back(builder.getIndexAttr(
        type == utils::IteratorType::parallel ? chooseTile(range) : 0));
  return sizes;
}

/// Tiles of the loops of the last op of a group with reductions: the rows
/// only, the parallel loops every input from the group is indexed by (a
/// loop the reduced results are broadcast along stays whole, so each tile
/// computes its rows' reductions once).
static SmallVector<OpFoldResult>
chooseRowTileSizes(linalg::LinalgOp op,
                   llvm::function_ref<bool(Operation *)> inGroup,
                   Builder &builder) {
  // Whether tiling `loop` of `consumer` slices every member behind it along
  // a loop that member is indexed by, all the way back: a member reading a
  // reduced result broadcast along the loop (a softmax's sum read by its
  // division through an elementwise copy) would have the reduction
  // recomputed in every tile.
  std::function<bool(linalg::LinalgOp, unsigned, unsigned)> follows =
      [&](linalg::LinalgOp consumer, unsigned loop, unsigned depth) {
        SmallVector<AffineMap> maps = consumer.getIndexingMapsArray();
        for (OpOperand *input : consumer.getDpsInputOperands()) {
          Operation *def = definingOpThroughViews(input->get());
          if (!inGroup(def))
            continue;
          AffineMap map = maps[input->getOperandNumber()];
          if (!map.isFunctionOfDim(loop))
            return false;
          auto producer = dyn_cast<linalg::LinalgOp>(def);
          auto result = dyn_cast<OpResult>(input->get());
          // Through a view the positions change: the direct check only.
          if (!producer || !result || result.getOwner() != def || depth > 64)
            continue;
          std::optional<unsigned> position =
              map.getResultPosition(getAffineDimExpr(loop, map.getContext()));
          if (!position)
            return false;
          auto producerLoop = dyn_cast<AffineDimExpr>(
              producer.getIndexingMapMatchingResult(result).getResult(
                  *position));
          if (!producerLoop ||
              !follows(producer, producerLoop.getPosition(), depth + 1))
            return false;
        }
        return true;
      };
  SmallVector<OpFoldResult> sizes;
  for (auto [loop, range, type] :
       llvm::enumerate(op.getStaticLoopRanges(), op.getIteratorTypesArray())) {
    bool row = type == utils::IteratorType::parallel && follows(op, loop, 0);
    sizes.push_back(builder.getIndexAttr(row ? chooseTile(range) : 0));
  }
  return sizes;
}

/// The expand_shape or collapse_shape `reshape` is, or null: a
/// tensor.reshape whose shapes regroup dimensions (768 -> 12 x 64), with at
/// most one dynamic dimension on each side, in corresponding groups (or the
/// same shape: then no reshape at all). Its
/// precondition (as many elements in as out) then fixes the dynamic size,
/// so the view is the same reshape; upstream's propagation moves views, not
/// tensor.reshape.
static Operation *rewriteAsView(IRRewriter &rewriter,
                                tensor::ReshapeOp reshape) {
  auto source = dyn_cast<RankedTensorType>(reshape.getSource().getType());
  auto result = dyn_cast<RankedTensorType>(reshape.getResult().getType());
  if (!source || !result ||
      source.getNumDynamicDims() != result.getNumDynamicDims() ||
      source.getNumDynamicDims() > 1)
    return nullptr;
  // The same shape (its one dynamic size then equal too): no reshape.
  if (source == result) {
    Value same = reshape.getSource();
    rewriter.replaceOp(reshape, same);
    return same.getDefiningOp();
  }
  if (source.getRank() == result.getRank())
    return nullptr;
  bool expand = result.getRank() > source.getRank();
  RankedTensorType wide = expand ? result : source;
  RankedTensorType narrow = expand ? source : result;
  std::optional<SmallVector<ReassociationIndices>> groups =
      getReassociationIndicesForReshape(source, result);
  if (!groups || groups->size() != static_cast<size_t>(narrow.getRank()))
    return nullptr;
  for (auto [dim, group] : llvm::enumerate(*groups)) {
    int64_t product = 1;
    unsigned dynamic = 0;
    for (int64_t wideDim : group) {
      if (wide.isDynamicDim(wideDim))
        ++dynamic;
      else
        product *= wide.getDimSize(wideDim);
    }
    if (narrow.isDynamicDim(dim)
            ? dynamic != 1
            : dynamic != 0 || product != narrow.getDimSize(dim))
      return nullptr;
  }
  rewriter.setInsertionPoint(reshape);
  Operation *view =
      expand
          ? tensor::ExpandShapeOp::create(rewriter, reshape.getLoc(), result,
                                          reshape.getSource(), *groups)
                .getOperation()
          : tensor::CollapseShapeOp::create(rewriter, reshape.getLoc(), result,
                                            reshape.getSource(), *groups)
                .getOperation();
  rewriter.replaceOp(reshape, view->getResults());
  return view;
}

namespace {
/// The names of the marks (discardable attributes), made once: an op's
/// getAttr(StringRef) makes the name and looks among its properties first,
/// which, at every op of the block for every group, was most of the time
/// fusing a large program took.
struct MarkNames {
  StringAttr group, producer, read;
  explicit MarkNames(MLIRContext *ctx)
      : group(StringAttr::get(ctx, kGroupAttr)),
        producer(StringAttr::get(ctx, kProducerAttr)),
        read(StringAttr::get(ctx, kReadAttr)) {}
};

/// Keeps a group's mark on the generics patterns replace its members with.
struct KeepMark : RewriterBase::Listener {
  StringAttr name;
  Attribute mark;
  KeepMark(StringAttr name, Attribute mark) : name(name), mark(mark) {}
  void notifyOperationReplaced(Operation *op, ValueRange values) override {
    if (op->getDiscardableAttr(name) != mark)
      return;
    for (Value value : values)
      if (auto generic = dyn_cast_or_null<linalg::GenericOp>(
              definingOpThroughViews(value)))
        generic->setDiscardableAttr(name, mark);
  }
};

struct FusePass : public mlsysim::impl::FusePassBase<FusePass> {
  using FusePassBase::FusePassBase;
  friend struct passutil::PassPricing;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    passutil::OptionCheck check = passutil::PassPricing::checkOptions(*this);
    return passutil::PassPricing::initialize(*this, check, options,
                                             errorHandler);
  }

  /// Set when the pass runs (names need the context).
  std::optional<MarkNames> marks;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    marks.emplace(&getContext());
    PricingRequest options = passutil::PassPricing::read(*this);
    options.fusion = true;
    // A fused attention kernel or a merged projection is a new kernel, not
    // tiles of the ops: plan only what tiling and fusion perform.
    options.libraryKernels = false;
    rewriteReshapesAsViews(module);
    FailureOr<std::vector<PricedProgram>> reports =
        passutil::PassPricing::priceOneDevice(*this, options,
                                              "mlsysim-fuse plans for");
    if (failed(reports))
      return signalPassFailure();
    const PricedProgram &report = reports->front();
    IRRewriter rewriter(&getContext());
    for (unsigned index = 0; index < report.plan.opportunities.size(); ++index)
      if (failed(performGroup(rewriter, report, index)))
        return signalPassFailure();
    module.walk([&](Operation *op) {
      op->removeDiscardableAttr(marks->group);
      op->removeDiscardableAttr(marks->producer);
      op->removeDiscardableAttr(marks->read);
    });
  }

  /// tensor.reshape between structured ops (frontends split attention heads
  /// with one) as the view it is, where it is one: the plan prices both as
  /// free views; only views can be propagated out of a group.
  void rewriteReshapesAsViews(ModuleOp module) {
    IRRewriter rewriter(&getContext());
    SmallVector<tensor::ReshapeOp> reshapes;
    module.walk([&](tensor::ReshapeOp reshape) {
      Operation *def = definingOpThroughViews(reshape.getSource());
      if (isa_and_nonnull<linalg::LinalgOp, tensor::ExtractSliceOp>(def) &&
          llvm::any_of(reshape->getUsers(), [](Operation *user) {
            return isa<linalg::LinalgOp>(user);
          }))
        reshapes.push_back(reshape);
    });
    for (tensor::ReshapeOp reshape : reshapes)
      rewriteAsView(rewriter, reshape);
  }

  /// Performs opportunity `index` of the plan, or says (in a remark) why
  /// not; fails on an upstream failure.
  LogicalResult performGroup(IRRewriter &rewriter, const PricedProgram &report,
                             unsigned index) {
    const FusionGroup &group = report.plan.getOpportunity(index);
    Operation *last = report.ops[group.ops.back()].op;
    // The op may be gone after fusion. Diagnostics say where and why with
    // text from the IR (file names, op names, upstream's messages): none
    // of it may drive the terminal they are read on.
    Location lastLoc = escapeTerminal(last->getLoc());
    auto notPerformed = [&](llvm::StringRef why) {
      ++numGroupsLeft;
      emitRemark(lastLoc) << "fusion group G" << index << " ("
                          << stringifyFusionKind(*group.kind)
                          << ") not performed: " << why;
      return success();
    };
    std::string why;
    std::optional<Method> method = chooseMethod(report, group, why);
    if (!method)
      return notPerformed(escapeTerminal(why));
    auto mark = IntegerAttr::get(IntegerType::get(&getContext(), 64), index);
    // The planner keeps a group in one block; fusion stays there.
    Block *block = last->getBlock();
    bool matrix = llvm::any_of(group.ops, [&](unsigned id) {
      return report.plan.records[id].role == FusionRole::Matrix;
    });
    if (failed(markMembers(rewriter, report, group, *method, matrix, mark)))
      return failure();
    if ((*method == Method::ElementwiseAcrossReshapes ||
         *method == Method::TileAndFuseAcrossReshapes) &&
        failed(propagateReshapes(*block, mark)))
      return notPerformed("upstream's reshape propagation did not settle (its "
                          "patterns undo each other here)");
    if (!isTiled(*method)) {
      unsigned fused = fuseGroup(rewriter, *block, mark);
      numOpsFused += fused;
      ++numGroupsFused;
      emitRemark(lastLoc) << "fused group G" << index << " ("
                          << stringifyFusionKind(*group.kind) << ", "
                          << group.ops.size() << " ops, " << fused
                          << " fusions): predicted "
                          << formatSeconds(group.latencyBefore) << " -> "
                          << formatSeconds(group.fused.latency);
      return success();
    }
    // Row kernels: the unit dimensions frontends keep on reduced results
    // (keepdim: written through a constant index, which tiling cannot
    // slice) are dropped first.
    if (!matrix)
      dropUnitDims(rewriter, *block, mark);
    FailureOr<std::string> tiled = tileAndFuse(rewriter, *block, mark, matrix);
    if (failed(tiled))
      return failure();
    if (StringRef(*tiled).starts_with("fused in part")) {
      // The IR is valid; the kernels are not all the plan priced.
      ++numGroupsFused;
      emitRemark(lastLoc) << "fusion group G" << index << " ("
                          << stringifyFusionKind(*group.kind) << ") "
                          << escapeTerminal(*tiled);
      return success();
    }
    if (!tiled->empty())
      return notPerformed(escapeTerminal(*tiled));
    ++numGroupsFused;
    numOpsFused += group.launchesSaved;
    emitRemark(lastLoc) << "fused group G" << index << " ("
                        << stringifyFusionKind(*group.kind) << ", "
                        << group.ops.size() << " ops, tiled"
                        << (matrix ? "" : " by rows") << "): predicted "
                        << formatSeconds(group.latencyBefore) << " -> "
                        << formatSeconds(group.fused.latency);
    return success();
  }

  /// Marks the group's members, as generics where upstream's fusion and
  /// reshape propagation need them (tiling takes named ops as they are).
  LogicalResult markMembers(IRRewriter &rewriter, const PricedProgram &report,
                            const FusionGroup &group, Method method,
                            bool matrix, Attribute mark) {
    // Row kernels too: the unit dims dropped before tiling must be dropped
    // from every member alike, which upstream does for generics.
    bool generalize = !isTiled(method) ||
                      method == Method::TileAndFuseAcrossReshapes || !matrix;
    // Producers that stay as they are and are pulled into the tiles: the
    // fills consumers make in place, the pads convolutions read, the
    // slices read in place (an attribute, not an address set: see
    // tileAndFuse).
    for (unsigned id : group.ops) {
      Operation *op = report.ops[id].op;
      if (report.plan.records[id].role == FusionRole::Fill ||
          isa<tensor::PadOp, tensor::ExtractSliceOp>(op)) {
        op->setDiscardableAttr(marks->producer, mark);
        continue;
      }
      if (isElementwiseOnTensors(op)) {
        Location loc = op->getLoc();
        FailureOr<Operation *> generic = elementwiseToGeneric(op);
        if (failed(generic))
          return emitError(escapeTerminal(loc))
                 << "cannot rewrite as linalg.generic for fusion";
        (*generic)->setDiscardableAttr(marks->group, mark);
        continue;
      }
      auto linalgOp = cast<linalg::LinalgOp>(op);
      Operation *marked = linalgOp;
      if (generalize && !isa<linalg::GenericOp>(marked)) {
        rewriter.setInsertionPoint(linalgOp);
        FailureOr<linalg::GenericOp> result =
            linalg::generalizeNamedOp(rewriter, linalgOp);
        if (failed(result))
          return emitError(escapeTerminal(linalgOp->getLoc()))
                 << "cannot generalize for fusion";
        marked = *result;
      }
      marked->setDiscardableAttr(marks->group, mark);
    }
    return success();
  }

  /// Tiles the group's last marked op in `block` and fuses the other
  /// members (marked ops, the producers marked kProducerAttr, and the fills
  /// they read) into
  /// its loops, which become one kernel (the mlsysim.kernel attribute); the
  /// views, empty tensors, sizes and constants left unused in `block` go.
  /// (Nothing here is keyed by an op's address: tiling erases ops and
  /// creates others, which may reuse the addresses, and the output must not
  /// depend on the allocator.) Returns why nothing was tiled, or an empty
  /// string; fails on an upstream failure.
  FailureOr<std::string> tileAndFuse(IRRewriter &rewriter, Block &block,
                                     Attribute mark, bool matrix) {
    auto isProducer = [&](Operation *op) {
      return op->getDiscardableAttr(marks->producer) == mark;
    };
    auto isMarked = [&](Operation *op) {
      return op && op->getDiscardableAttr(marks->group) == mark;
    };
    // The marked ops and producers, before tiling (one pass over the block;
    // the addresses are not kept past tiling).
    SmallVector<Operation *> members;
    Operation *last = nullptr;
    for (Operation &op : block) {
      if (isMarked(&op))
        last = &op;
      if (isMarked(&op) || isProducer(&op))
        members.push_back(&op);
    }
    auto consumer = dyn_cast_or_null<linalg::LinalgOp>(last);
    if (!consumer)
      return std::string("its last op is no structured op to tile");
    auto inGroup = [&](Operation *op) {
      return op && (isMarked(op) || isProducer(op) || isa<linalg::FillOp>(op));
    };
    SmallVector<OpFoldResult> sizes =
        matrix ? chooseTileSizes(consumer, rewriter)
               : chooseRowTileSizes(consumer, inGroup, rewriter);
    if (llvm::all_of(sizes, isZeroInteger))
      return std::string(matrix ? "no static parallel loop to tile"
                                : "no static row loop to tile");
    scf::SCFTileAndFuseOptions options =
        makeTileAndFuseOptions(rewriter.getContext(), sizes);
    // A member read after the kernel too is yielded by the loops (chooseMethod
    // checked those readers come after them); a fill with other users is
    // recomputed in the tile and stays for them.
    llvm::SmallPtrSet<Operation *, 4> yielded;
    for (Operation *op : members)
      if (isMarked(op) && op != last &&
          llvm::any_of(op->getUsers(),
                       [&](Operation *user) { return !inGroup(user); }))
        yielded.insert(op);
    options.setFusionControlFn(
        [&](tensor::ExtractSliceOp, OpResult producer, bool)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          if (!inGroup(producer.getOwner()))
            return std::nullopt;
          return scf::SCFTileAndFuseOptions::ControlFnResult{
              yielded.contains(producer.getOwner())};
        });
    markReads(block, members);
    rewriter.setInsertionPoint(last);
    // Upstream reports a producer it cannot tile as an error and goes on
    // without it: caught here, and the group is said to be fused in part.
    std::string refused;
    FailureOr<scf::SCFTileAndFuseResult> result = failure();
    {
      ScopedDiagnosticHandler catcher(
          rewriter.getContext(), [&](Diagnostic &diagnostic) {
            if (diagnostic.getSeverity() != DiagnosticSeverity::Error)
              return failure();
            if (refused.empty())
              refused = diagnostic.str();
            return success();
          });
      result = scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(last), options);
    }
    if (failed(result))
      return emitError(escapeTerminal(last->getLoc()))
             << "tile-and-fuse failed" << (refused.empty() ? "" : ": ")
             << escapeTerminal(refused);
    replaceOriginals(rewriter, block, *result, inGroup);
    if (!result->loops.empty())
      cleanUpKernel(rewriter, block, result->loops.front());
    // The block's own ops only (the kernels' bodies, where clones of marked
    // slices may carry the mark, are left to the end of the pass: walking
    // them for every group made fusing quadratic in the program's size).
    for (Operation &op : block)
      if (op.getDiscardableAttr(marks->read))
        op.removeDiscardableAttr(marks->read);
    return describeLeftovers(block, isMarked, isProducer, refused);
  }

  /// Tiles of `sizes`; a tile of a slice, or of a reshape, is a slice of
  /// what it reads: bubbled up and merged, the tiles read the producers (and
  /// the slices' sources) directly, so producers behind a slice or a reshape
  /// fuse too.
  static scf::SCFTileAndFuseOptions
  makeTileAndFuseOptions(MLIRContext *ctx, ArrayRef<OpFoldResult> sizes) {
    scf::SCFTilingOptions tiling;
    tiling.setTileSizes(sizes);
    scf::SCFTileAndFuseOptions options;
    options.setTilingOptions(tiling);
    RewritePatternSet cleanup(ctx);
    tensor::populateBubbleUpExtractSliceOpPatterns(cleanup);
    tensor::populateMergeConsecutiveInsertExtractSlicePatterns(cleanup);
    options.cleanupPatterns = FrozenRewritePatternSet(std::move(cleanup));
    return options;
  }

  /// Marks what `members` read before tiling, through views, slices, sizes
  /// and empty tensors: a view or slice the tiles stop reading (their reads
  /// bubbled to its source) is dead code after it. Only those: marking every
  /// view of the block, for every group, made fusing a large program
  /// quadratic. (Marked with an attribute, not kept by address: tiling
  /// erases and creates ops, and a new op may take an erased one's address.)
  void markReads(Block &block, ArrayRef<Operation *> members) {
    auto readMark = UnitAttr::get(marks->read.getContext());
    SmallVector<Operation *> worklist(members);
    llvm::SmallPtrSet<Operation *, 32> seen(worklist.begin(), worklist.end());
    while (!worklist.empty())
      worklist.pop_back_val()->walk([&](Operation *reader) {
        for (Value operand : reader->getOperands()) {
          Operation *def = operand.getDefiningOp();
          if (!def || def->getBlock() != &block ||
              !isa<tensor::ExtractSliceOp, tensor::ExpandShapeOp,
                   tensor::CollapseShapeOp, tensor::DimOp, tensor::EmptyOp,
                   linalg::FillOp>(def) ||
              !seen.insert(def).second)
            continue;
          if (!isa<tensor::EmptyOp, linalg::FillOp>(def))
            def->setDiscardableAttr(marks->read, readMark);
          worklist.push_back(def);
        }
      });
  }

  /// Points the readers after the loops at what they yield, then erases the
  /// originals that nothing reads any more.
  static void replaceOriginals(IRRewriter &rewriter, Block &block,
                               scf::SCFTileAndFuseResult &result,
                               llvm::function_ref<bool(Operation *)> inGroup) {
    // Readers after the loops read what they yield; what sits before them
    // (the sizes tiling read off the originals) is answered below.
    Operation *loops =
        result.loops.empty() ? nullptr : result.loops.front().getOperation();
    for (auto [original, replacement] : result.replacements)
      rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
        Operation *reader = block.findAncestorOpInBlock(*use.getOwner());
        return !loops || (reader && loops->isBeforeInBlock(reader));
      });
    // The originals, consumers first, once nothing but the slices tiling
    // took of them (now dead) and the sizes it read off them (answered from
    // their operands instead) uses them.
    SmallVector<Operation *> originals;
    for (Operation &op : block)
      if (inGroup(&op) ||
          isa<tensor::EmptyOp, tensor::ExtractSliceOp, tensor::ExpandShapeOp,
              tensor::CollapseShapeOp, tensor::DimOp, arith::ConstantOp>(op))
        originals.push_back(&op);
    for (Operation *op : llvm::reverse(originals)) {
      answerDims(rewriter, op);
      for (Operation *user : llvm::make_early_inc_range(op->getUsers()))
        if (isa<tensor::ExtractSliceOp>(user) && user->use_empty())
          rewriter.eraseOp(user);
      if (op->use_empty() && isMemoryEffectFree(op))
        rewriter.eraseOp(op);
    }
  }

  /// Replaces the tensor.dim ops reading `op`'s results with the sizes
  /// reified from its operands.
  static void answerDims(IRRewriter &rewriter, Operation *op) {
    SmallVector<tensor::DimOp> dims;
    for (Operation *user : op->getUsers())
      if (auto dim = dyn_cast<tensor::DimOp>(user))
        dims.push_back(dim);
    if (dims.empty())
      return;
    ReifiedRankedShapedTypeDims shapes;
    rewriter.setInsertionPoint(op);
    if (failed(reifyResultShapes(rewriter, op, shapes)))
      return;
    for (tensor::DimOp dim : dims) {
      std::optional<int64_t> index = dim.getConstantIndex();
      if (!index)
        continue;
      unsigned result = cast<OpResult>(dim.getSource()).getResultNumber();
      rewriter.setInsertionPoint(dim);
      rewriter.replaceOp(
          dim, getValueOrCreateConstantIndexOp(rewriter, dim.getLoc(),
                                               shapes[result][*index]));
    }
  }

  /// Marks `kernel` (the outer loop of a tiled group) as one and tidies what
  /// tiling left in it and in `block`.
  void cleanUpKernel(IRRewriter &rewriter, Block &block, Operation *kernel) {
    kernel->setAttr(MLSysimDialect::KernelAttrHelper::getNameStr(),
                    UnitAttr::get(rewriter.getContext()));
    // Tile-and-fuse makes a producer once per slice its consumers take (a
    // matmul read by three epilogue ops, three times per tile): identical
    // clones computed once.
    {
      DominanceInfo dominance;
      eliminateCommonSubExpressions(rewriter, dominance, kernel);
    }
    // A tile of a slice is a slice of its source.
    {
      RewritePatternSet patterns(rewriter.getContext());
      tensor::populateMergeConsecutiveInsertExtractSlicePatterns(patterns);
      SmallVector<Operation *> slices;
      kernel->walk([&](tensor::ExtractSliceOp op) { slices.push_back(op); });
      GreedyRewriteConfig config = boundedRewrites(slices.size());
      config.setStrictness(GreedyRewriteStrictness::ExistingOps);
      (void)applyOpPatternsGreedily(slices, std::move(patterns), config);
    }
    eraseUnreadViews(rewriter, block, kernel);
    generatesToFills(rewriter, kernel);
  }

  /// Sizes tiling read off views and slices the tiles no longer read,
  /// answered from their operands, then those views and slices go.
  void eraseUnreadViews(IRRewriter &rewriter, Block &block, Operation *kernel) {
    RewritePatternSet patterns(rewriter.getContext());
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    // In the block and in the new kernel (the earlier kernels had theirs
    // answered: walking them for every group was quadratic).
    SmallVector<Operation *> dims;
    auto collect = [&](tensor::DimOp dim) {
      if (isa_and_nonnull<tensor::ExtractSliceOp, tensor::ExpandShapeOp,
                          tensor::CollapseShapeOp>(
              dim.getSource().getDefiningOp()))
        dims.push_back(dim);
    };
    for (Operation &op : block)
      if (auto dim = dyn_cast<tensor::DimOp>(op))
        collect(dim);
    kernel->walk(collect);
    GreedyRewriteConfig config = boundedRewrites(dims.size());
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(dims, std::move(patterns), config);
    bool erased = true;
    while (erased) {
      erased = false;
      for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
        if (isa<tensor::ExtractSliceOp, tensor::ExpandShapeOp,
                tensor::CollapseShapeOp, tensor::DimOp>(op) &&
            op.getDiscardableAttr(marks->read) && op.use_empty()) {
          rewriter.eraseOp(&op);
          erased = true;
        }
    }
  }

  /// A tile that lies wholly in a pad's border is generated from the pad
  /// value (tensor.generate): as the fill it is, which every linalg pipeline
  /// lowers.
  static void generatesToFills(IRRewriter &rewriter, Operation *kernel) {
    SmallVector<tensor::GenerateOp> generates;
    kernel->walk([&](tensor::GenerateOp generate) {
      Block &body = generate.getBody().front();
      Value value = body.getTerminator()->getOperand(0);
      if (body.getOperations().size() == 1 &&
          value.getParentRegion() != &generate.getBody())
        generates.push_back(generate);
    });
    for (tensor::GenerateOp generate : generates) {
      rewriter.setInsertionPoint(generate);
      Value empty = tensor::EmptyOp::create(
          rewriter, generate.getLoc(), generate.getType().getShape(),
          generate.getType().getElementType(), generate.getDynamicExtents());
      Value value = generate.getBody().front().getTerminator()->getOperand(0);
      rewriter.replaceOp(
          generate,
          linalg::FillOp::create(rewriter, generate.getLoc(), value, empty)
              .getResult(0));
    }
  }

  /// Why a tiled group is fused in part (a member, or a slice, left outside
  /// the tiles), or an empty string.
  static std::string
  describeLeftovers(Block &block,
                    llvm::function_ref<bool(Operation *)> isMarked,
                    llvm::function_ref<bool(Operation *)> isProducer,
                    llvm::StringRef refused) {
    // A member still outside the loops runs as its own kernel.
    for (Operation &op : block)
      if (isMarked(&op) && !op.use_empty())
        return std::string("fused in part: '") +
               op.getName().getStringRef().str() +
               "' stays outside the tiles (" +
               (refused.empty() ? "not tileable from its consumer"
                                : refused.str()) +
               ")";
    // So does a slice whose tiles could not be taken from its source.
    for (Operation &op : block)
      if (isa<tensor::ExtractSliceOp>(op) && isProducer(&op) && !op.use_empty())
        return std::string("fused in part: a tensor.extract_slice stays "
                           "outside the tiles (they read it through a view "
                           "a tile cannot be taken through)");
    return std::string();
  }

  /// Drops the unit dimensions of the marked generics of `block` (upstream's
  /// linalg::dropUnitDims), folding the reshapes that then meet between
  /// them, so that each member writes its result through a projected
  /// permutation, which tiling can slice.
  void dropUnitDims(IRRewriter &rewriter, Block &block, Attribute mark) {
    SmallVector<linalg::GenericOp> generics;
    bool keptDims = false;
    for (auto generic : block.getOps<linalg::GenericOp>()) {
      if (generic->getDiscardableAttr(marks->group) != mark)
        continue;
      generics.push_back(generic);
      for (OpOperand &init : generic.getDpsInitsMutable())
        keptDims |=
            !generic.getMatchingIndexingMap(&init).isProjectedPermutation();
    }
    // Only where needed: dropping dims elsewhere would put reshapes between
    // a generic and a named member (a convolution), which tiling cannot
    // fuse through.
    if (!keptDims)
      return;
    linalg::ControlDropUnitDims options;
    for (linalg::GenericOp generic : generics) {
      rewriter.setInsertionPoint(generic);
      FailureOr<linalg::DropUnitDimsResult> result =
          linalg::dropUnitDims(rewriter, generic, options);
      if (failed(result))
        continue;
      result->resultOp->setDiscardableAttr(marks->group, mark);
      rewriter.replaceOp(generic, result->replacements);
    }
    MLIRContext *ctx = block.getParentOp()->getContext();
    RewritePatternSet patterns(ctx);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
    linalg::FillOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::populateFoldTensorEmptyPatterns(patterns);
    SmallVector<Operation *> reshapes;
    for (Operation &op : block)
      if (isReshapeView(&op))
        reshapes.push_back(&op);
    GreedyRewriteConfig config = boundedRewrites(reshapes.size());
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    (void)applyOpPatternsGreedily(reshapes, std::move(patterns), config);
  }

  /// Moves `op`, and what reads it before `anchor`, right after `anchor` in
  /// their order, when all of them are free of side effects and `anchor`
  /// reads none of them; otherwise moves nothing (their operands are defined
  /// before them, so before `anchor`).
  static void sinkBelow(IRRewriter &rewriter, Operation *op,
                        Operation *anchor) {
    llvm::SetVector<Operation *> sunk;
    SmallVector<Operation *> worklist{op};
    while (!worklist.empty()) {
      Operation *next = worklist.pop_back_val();
      if (!sunk.insert(next))
        continue;
      if (!isMemoryEffectFree(next) || next->getNumRegions() != 0)
        return;
      for (Operation *user : next->getUsers()) {
        // What `anchor` reads stays before it.
        if (anchor->isAncestor(user))
          return;
        if (user->getBlock() == anchor->getBlock() &&
            user->isBeforeInBlock(anchor))
          worklist.push_back(user);
      }
    }
    SmallVector<Operation *> ordered(sunk.begin(), sunk.end());
    llvm::sort(ordered, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    Operation *after = anchor;
    for (Operation *moved : ordered) {
      rewriter.moveOpAfter(moved, after);
      after = moved;
    }
  }

  /// Fuses one marked producer into its marked consumer in `block`; fails
  /// when none is left.
  LogicalResult fuseOnce(IRRewriter &rewriter, Block &block, Attribute mark) {
    for (auto consumer : block.getOps<linalg::GenericOp>()) {
      if (consumer->getDiscardableAttr(marks->group) != mark)
        continue;
      for (OpOperand &operand : consumer->getOpOperands()) {
        auto producer = operand.get().getDefiningOp<linalg::GenericOp>();
        if (!producer || producer->getDiscardableAttr(marks->group) != mark ||
            !linalg::areElementwiseOpsFusable(&operand))
          continue;
        rewriter.setInsertionPoint(consumer);
        FailureOr<linalg::ElementwiseOpFusionResult> result =
            linalg::fuseElementwiseOps(rewriter, &operand);
        if (failed(result))
          continue;
        result->fusedOp->setDiscardableAttr(marks->group, mark);
        // A kept result may be read by an op between producer and consumer
        // (a reshape frontends place there): sink such readers below the
        // fused op, or let them read the producer's own result.
        for (auto [original, replacement] : result->replacements) {
          for (OpOperand &use :
               llvm::make_early_inc_range(original.getUses())) {
            Operation *user = use.getOwner();
            if (user == producer || user->getBlock() != &block ||
                !user->isBeforeInBlock(result->fusedOp))
              continue;
            // A size read off a kept result of the producer may size the
            // consumer's destination, which the fused op reads: it is read
            // off the producer's destination (the same shape) instead.
            auto dim = dyn_cast<tensor::DimOp>(user);
            if (dim && original.getDefiningOp() == producer) {
              Value init = producer
                               .getDpsInitOperand(
                                   cast<OpResult>(original).getResultNumber())
                               ->get();
              rewriter.modifyOpInPlace(
                  dim, [&] { dim.getSourceMutable().set(init); });
              continue;
            }
            sinkBelow(rewriter, user, result->fusedOp);
          }
          rewriter.replaceUsesWithIf(
              original, replacement, [&](OpOperand &use) {
                Operation *user = use.getOwner();
                return user != producer &&
                       (user->getBlock() != &block ||
                        result->fusedOp->isBeforeInBlock(user));
              });
        }
        rewriter.eraseOp(consumer);
        if (producer->use_empty())
          rewriter.eraseOp(producer);
        return success();
      }
    }
    return failure();
  }

  /// Moves the reshapes between marked ops of `block` out of the way with
  /// upstream's fold-reshape-by-expansion patterns (a marked generic reading
  /// a collapse of a marked result runs on the expanded shape instead; an
  /// expand of a marked result folds into its producer), so that the marked
  /// ops meet directly. Generics the patterns make keep the mark. Fails
  /// when the patterns do not settle within their bound (boundedRewrites);
  /// the IR is then valid, and computes what it did, but is not the plan's.
  LogicalResult propagateReshapes(Block &block, Attribute mark) {
    auto marked = [&](Operation *op) {
      return op && op->getDiscardableAttr(marks->group) == mark;
    };
    // A view (or chain of views) a marked op reads.
    std::function<bool(Operation *)> feedsMarked = [&](Operation *view) {
      return llvm::any_of(view->getUsers(), [&](Operation *user) {
        return marked(user) || (isReshapeView(user) && feedsMarked(user));
      });
    };
    linalg::ControlFusionFn control = [&](OpOperand *operand) {
      Operation *owner = operand->getOwner();
      bool ownerInGroup =
          marked(owner) || (isReshapeView(owner) && feedsMarked(owner));
      return ownerInGroup && marked(definingOpThroughViews(operand->get()));
    };
    KeepMark listener(marks->group, mark);
    RewritePatternSet patterns(block.getParentOp()->getContext());
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
    // The reshapes of destinations the patterns leave (of a fill, of an
    // empty tensor) fold into a fill or an empty tensor of the new shape, so
    // that tiling still makes the fill in place.
    MLIRContext *ctx = block.getParentOp()->getContext();
    linalg::FillOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::populateFoldTensorEmptyPatterns(patterns);
    // The group's ops and the views between them: the rest of the block
    // is none of the patterns' business.
    SmallVector<Operation *> ops;
    for (Operation &op : block)
      if (marked(&op) || (isReshapeView(&op) && feedsMarked(&op)))
        ops.push_back(&op);
    GreedyRewriteConfig config = boundedRewrites(ops.size());
    config.setListener(&listener);
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    return applyOpPatternsGreedily(ops, std::move(patterns), config);
  }

  /// Fuses the marked producers into their marked consumers until none is
  /// left; returns how many fusions were done.
  unsigned fuseGroup(IRRewriter &rewriter, Block &block, Attribute mark) {
    unsigned fused = 0;
    while (succeeded(fuseOnce(rewriter, block, mark)))
      ++fused;
    freeDestinations(rewriter, block, mark);
    return fused;
  }

  /// The elementwise-to-linalg conversion writes into an input of the same
  /// shape, which its payload never reads; after fusion that keeps the
  /// fused-away producers alive as destinations. An empty tensor, sized from
  /// an input from outside the group, instead; the producers then go.
  void freeDestinations(IRRewriter &rewriter, Block &block, Attribute mark) {
    for (auto generic : block.getOps<linalg::GenericOp>()) {
      if (generic->getDiscardableAttr(marks->group) != mark)
        continue;
      for (OpOperand &init : generic.getDpsInitsMutable()) {
        Operation *producer = init.get().getDefiningOp();
        if (generic.payloadUsesValueFromOperand(&init) || !producer ||
            producer->getDiscardableAttr(marks->group) != mark)
          continue;
        auto type = cast<RankedTensorType>(init.get().getType());
        // Sizes from an input of the same type made outside the group.
        Value source;
        for (Value input : generic.getDpsInputs()) {
          Operation *def = input.getDefiningOp();
          if (input.getType() == type &&
              (!def || def->getDiscardableAttr(marks->group) != mark)) {
            source = input;
            break;
          }
        }
        if (!source && !type.hasStaticShape())
          continue;
        rewriter.setInsertionPoint(generic);
        Value empty = tensor::EmptyOp::create(
            rewriter, generic.getLoc(),
            source ? tensor::getMixedSizes(rewriter, generic.getLoc(), source)
                   : getAsIndexOpFoldResult(rewriter.getContext(),
                                            type.getShape()),
            type.getElementType());
        init.set(empty);
      }
    }
    // Producers left without users.
    bool erased = true;
    while (erased) {
      erased = false;
      for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
        if (op.getDiscardableAttr(marks->group) == mark && op.use_empty()) {
          rewriter.eraseOp(&op);
          erased = true;
        }
    }
  }
};
} // namespace
