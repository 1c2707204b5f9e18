//===- ElementKind.h - Numeric formats a compute unit is rated for -*- C++ -*-//
//
// Hardware peaks are published per numeric format, not per MLIR type: every
// 8-bit float shares the `fp8` rate, `i5`..`i8` the `i8` rate, and so on. This
// header is the one mapping from MLIR element types to those formats, and the
// one fallback order used when a unit lacks a format.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_HARDWARE_ELEMENTKIND_H
#define MLSYSIM_HARDWARE_ELEMENTKIND_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace mlsysim {

/// A numeric format with its own peak rate.
enum class ElementKind {
  F64,
  F32,
  TF32,
  BF16,
  F16,
  FP8,
  FP6,
  FP4,
  I64,
  I32,
  I16,
  I8,
  I4,
};

/// The zoo's key for a kind (`f64`, `tf32`, `fp8`, `i8`, ...).
llvm::StringRef stringifyElementKind(ElementKind kind);
/// Parses a zoo key; std::nullopt when unknown.
std::optional<ElementKind> parseElementKind(llvm::StringRef key);

/// The format whose peak prices arithmetic on `type` (complex types use their
/// element type); std::nullopt for types with no arithmetic rate.
std::optional<ElementKind> classifyElementType(mlir::Type type);

/// The next wider format to try when a unit has no rate for `kind`
/// (fp4 -> fp6 -> fp8 -> f16 -> f32 -> f64, bf16 -> f32, tf32 -> f32,
/// i4 -> i8 -> i16 -> i32 -> i64); std::nullopt at the end of a chain.
std::optional<ElementKind> widerElementKind(ElementKind kind);

/// The next narrower format of the same family, tried when no wider format is
/// rated (i64 -> i32 -> i16 -> i8 -> i4, f64 -> f32 -> f16 -> fp8 ...);
/// std::nullopt at the end.
std::optional<ElementKind> narrowerElementKind(ElementKind kind);

/// Whether `kind` is an integer format (rated in op/s rather than FLOP/s).
bool isIntegerKind(ElementKind kind);

} // namespace mlsysim

#endif // MLSYSIM_HARDWARE_ELEMENTKIND_H
