//===- Fuse.cpp - Perform the fusions the cost model approves -------------===//
//
// The plan (FusionAnalysis) decides; upstream linalg performs. A group is
// performed only when every edge inside it is one elementwise fusion can
// remove, so that the IR that comes out is what the plan priced.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Transforms/Passes.h"

#include "PassSupport.h"
#include "mlsysim/Reporting/Units.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlsysim;
using namespace mlir;

namespace mlsysim {
#define GEN_PASS_DEF_FUSEPASS
#include "mlsysim/Transforms/Passes.h.inc"
} // namespace mlsysim

static constexpr llvm::StringLiteral kGroupAttr = "mlsysim.fusion_group";

/// Why upstream cannot fuse a group on tensors, or empty when it can: every
/// producer inside the group must be elementwise (or a layout op) and every
/// consumer a non-contraction linalg op.
static std::string whyNotPerformable(const Report &report,
                                     const FusionGroup &group) {
  llvm::SmallDenseSet<Operation *, 8> members;
  for (unsigned id : group.ops)
    members.insert(report.ops[id].op);
  for (unsigned id : group.ops) {
    Operation *op = report.ops[id].op;
    bool producesInside = llvm::any_of(op->getUsers(), [&](Operation *user) {
      return members.contains(user);
    });
    if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::CastOp>(
            op))
      return "fusing across " + report.ops[id].name +
             " needs the reshape propagated out of the way first, which "
             "mlsysim-fuse does not do";
    if (isa<linalg::FillOp>(op) || isa<tensor::PadOp>(op) ||
        (producesInside && !isa<linalg::LinalgOp>(op)))
      return "fusing " + report.ops[id].name +
             " into its consumer needs tiling";
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (linalgOp && isaContractionOpInterface(linalgOp))
      return "a contraction's epilogue needs tiling to fuse";
    if (linalgOp && isa<linalg::ConvolutionOpInterface>(op))
      return "a convolution's epilogue needs tiling to fuse";
    if (producesInside && linalgOp && linalgOp.getNumReductionLoops() != 0)
      return "a reduction fused into its consumer needs tiling";
  }
  return "";
}

namespace {
struct FusePass : public mlsysim::impl::FusePassBase<FusePass> {
  using FusePassBase::FusePassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    passutil::CommonOptionValues values{hardware, dynamicDim, flopConvention,
                                        tf32,     memoryLevel, batch,
                                        precision};
    values.fusion = true;
    FailureOr<std::vector<Report>> reports =
        passutil::buildModuleReports(module, values, nullptr);
    if (failed(reports))
      return signalPassFailure();
    if (reports->size() != 1) {
      module.emitError() << "mlsysim-fuse plans for one device; got "
                         << reports->size() << " in hardware=" << hardware;
      return signalPassFailure();
    }
    const Report &report = reports->front();
    MLIRContext *ctx = &getContext();
    IRRewriter rewriter(ctx);

    for (auto [index, group] : llvm::enumerate(report.fusion->groups)) {
      Operation *last = report.ops[group.ops.back()].op;
      std::string why = whyNotPerformable(report, group);
      if (!why.empty()) {
        ++numGroupsLeft;
        last->emitRemark() << "fusion group G" << index << " ("
                           << stringifyFusionKind(group.kind)
                           << ") not performed: " << why;
        continue;
      }
      // Generalize the named ops, marking the group's members.
      auto mark = IntegerAttr::get(IntegerType::get(ctx, 64), index);
      Location loc = last->getLoc();
      for (unsigned id : group.ops) {
        auto linalgOp = cast<linalg::LinalgOp>(report.ops[id].op);
        Operation *generic = linalgOp;
        if (!isa<linalg::GenericOp>(generic)) {
          rewriter.setInsertionPoint(linalgOp);
          FailureOr<linalg::GenericOp> result =
              linalg::generalizeNamedOp(rewriter, linalgOp);
          if (failed(result)) {
            linalgOp->emitError() << "cannot generalize for fusion";
            return signalPassFailure();
          }
          generic = *result;
        }
        generic->setAttr(kGroupAttr, mark);
      }
      unsigned fused = fuseGroup(rewriter, module, mark);
      numOpsFused += fused;
      ++numGroupsFused;
      emitRemark(loc) << "fused group G" << index << " ("
                      << stringifyFusionKind(group.kind) << ", "
                      << group.ops.size() << " ops, " << fused
                      << " fusions): predicted "
                      << formatSeconds(group.latencyBefore) << " -> "
                      << formatSeconds(group.latencyAfter);
    }
    module.walk([](Operation *op) { op->removeAttr(kGroupAttr); });
  }

  /// Fuses the marked producers into their marked consumers until none is
  /// left; returns how many fusions were done.
  unsigned fuseGroup(IRRewriter &rewriter, ModuleOp module, Attribute mark) {
    unsigned fused = 0;
    bool changed = true;
    while (changed) {
      changed = false;
      module.walk([&](linalg::GenericOp consumer) {
        if (consumer->getAttr(kGroupAttr) != mark)
          return WalkResult::advance();
        for (OpOperand &operand : consumer->getOpOperands()) {
          auto producer = operand.get().getDefiningOp<linalg::GenericOp>();
          if (!producer || producer->getAttr(kGroupAttr) != mark ||
              !linalg::areElementwiseOpsFusable(&operand))
            continue;
          rewriter.setInsertionPoint(consumer);
          FailureOr<linalg::ElementwiseOpFusionResult> result =
              linalg::fuseElementwiseOps(rewriter, &operand);
          if (failed(result))
            continue;
          result->fusedOp->setAttr(kGroupAttr, mark);
          for (auto [original, replacement] : result->replacements)
            rewriter.replaceUsesWithIf(original, replacement,
                                       [&](OpOperand &use) {
                                         return use.getOwner() != producer;
                                       });
          rewriter.eraseOp(consumer);
          if (producer->use_empty())
            rewriter.eraseOp(producer);
          ++fused;
          changed = true;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
    }
    return fused;
  }
};
} // namespace
