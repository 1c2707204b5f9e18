//===- OpCost.cpp - Shape and size helpers shared by all cost models ------===//

#include "mlsysim/Interfaces/OpCost.h"

#include "mlsysim/Interfaces/DynamicSizes.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MathExtras.h"

#include <array>
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
  auto product = [](ArrayRef<int64_t> shape) {
    Count elements(1);
    for (int64_t size : shape)
      elements *= Count(static_cast<uint64_t>(size));
    return elements;
  };
  // The common case, a static ranked tensor, without the ShapedType
  // interface lookup and without building the bound shape.
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType());
      tensor && tensor.hasStaticShape())
    return product(tensor.getShape());
  auto shaped = dyn_cast<ShapedType>(value.getType());
  if (!shaped)
    return Count(1);
  if (shaped.hasStaticShape())
    return product(shaped.getShape());
  std::optional<SmallVector<int64_t>> shape = bindShape(value);
  if (!shape)
    return std::nullopt;
  return product(*shape);
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

/// The element type of a shaped `type`, or `type`: the builtin shaped types
/// without the ShapedType interface lookup (this runs for every operand).
static Type elementTypeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getElementType();
  if (auto memref = dyn_cast<MemRefType>(type))
    return memref.getElementType();
  return getElementTypeOrSelf(type);
}

std::optional<uint64_t> CostContext::elementBits(Value value) const {
  Type elementType = elementTypeOf(value.getType());
  if (roleTypes && !roleTypes->empty() && isa<FloatType>(elementType))
    if (auto it = roleTypes->find(value); it != roleTypes->end())
      return dataLayout.getTypeSizeInBits(it->second).getFixedValue();
  return elementBits(elementType);
}

llvm::Error mlsysim::parsePrecisionSpec(StringRef spec, CostOptions &options) {
  auto parseType = [&](StringRef name) -> std::optional<Precision> {
    if (name == "int4")
      name = "i4";
    else if (name == "int8")
      name = "i8";
    return parseEnum(kPrecisionNames, name);
  };
  auto bad = [&](const Twine &why) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "precision=" + spec + ": " + why +
            " (a type: as-written, f32, bf16, f16, fp8, fp4, i8/int8, "
            "i4/int4; or roles: weights:TYPE,kv:TYPE,activations:TYPE)");
  };
  spec = spec.trim();
  if (spec.empty())
    return llvm::Error::success();
  if (!spec.contains(':')) {
    std::optional<Precision> all = parseType(spec);
    if (!all)
      return bad("unknown type '" + spec + "'");
    options.precision = *all;
    return llvm::Error::success();
  }
  // By role, a role not named stays as written: `activations:` sets the
  // tensors that are neither weights nor KV cache, not those.
  std::optional<Precision> weights, kv, activations;
  llvm::SmallVector<StringRef> entries;
  spec.split(entries, ',');
  for (StringRef entry : entries) {
    auto [role, type] = entry.trim().split(':');
    std::optional<Precision> precision = parseType(type.trim());
    if (!precision)
      return bad("unknown type '" + type.trim() + "'");
    role = role.trim();
    std::optional<Precision> *slot = role == "weights"       ? &weights
                                     : role == "kv"          ? &kv
                                     : role == "activations" ? &activations
                                                             : nullptr;
    if (!slot)
      return bad("unknown role '" + role + "'");
    if (*slot)
      return bad("role '" + role + "' given twice");
    *slot = *precision;
  }
  options.precision = activations.value_or(Precision::AsWritten);
  // Every role as written is no what-if at all.
  if (llvm::all_of(std::array{weights, kv, activations},
                   [](std::optional<Precision> precision) {
                     return precision.value_or(Precision::AsWritten) ==
                            Precision::AsWritten;
                   }))
    return llvm::Error::success();
  options.weightsPrecision = weights.value_or(Precision::AsWritten);
  options.kvPrecision = kv.value_or(Precision::AsWritten);
  return llvm::Error::success();
}

llvm::Error mlsysim::parseWeightsSpec(StringRef spec, CostOptions &options) {
  auto bad = [&](const Twine &why) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "weights=" + spec + ": " + why +
            " (none, or a comma-separated list of argN, argument names and "
            "globs such as *weight*)");
  };
  spec = spec.trim();
  if (spec.empty())
    return llvm::Error::success();
  WeightsSpec weights;
  if (spec == "none") {
    options.weights = std::move(weights);
    return llvm::Error::success();
  }
  llvm::SmallVector<StringRef> entries;
  spec.split(entries, ',');
  for (StringRef entry : entries) {
    entry = entry.trim();
    if (entry.empty())
      return bad("an empty item");
    if (entry == "none")
      return bad("none with other items");
    WeightsSpec::Item item;
    item.name = entry.str();
    unsigned index = 0;
    if (entry.consume_front("arg") && !entry.empty() &&
        !entry.getAsInteger(10, index))
      item.index = index;
    else if (item.name.find_first_of("*?[\\") != std::string::npos) {
      llvm::Expected<llvm::GlobPattern> glob =
          llvm::GlobPattern::create(item.name);
      if (!glob)
        return bad("'" + item.name +
                   "' is no glob: " + llvm::toString(glob.takeError()));
      item.glob = true;
    }
    weights.items.push_back(std::move(item));
  }
  options.weights = std::move(weights);
  return llvm::Error::success();
}

std::string mlsysim::describePrecision(const CostOptions &options) {
  if (!options.hasRolePrecision())
    return options.precision == Precision::AsWritten
               ? std::string()
               : stringifyPrecision(options.precision).str();
  std::string text;
  auto add = [&](StringRef role, std::optional<Precision> precision) {
    if (!precision || *precision == Precision::AsWritten)
      return;
    text += (text.empty() ? "" : ",") + role.str() + ":" +
            stringifyPrecision(*precision).str();
  };
  add("weights", options.weightsPrecision);
  add("kv", options.kvPrecision);
  if (options.precision != Precision::AsWritten)
    add("activations", options.precision);
  return text;
}

std::optional<Count> CostContext::bytesOf(Value value) const {
  std::optional<Count> elements = numElements(value);
  std::optional<uint64_t> bits = elementBits(value);
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
