//===- ElementKind.cpp - Numeric formats a compute unit is rated for ------===//

#include "mlsysim/Hardware/ElementKind.h"

#include "mlsysim/Support/EnumNames.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlsysim;

namespace {
/// One numeric format: its zoo key and its neighbours in the fallback order.
struct ElementKindInfo {
  ElementKind value;
  llvm::StringLiteral name;
  /// Tried when a unit has no rate for this format, then the narrower chain.
  std::optional<ElementKind> wider, narrower;
  bool integer;
};
} // namespace

static constexpr std::nullopt_t kNone = std::nullopt;
// clang-format off
static constexpr ElementKindInfo kElementKinds[] = {
    // value            name    wider              narrower           integer
    {ElementKind::F64,  "f64",  kNone,             ElementKind::F32,  false},
    {ElementKind::F32,  "f32",  ElementKind::F64,  ElementKind::F16,  false},
    {ElementKind::TF32, "tf32", ElementKind::F32,  ElementKind::F16,  false},
    {ElementKind::BF16, "bf16", ElementKind::F32,  ElementKind::FP8,  false},
    {ElementKind::F16,  "f16",  ElementKind::F32,  ElementKind::FP8,  false},
    {ElementKind::FP8,  "fp8",  ElementKind::F16,  ElementKind::FP6,  false},
    {ElementKind::FP6,  "fp6",  ElementKind::FP8,  ElementKind::FP4,  false},
    {ElementKind::FP4,  "fp4",  ElementKind::FP6,  kNone,             false},
    {ElementKind::I64,  "i64",  kNone,             ElementKind::I32,  true},
    {ElementKind::I32,  "i32",  ElementKind::I64,  ElementKind::I16,  true},
    {ElementKind::I16,  "i16",  ElementKind::I32,  ElementKind::I8,   true},
    {ElementKind::I8,   "i8",   ElementKind::I16,  ElementKind::I4,   true},
    {ElementKind::I4,   "i4",   ElementKind::I8,   kNone,             true},
};
// clang-format on

llvm::StringRef mlsysim::stringifyElementKind(ElementKind kind) {
  return lookupEnum(kElementKinds, kind).name;
}

std::optional<ElementKind> mlsysim::parseElementKind(llvm::StringRef key) {
  return parseEnum(kElementKinds, key);
}

std::optional<ElementKind> mlsysim::widerElementKind(ElementKind kind) {
  return lookupEnum(kElementKinds, kind).wider;
}

std::optional<ElementKind> mlsysim::narrowerElementKind(ElementKind kind) {
  return lookupEnum(kElementKinds, kind).narrower;
}

bool mlsysim::isIntegerKind(ElementKind kind) {
  return lookupEnum(kElementKinds, kind).integer;
}

/// The kinds a width rounds up to, narrowest first: an integer or float of
/// at most that many bits takes that kind's rate.
static constexpr std::pair<unsigned, ElementKind> kIntegerWidths[] = {
    {4, ElementKind::I4},
    {8, ElementKind::I8},
    {16, ElementKind::I16},
    {32, ElementKind::I32}};
static constexpr std::pair<unsigned, ElementKind> kFloatWidths[] = {
    {4, ElementKind::FP4},
    {6, ElementKind::FP6},
    {8, ElementKind::FP8},
    {16, ElementKind::F16}};

/// The first kind of `widths` at least `width` bits wide, else `wider`.
static ElementKind
roundUpWidth(unsigned width,
             llvm::ArrayRef<std::pair<unsigned, ElementKind>> widths,
             ElementKind wider) {
  for (auto [bits, kind] : widths)
    if (width <= bits)
      return kind;
  return wider;
}

std::optional<ElementKind> mlsysim::classifyElementType(mlir::Type type) {
  if (auto complex = llvm::dyn_cast<mlir::ComplexType>(type))
    type = complex.getElementType();
  if (type.isIndex())
    return ElementKind::I64;
  if (auto intType = llvm::dyn_cast<mlir::IntegerType>(type)) {
    return roundUpWidth(intType.getWidth(), kIntegerWidths, ElementKind::I64);
  }
  if (auto floatType = llvm::dyn_cast<mlir::FloatType>(type)) {
    if (type.isF64() || floatType.getWidth() > 64)
      return ElementKind::F64;
    if (type.isTF32())
      return ElementKind::TF32;
    if (type.isF32())
      return ElementKind::F32;
    if (type.isBF16())
      return ElementKind::BF16;
    return roundUpWidth(floatType.getWidth(), kFloatWidths, ElementKind::F32);
  }
  return std::nullopt;
}
