//===- DynamicSizes.cpp - Binding dynamic sizes to a value ----------------===//

#include "mlsysim/Interfaces/DynamicSizes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlsysim;
using namespace mlir;

/// Cache key of an index-typed value (no dimension).
static constexpr int64_t kScalar = -1;

int64_t DynamicSizeResolver::getSize(Value value, int64_t dim) {
  auto shaped = cast<ShapedType>(value.getType());
  if (!shaped.isDynamicDim(dim))
    return shaped.getDimSize(dim);
  return resolve(value, dim);
}

int64_t DynamicSizeResolver::resolve(Value value, std::optional<int64_t> dim) {
  std::pair<Value, int64_t> key{value, dim.value_or(kScalar)};
  if (auto it = cache.find(key); it != cache.end())
    return it->second;
  // A source: bound.
  if (isa<BlockArgument>(value))
    return cache[key] = boundSize;

  // Scalars get the evaluator, not a constraint walk.
  if (!dim)
    return evaluate(value);
  // An elementwise op (arith or math on tensors) has its operands' shape.
  // Asked directly: the bounds models of arith ops describe index values
  // only, and a constraint walk into one with a tensor crashes upstream.
  if (Operation *def = value.getDefiningOp())
    if (def->hasTrait<OpTrait::Elementwise>())
      for (Value operand : def->getOperands())
        if (auto shaped = dyn_cast<ShapedType>(operand.getType());
            shaped && shaped.hasRank() && *dim < shaped.getRank())
          return cache[key] = getSize(operand, *dim);
  // tensor.reshape takes its sizes from a shape tensor, which frontends build
  // with tensor.from_elements of computed sizes.
  if (auto reshape = value.getDefiningOp<tensor::ReshapeOp>())
    if (auto elements =
            reshape.getShape().getDefiningOp<tensor::FromElementsOp>())
      if (*dim < static_cast<int64_t>(elements.getElements().size()))
        return cache[key] = evaluate(elements.getElements()[*dim]);

  // Sources are bound; anything already resolved is reused; scalars are
  // evaluated. The walk stops there, so each query looks back only as far as
  // the nearest known size.
  auto isKnown = [&](Value v, std::optional<int64_t> d,
                     ValueBoundsConstraintSet &) {
    if (v == value && d == dim)
      return false;
    if (isa<BlockArgument>(v) || !d)
      return true;
    // A size no interface explains (tensor.reshape) becomes an operand of
    // the bound, resolved on its own; otherwise no bound could be expressed.
    if (!isa<ValueBoundsOpInterface>(v.getDefiningOp()) ||
        v.getDefiningOp()->hasTrait<OpTrait::Elementwise>())
      return true;
    if (d && !cast<ShapedType>(v.getType()).isDynamicDim(*d))
      return true;
    return cache.contains({v, d.value_or(kScalar)});
  };
  AffineMap map;
  ValueDimList operands;
  int64_t size = boundSize;
  ValueBoundsConstraintSet::Variable variable =
      dim ? ValueBoundsConstraintSet::Variable(value, *dim)
          : ValueBoundsConstraintSet::Variable(value);
  if (succeeded(ValueBoundsConstraintSet::computeBound(
          map, operands, presburger::BoundType::EQ, variable, isKnown)) &&
      map.getNumResults() == 1 && map.getNumInputs() == operands.size()) {
    SmallVector<AffineExpr> replacements;
    for (auto [operand, operandDim] : operands) {
      int64_t operandSize;
      if (operandDim)
        operandSize = getSize(operand, *operandDim);
      else
        operandSize = evaluate(operand);
      replacements.push_back(
          getAffineConstantExpr(operandSize, map.getContext()));
    }
    ArrayRef<AffineExpr> all(replacements);
    AffineExpr result = map.getResult(0).replaceDimsAndSymbols(
        all.take_front(map.getNumDims()), all.drop_front(map.getNumDims()));
    if (auto constant = dyn_cast<AffineConstantExpr>(result))
      if (constant.getValue() >= 0)
        size = constant.getValue();
  }
  cache[key] = size;
  return size;
}

