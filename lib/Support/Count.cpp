//===- Count.cpp - Overflow-safe operation and byte counts ----------------===//

#include "mlsysim/Support/Count.h"

#include "llvm/Support/Format.h"

#include <cmath>

using namespace mlsysim;

Count Count::fromDouble(double value) {
  // 2^64 as a double; values below it that are integral convert exactly.
  constexpr double kTwoTo64 = 18446744073709551616.0;
  if (value >= 0 && value < kTwoTo64 && std::floor(value) == value)
    return Count(static_cast<uint64_t>(value));
  Count c;
  c.exact = false;
  c.approxValue = value < 0 ? 0.0 : value;
  return c;
}

bool Count::isFinite() const { return exact || std::isfinite(approxValue); }

bool Count::operator==(const Count &other) const {
  if (exact && other.exact)
    return exactValue == other.exactValue;
  return toDouble() == other.toDouble();
}

void Count::print(llvm::raw_ostream &os) const {
  if (exact)
    os << exactValue;
  else if (!std::isfinite(approxValue))
    os << "unknown"; // A sum past the range of a double.
  else
    os << llvm::format("%.6e", approxValue);
}

llvm::json::Value Count::toJSON() const {
  if (exact)
    return exactValue;
  return approxValue;
}
