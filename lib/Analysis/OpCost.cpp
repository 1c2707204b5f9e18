//===- OpCost.cpp - Shape and size helpers shared by all cost models ------===//

#include "mlsysim/Analysis/OpCost.h"

#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlsysim;
using namespace mlir;

std::optional<int64_t> CostContext::bindSize(int64_t size) const {
  if (!ShapedType::isDynamic(size))
    return size;
  return options.dynamicDimSize;
}

std::optional<SmallVector<int64_t>> CostContext::bindShape(Type type) const {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return std::nullopt;
  SmallVector<int64_t> shape;
  shape.reserve(shaped.getRank());
  for (int64_t size : shaped.getShape()) {
    std::optional<int64_t> bound = bindSize(size);
    if (!bound)
      return std::nullopt;
    shape.push_back(*bound);
  }
  return shape;
}

std::optional<Count> CostContext::numElements(Type type) const {
  if (!isa<ShapedType>(type))
    return Count(1);
  std::optional<SmallVector<int64_t>> shape = bindShape(type);
  if (!shape)
    return std::nullopt;
  Count elements(1);
  for (int64_t size : *shape)
    elements *= Count(static_cast<uint64_t>(size));
  return elements;
}

std::optional<uint64_t> CostContext::elementBits(Type elementType) const {
  // Only ask the layout about types it can size; anything else (opaque
  // dialect types) has no byte count and leaves the op unmodeled.
  Type scalar = elementType;
  if (auto complex = dyn_cast<ComplexType>(scalar))
    scalar = complex.getElementType();
  if (auto vector = dyn_cast<VectorType>(scalar))
    scalar = vector.getElementType();
  if (!isa<IntegerType, FloatType, IndexType>(scalar))
    return std::nullopt;
  return dataLayout.getTypeSizeInBits(elementType).getFixedValue();
}

Count CostContext::bytesFor(Count elements, uint64_t elementBits) {
  Count bits = elements * Count(elementBits);
  if (bits.isExact())
    return Count(bits.getExact() / 8 + (bits.getExact() % 8 != 0));
  return Count::fromDouble(std::ceil(bits.toDouble() / 8.0));
}

std::optional<Count> CostContext::bytesOf(Type type) const {
  std::optional<Count> elements = numElements(type);
  std::optional<uint64_t> bits = elementBits(getElementTypeOrSelf(type));
  if (!elements || !bits)
    return std::nullopt;
  return bytesFor(*elements, *bits);
}

Count mlsysim::applyFlopConvention(Count ops, Count macs,
                                   FlopConvention convention) {
  // A multiply-accumulate is counted twice in `ops`; MAC reports it once.
  return convention == FlopConvention::MAC ? ops - macs : ops;
}

std::optional<FlopConvention> mlsysim::parseFlopConvention(StringRef name) {
  if (name == "fma2")
    return FlopConvention::FMA2;
  if (name == "mac")
    return FlopConvention::MAC;
  return std::nullopt;
}

StringRef mlsysim::stringifyFlopConvention(FlopConvention convention) {
  return convention == FlopConvention::MAC ? "mac" : "fma2";
}