int64_t DynamicSizeResolver::evaluate(Value scalar) {
  std::pair<Value, int64_t> key{scalar, kScalar};
  if (auto it = cache.find(key); it != cache.end())
    return it->second;
  // A provisional entry stops cycles (loop-carried values) at the bound size.
  cache[key] = boundSize;
  int64_t result = boundSize;
  Operation *op = scalar.getDefiningOp();
  auto operand = [&](unsigned i) { return evaluate(op->getOperand(i)); };
  // Wrapping arithmetic in 128 bits, then clamped: sizes are non-negative.
  auto fold = [&](__int128 v) {
    result = v < 0 ? 0 : v > INT64_MAX ? INT64_MAX : static_cast<int64_t>(v);
  };
  if (!op || isa<BlockArgument>(scalar)) {
    // A source: bound.
  } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
      result = integer.getValue().getSExtValue();
  } else if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
                 arith::ExtUIOp, arith::TruncIOp>(op)) {
    result = operand(0);
  } else if (auto dimOp = dyn_cast<tensor::DimOp>(op)) {
    std::optional<int64_t> index = dimOp.getConstantIndex();
    auto shaped = cast<ShapedType>(dimOp.getSource().getType());
    if (index && shaped.hasRank() && *index >= 0 && *index < shaped.getRank())
      result = getSize(dimOp.getSource(), *index);
  } else if (auto dimOp = dyn_cast<memref::DimOp>(op)) {
    std::optional<int64_t> index = dimOp.getConstantIndex();
    auto shaped = cast<ShapedType>(dimOp.getSource().getType());
    if (index && shaped.hasRank() && *index >= 0 && *index < shaped.getRank())
      result = getSize(dimOp.getSource(), *index);
  } else if (isa<arith::AddIOp>(op)) {
    fold(static_cast<__int128>(operand(0)) + operand(1));
  } else if (isa<arith::SubIOp>(op)) {
    fold(static_cast<__int128>(operand(0)) - operand(1));
  } else if (isa<arith::MulIOp>(op)) {
    fold(static_cast<__int128>(operand(0)) * operand(1));
  } else if (isa<arith::DivSIOp, arith::DivUIOp, arith::FloorDivSIOp>(op)) {
    int64_t divisor = operand(1);
    result = divisor ? operand(0) / divisor : boundSize;
  } else if (isa<arith::CeilDivSIOp, arith::CeilDivUIOp>(op)) {
    int64_t divisor = operand(1);
    result = divisor ? (operand(0) + divisor - 1) / divisor : boundSize;
  } else if (isa<arith::RemSIOp, arith::RemUIOp>(op)) {
    int64_t divisor = operand(1);
    result = divisor ? operand(0) % divisor : boundSize;
  } else if (isa<arith::MaxSIOp, arith::MaxUIOp>(op)) {
    result = std::max(operand(0), operand(1));
  } else if (isa<arith::MinSIOp, arith::MinUIOp>(op)) {
    result = std::min(operand(0), operand(1));
  } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
    result = evaluate(select.getCondition()) ? operand(1) : operand(2);
  } else if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    int64_t lhs = operand(0), rhs = operand(1);
    result = arith::applyCmpPredicate(cmp.getPredicate(), APInt(64, lhs, true),
                                      APInt(64, rhs, true));
  } else if (scalar.getType().isIndex()) {
    // Anything else an interface can express (affine.apply, ...).
    AffineMap map;
    ValueDimList operands;
    auto stop = [&](Value v, std::optional<int64_t> d,
                    ValueBoundsConstraintSet &) {
      return v != scalar || d.has_value();
    };
    if (succeeded(ValueBoundsConstraintSet::computeBound(
            map, operands, presburger::BoundType::EQ,
            ValueBoundsConstraintSet::Variable(scalar), stop)) &&
        map.getNumResults() == 1 && map.getNumInputs() == operands.size()) {
      SmallVector<AffineExpr> replacements;
      for (auto [v, d] : operands)
        replacements.push_back(getAffineConstantExpr(
            d ? getSize(v, *d) : evaluate(v), map.getContext()));
      ArrayRef<AffineExpr> all(replacements);
      if (auto constant = dyn_cast<AffineConstantExpr>(
              map.getResult(0).replaceDimsAndSymbols(
                  all.take_front(map.getNumDims()),
                  all.drop_front(map.getNumDims()))))
        result = constant.getValue();
    }
  }
  cache[key] = result;
  return result;
}
