//===- OpCost.cpp - Shape and size helpers shared by all cost models ------===//

#include "mlsysim/Interfaces/OpCost.h"

#include "mlsysim/Interfaces/DynamicSizes.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

using namespace mlsysim;
using namespace mlir;

std::optional<SmallVector<int64_t>> CostContext::bindShape(Value value) const {
  auto shaped = dyn_cast<ShapedType>(value.getType());
  if (!shaped || !shaped.hasRank())
    return std::nullopt;
  SmallVector<int64_t> shape;
  shape.reserve(shaped.getRank());
  for (auto [dim, size] : llvm::enumerate(shaped.getShape())) {
    if (!ShapedType::isDynamic(size)) {
      shape.push_back(size);
      continue;
    }
    if (!resolver)
      return std::nullopt;
    shape.push_back(resolver->getSize(value, dim));
  }
  return shape;
}

std::optional<Count> CostContext::numElements(Value value) const {
  auto shaped = dyn_cast<ShapedType>(value.getType());
  if (!shaped)
    return Count(1);
  if (shaped.hasStaticShape()) {
    // The common case, without building the bound shape.
    Count elements(1);
    for (int64_t size : shaped.getShape())
      elements *= Count(static_cast<uint64_t>(size));
    return elements;
  }
  std::optional<SmallVector<int64_t>> shape = bindShape(value);
  if (!shape)
    return std::nullopt;
  Count elements(1);
  for (int64_t size : *shape)
    elements *= Count(static_cast<uint64_t>(size));
  return elements;
}

Type mlsysim::getPrecisionType(Precision precision, MLIRContext *ctx) {
  switch (precision) {
  case Precision::AsWritten:
    return {};
  case Precision::F32:
    return Float32Type::get(ctx);
  case Precision::BF16:
    return BFloat16Type::get(ctx);
  case Precision::F16:
    return Float16Type::get(ctx);
  case Precision::FP8:
    return Float8E4M3FNType::get(ctx);
  case Precision::FP4:
    return Float4E2M1FNType::get(ctx);
  case Precision::I8:
    return IntegerType::get(ctx, 8);
  case Precision::I4:
    return IntegerType::get(ctx, 4);
  }
  llvm_unreachable("unknown precision");
}

std::optional<uint64_t> CostContext::elementBits(Type elementType) const {
  if (precision && isa<FloatType>(elementType))
    elementType = precision;
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

std::optional<Count> CostContext::bytesOf(Value value) const {
  std::optional<Count> elements = numElements(value);
  std::optional<uint64_t> bits = elementBits(getElementTypeOrSelf(value));
  if (!elements || !bits)
    return std::nullopt;
  return bytesFor(*elements, *bits);
}

Count mlsysim::applyFlopConvention(Count ops, Count macs,
                                   FlopConvention convention) {
  // A multiply-accumulate is counted twice in `ops`; MAC reports it once.
  return convention == FlopConvention::MAC ? ops - macs : ops;
}

int64_t Collective::getGroupSize() const {
  if (kind == CollectiveKind::PointToPoint)
    return 2;
  // Saturating: a grid no system holds is refused by its size, not wrapped.
  uint64_t size = 1;
  for (int64_t axis : gridAxes)
    size =
        llvm::SaturatingMultiply(size, static_cast<uint64_t>(gridShape[axis]));
  return static_cast<int64_t>(
      std::min<uint64_t>(size, std::numeric_limits<int64_t>::max()));
}
