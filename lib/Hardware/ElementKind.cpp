//===- ElementKind.cpp - Numeric formats a compute unit is rated for ------===//

#include "mlsysim/Hardware/ElementKind.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlsysim;

static constexpr ElementKind kAllKinds[] = {
    ElementKind::F64, ElementKind::F32, ElementKind::TF32, ElementKind::BF16,
    ElementKind::F16, ElementKind::FP8, ElementKind::FP6,  ElementKind::FP4,
    ElementKind::I64, ElementKind::I32, ElementKind::I16,  ElementKind::I8,
    ElementKind::I4};

llvm::StringRef mlsysim::stringifyElementKind(ElementKind kind) {
  switch (kind) {
  case ElementKind::F64:
    return "f64";
  case ElementKind::F32:
    return "f32";
  case ElementKind::TF32:
    return "tf32";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::F16:
    return "f16";
  case ElementKind::FP8:
    return "fp8";
  case ElementKind::FP6:
    return "fp6";
  case ElementKind::FP4:
    return "fp4";
  case ElementKind::I64:
    return "i64";
  case ElementKind::I32:
    return "i32";
  case ElementKind::I16:
    return "i16";
  case ElementKind::I8:
    return "i8";
  case ElementKind::I4:
    return "i4";
  }
  llvm_unreachable("unknown element kind");
}

std::optional<ElementKind> mlsysim::parseElementKind(llvm::StringRef key) {
  for (ElementKind kind : kAllKinds)
    if (stringifyElementKind(kind) == key)
      return kind;
  return std::nullopt;
}

std::optional<ElementKind> mlsysim::classifyElementType(mlir::Type type) {
  if (auto complex = llvm::dyn_cast<mlir::ComplexType>(type))
    type = complex.getElementType();
  if (type.isIndex())
    return ElementKind::I64;
  if (auto intType = llvm::dyn_cast<mlir::IntegerType>(type)) {
    unsigned width = intType.getWidth();
    if (width <= 4)
      return ElementKind::I4;
    if (width <= 8)
      return ElementKind::I8;
    if (width <= 16)
      return ElementKind::I16;
    if (width <= 32)
      return ElementKind::I32;
    return ElementKind::I64;
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
    unsigned width = floatType.getWidth();
    if (width <= 4)
      return ElementKind::FP4;
    if (width <= 6)
      return ElementKind::FP6;
    if (width <= 8)
      return ElementKind::FP8;
    if (width <= 16)
      return ElementKind::F16;
    return ElementKind::F32;
  }
  return std::nullopt;
}

std::optional<ElementKind> mlsysim::widerElementKind(ElementKind kind) {
  switch (kind) {
  case ElementKind::FP4:
    return ElementKind::FP6;
  case ElementKind::FP6:
    return ElementKind::FP8;
  case ElementKind::FP8:
    return ElementKind::F16;
  case ElementKind::F16:
  case ElementKind::BF16:
  case ElementKind::TF32:
    return ElementKind::F32;
  case ElementKind::F32:
    return ElementKind::F64;
  case ElementKind::I4:
    return ElementKind::I8;
  case ElementKind::I8:
    return ElementKind::I16;
  case ElementKind::I16:
    return ElementKind::I32;
  case ElementKind::I32:
    return ElementKind::I64;
  case ElementKind::F64:
  case ElementKind::I64:
    return std::nullopt;
  }
  llvm_unreachable("unknown element kind");
}

std::optional<ElementKind> mlsysim::narrowerElementKind(ElementKind kind) {
  switch (kind) {
  case ElementKind::F64:
    return ElementKind::F32;
  case ElementKind::F32:
  case ElementKind::TF32:
    return ElementKind::F16;
  case ElementKind::BF16:
  case ElementKind::F16:
    return ElementKind::FP8;
  case ElementKind::FP8:
    return ElementKind::FP6;
  case ElementKind::FP6:
    return ElementKind::FP4;
  case ElementKind::I64:
    return ElementKind::I32;
  case ElementKind::I32:
    return ElementKind::I16;
  case ElementKind::I16:
    return ElementKind::I8;
  case ElementKind::I8:
    return ElementKind::I4;
  case ElementKind::FP4:
  case ElementKind::I4:
    return std::nullopt;
  }
  llvm_unreachable("unknown element kind");
}

bool mlsysim::isIntegerKind(ElementKind kind) {
  switch (kind) {
  case ElementKind::I64:
  case ElementKind::I32:
  case ElementKind::I16:
  case ElementKind::I8:
  case ElementKind::I4:
    return true;
  default:
    return false;
  }
}
