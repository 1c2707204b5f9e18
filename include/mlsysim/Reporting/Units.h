//===- Units.h - Human-readable quantities ----------------------*- C++ -*-===//
//
// Decimal SI prefixes throughout (1 KB = 1000 B, 1 GFLOP = 1e9 FLOP), as the
// hardware zoo and vendor datasheets use them.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_UNITS_H
#define MLSYSIM_REPORTING_UNITS_H

#include "mlsysim/Support/Count.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlsysim {

/// `value` with a decimal prefix and `unit`: "2.10 GFLOP", "512 B", "0".
std::string formatQuantity(double value, llvm::StringRef unit);
/// Seconds as "12.3 µs", "4.56 ms", "1.23 s".
std::string formatSeconds(double seconds);
/// `value` with `decimals` digits after the point ("341.33").
std::string formatFixed(double value, int decimals);
/// The shortest text that reads back as the same double ("12.8", "5e-06");
/// empty for a non-finite value (unknown).
std::string formatShortest(double value);
/// Writes formatShortest(value) to [begin, end) (32 bytes suffice) and
/// returns its end.
char *toShortest(char *begin, char *end, double value);
/// Writes formatShortest(value) without building a string.
void writeShortest(llvm::raw_ostream &os, double value);
/// A share as "62.5%".
std::string formatPercent(double fraction);
/// The relative change from `before` to `after`, " (+x.x%)" (empty when
/// `before` is not positive): every view that compares two latencies.
std::string formatChange(double before, double after);
/// A count and its noun, plural unless exactly one: "1 kernel", "56 kernels".
std::string formatCount(const Count &count, llvm::StringRef noun);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_UNITS_H
