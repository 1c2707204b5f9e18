//===- LinalgCostModels.cpp - Cost models for the linalg dialect ----------===//
//
// Structured ops need no model here: computeOpCost prices every LinalgOp
// (named, generic or out of tree) with the structured rule unless it has a
// model of its own. The linalg ops that are not LinalgOps have their models
// here.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Interfaces/CostModels.h"

#include "mlsysim/Interfaces/CostOpInterface.h"
#include "mlsysim/Interfaces/CountingRules.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlsysim;
using namespace mlir;

namespace {
/// Softmax as its decomposition computes it: a max-reduction, a subtraction,
/// an exponential, a sum-reduction and a division per element (4 FLOPs and one
/// transcendental), reading the input and writing the output once.
struct SoftmaxCostModel
    : public CostOpInterface::ExternalModel<SoftmaxCostModel,
                                            linalg::SoftmaxOp> {
  OpCost getCost(Operation *op, const CostContext &context) const {
    auto softmax = cast<linalg::SoftmaxOp>(op);
    std::optional<Count> elements = context.numElements(softmax.getInput());
    if (!elements)
      return OpCost::unmodeled(getDynamicShapeReason());
    OpCost cost = computeDataMovementCost(softmax.getInput(),
                                          softmax.getResult(), context);
    if (!cost.modeled)
      return cost;
    cost.flops = *elements * Count(4);
    cost.transcendentals = *elements;
    cost.opClass = OpClass::Reduction;
    cost.elementType = getElementTypeOrSelf(softmax.getInput().getType());
    return cost;
  }
};

/// pack/unpack: a relayout, reading the source and writing the destination
/// (padding included).
template <typename OpTy>
struct RelayoutCostModel
    : public CostOpInterface::ExternalModel<RelayoutCostModel<OpTy>, OpTy> {
  OpCost getCost(Operation *op, const CostContext &context) const {
    auto relayout = cast<OpTy>(op);
    return computeDataMovementCost(relayout.getSource(), relayout.getDest(),
                                   context);
  }
};

/// The Winograd transforms multiply every tile by two small dense matrices
/// (G g G^T, B^T d B, A^T m A). For a tile of `in` = (inH, inW) mapped to
/// `out` = (outH, outW): outH*inH*inW + outH*inW*outW multiply-accumulates.
static OpCost winogradCost(Operation *op, int64_t tiles,
                           std::array<int64_t, 2> in,
                           std::array<int64_t, 2> out,
                           const CostContext &context) {
  OpCost cost =
      computeDataMovementCost(op->getOperand(0), op->getResult(0), context);
  if (!cost.modeled)
    return cost;
  Count macsPerTile(
      static_cast<uint64_t>(out[0] * in[0] * in[1] + out[0] * in[1] * out[1]));
  cost.macs = Count(static_cast<uint64_t>(tiles)) * macsPerTile;
  cost.flops = cost.macs * Count(2);
  cost.elementType = getElementTypeOrSelf(op->getOperand(0).getType());
  return cost;
}

/// Static shapes of operand 0 and result 0, or std::nullopt.
static std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
winogradShapes(Operation *op, const CostContext &context) {
  auto in = context.bindShape(op->getOperand(0));
  auto out = context.bindShape(op->getResult(0));
  if (!in || !out)
    return std::nullopt;
  return std::make_pair(*in, *out);
}

/// What a Winograd transform computes: its number of tiles and the shape of
/// a tile in and out (winogradCost), from its operand and result shapes.
struct WinogradTiles {
  int64_t tiles;
  std::array<int64_t, 2> in, out;
};

// filter (F, KH, KW, C) -> (alphaH, alphaW, C, F)
static WinogradTiles filterTiles(ArrayRef<int64_t> in, ArrayRef<int64_t> out) {
  return {in[0] * in[3], {in[1], in[2]}, {out[0], out[1]}};
}
// input (N, H, W, C) -> (alphaH, alphaW, tileH, tileW, N, C)
static WinogradTiles inputTiles(ArrayRef<int64_t>, ArrayRef<int64_t> out) {
  return {
      out[2] * out[3] * out[4] * out[5], {out[0], out[1]}, {out[0], out[1]}};
}
// value (alphaH, alphaW, tileH, tileW, N, F) -> (N, H, W, F)
static WinogradTiles outputTiles(ArrayRef<int64_t> in, ArrayRef<int64_t> out) {
  int64_t mH = in[2] ? out[1] / in[2] : 0;
  int64_t mW = in[3] ? out[2] / in[3] : 0;
  return {in[2] * in[3] * in[4] * in[5], {in[0], in[1]}, {mH, mW}};
}

/// A Winograd transform, its tiles read off its shapes by `tilesOf`.
template <typename OpTy,
          WinogradTiles (*tilesOf)(ArrayRef<int64_t>, ArrayRef<int64_t>)>
struct WinogradCostModel
    : public CostOpInterface::ExternalModel<WinogradCostModel<OpTy, tilesOf>,
                                            OpTy> {
  OpCost getCost(Operation *op, const CostContext &context) const {
    auto shapes = winogradShapes(op, context);
    if (!shapes)
      return OpCost::unmodeled(getDynamicShapeReason());
    WinogradTiles tiles = tilesOf(shapes->first, shapes->second);
    return winogradCost(op, tiles.tiles, tiles.in, tiles.out, context);
  }
};

} // namespace

void mlsysim::registerLinalgCostModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, linalg::LinalgDialect *) {
    linalg::SoftmaxOp::attachInterface<SoftmaxCostModel>(*ctx);
    linalg::PackOp::attachInterface<RelayoutCostModel<linalg::PackOp>>(*ctx);
    linalg::UnPackOp::attachInterface<RelayoutCostModel<linalg::UnPackOp>>(
        *ctx);
    linalg::WinogradFilterTransformOp::attachInterface<
        WinogradCostModel<linalg::WinogradFilterTransformOp, filterTiles>>(
        *ctx);
    linalg::WinogradInputTransformOp::attachInterface<
        WinogradCostModel<linalg::WinogradInputTransformOp, inputTiles>>(*ctx);
    linalg::WinogradOutputTransformOp::attachInterface<
        WinogradCostModel<linalg::WinogradOutputTransformOp, outputTiles>>(
        *ctx);
  });
}
