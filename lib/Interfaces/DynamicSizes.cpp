//===- DynamicSizes.cpp - Binding dynamic sizes to a value ----------------===//

#include "mlsysim/Interfaces/DynamicSizes.h"

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

  // Sources are bound; anything already resolved is reused. The walk stops
  // there, so each query looks back only as far as the nearest known size.
  auto isKnown = [&](Value v, std::optional<int64_t> d,
                     ValueBoundsConstraintSet &) {
    if (v == value && d == dim)
      return false;
    if (isa<BlockArgument>(v))
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
      map.getNumResults() == 1 &&
      map.getNumInputs() == operands.size()) {
    SmallVector<AffineExpr> replacements;
    for (auto [operand, operandDim] : operands) {
      int64_t operandSize;
      if (operandDim)
        operandSize = getSize(operand, *operandDim);
      else if (isa<BlockArgument>(operand))
        operandSize = boundSize;
      else
        operandSize = resolve(operand, std::nullopt);
      replacements.push_back(getAffineConstantExpr(operandSize, map.getContext()));
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
