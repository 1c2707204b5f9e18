//===- Count.h - Overflow-safe operation and byte counts --------*- C++ -*-===//
//
// Work and traffic counts are products of tensor dimensions, which a hostile or
// simply large program can push past 64 bits. A Count is exact while it fits in
// an unsigned 64-bit integer and degrades to a double (never wraps) beyond.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_SUPPORT_COUNT_H
#define MLSYSIM_SUPPORT_COUNT_H

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>

namespace mlsysim {

/// A non-negative count of operations or bytes: exact in 64 bits, otherwise an
/// approximation in double precision.
class Count {
public:
  Count() = default;
  Count(uint64_t value) : exactValue(value) {}

  /// Returns a count holding `value`, exact when it is an integer that fits.
  static Count fromDouble(double value);

  bool isExact() const { return exact; }
  bool isZero() const { return exact ? exactValue == 0 : approxValue == 0.0; }
  /// The exact value; only valid when isExact().
  uint64_t getExact() const { return exactValue; }
  /// The value as a double (rounded when above 2^53).
  double toDouble() const {
    return exact ? static_cast<double>(exactValue) : approxValue;
  }
  /// Whether the value is finite (a double approximation can overflow to
  /// infinity on absurd shapes).
  bool isFinite() const;

  // Inline: counts are summed in every loop of the analysis.
  Count operator+(const Count &other) const {
    uint64_t sum;
    if (exact && other.exact &&
        !__builtin_add_overflow(exactValue, other.exactValue, &sum))
      return Count(sum);
    return approximate(toDouble() + other.toDouble());
  }
  /// Saturates at zero.
  Count operator-(const Count &other) const {
    if (exact && other.exact)
      return Count(exactValue > other.exactValue ? exactValue - other.exactValue
                                                 : 0);
    return fromDouble(std::max(0.0, toDouble() - other.toDouble()));
  }
  Count operator*(const Count &other) const {
    uint64_t product;
    if (exact && other.exact &&
        !__builtin_mul_overflow(exactValue, other.exactValue, &product))
      return Count(product);
    return approximate(toDouble() * other.toDouble());
  }
  Count &operator+=(const Count &other) { return *this = *this + other; }
  Count &operator*=(const Count &other) { return *this = *this * other; }
  bool operator==(const Count &other) const;
  bool operator!=(const Count &other) const { return !(*this == other); }

  /// Integer digits when exact, otherwise scientific notation.
  void print(llvm::raw_ostream &os) const;
  /// A JSON integer when exact, otherwise a JSON number.
  llvm::json::Value toJSON() const;

private:
  /// A count past 64 bits (or one that already was), as a double.
  static Count approximate(double value) {
    Count c;
    c.exact = false;
    c.approxValue = value;
    return c;
  }

  uint64_t exactValue = 0;
  double approxValue = 0.0;
  bool exact = true;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Count &c) {
  c.print(os);
  return os;
}

} // namespace mlsysim

#endif // MLSYSIM_SUPPORT_COUNT_H
