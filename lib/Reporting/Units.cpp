//===- Units.cpp - Human-readable quantities ------------------------------===//

#include "mlsysim/Reporting/Units.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <cmath>

using namespace mlsysim;

/// Past this magnitude a number is an approximation (a count beyond 64 bits
/// or a time derived from one): scientific notation, not hundreds of digits.
constexpr double kScientificFrom = 1e21;

std::string mlsysim::formatFixed(double value, int decimals) {
  if (!std::isfinite(value))
    return "unknown";
  if (std::fabs(value) >= kScientificFrom)
    return llvm::formatv("{0:e2}", value).str();
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value,
                              std::chars_format::fixed, decimals);
  return std::string(buffer, result.ptr);
}

/// Three significant digits.
static std::string threeDigits(double value) {
  double magnitude = std::fabs(value);
  int decimals = magnitude >= 100 || magnitude == std::floor(magnitude) ? 0
                 : magnitude >= 10                                      ? 1
                                                                        : 2;
  return formatFixed(value, decimals);
}

/// |value| rounded to three significant digits: the prefix is chosen on what
/// is printed (999.6 K prints as 1.00 M, not 1000 K).
static double printedMagnitude(double value) {
  double magnitude = std::fabs(value);
  if (magnitude == 0 || !std::isfinite(magnitude))
    return magnitude;
  double scale = std::pow(10.0, std::floor(std::log10(magnitude)) - 2);
  return std::round(magnitude / scale) * scale;
}

std::string mlsysim::formatQuantity(double value, llvm::StringRef unit) {
  static constexpr struct {
    double scale;
    const char *prefix;
  } kPrefixes[] = {{1e18, "E"}, {1e15, "P"}, {1e12, "T"},
                   {1e9, "G"},  {1e6, "M"},  {1e3, "K"}};
  if (value == 0)
    return ("0 " + unit).str();
  // A sum past the range of a double: unknown, never "inf".
  if (!std::isfinite(value))
    return ("unknown " + unit).str();
  double magnitude = printedMagnitude(value);
  for (const auto &p : kPrefixes)
    if (magnitude >= p.scale) {
      if (magnitude >= kScientificFrom)
        return (llvm::formatv("{0:e2} ", value) + unit).str();
      return threeDigits(value / p.scale) + " " + p.prefix + unit.str();
    }
  // Physical quantities below one unit (energy in J): milli, micro, nano.
  if (!unit.empty() && magnitude < 1) {
    static constexpr struct {
      double scale;
      const char *prefix;
    } kSmall[] = {{1e-3, "m"}, {1e-6, "µ"}, {1e-9, "n"}};
    for (const auto &p : kSmall)
      if (magnitude >= p.scale)
        return threeDigits(value / p.scale) + " " + p.prefix + unit.str();
  }
  return threeDigits(value) + " " + unit.str();
}

std::string mlsysim::formatSeconds(double seconds) {
  if (seconds == 0)
    return "0 s";
  if (!std::isfinite(seconds))
    return "unknown";
  double magnitude = printedMagnitude(seconds);
  if (magnitude >= 1e6)
    return llvm::formatv("{0:e2} s", seconds).str();
  if (magnitude >= 1)
    return threeDigits(seconds) + " s";
  if (magnitude >= 1e-3)
    return threeDigits(seconds * 1e3) + " ms";
  if (magnitude >= 1e-6)
    return threeDigits(seconds * 1e6) + " µs";
  return threeDigits(seconds * 1e9) + " ns";
}

std::string mlsysim::formatPercent(double fraction) {
  if (!std::isfinite(fraction))
    return "unknown";
  if (std::fabs(fraction * 100.0) >= kScientificFrom)
    return llvm::formatv("{0:e2}%", fraction * 100.0).str();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.1f%%", fraction * 100.0);
  return text;
}

std::string mlsysim::formatCount(const Count &count, llvm::StringRef noun) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << count << " " << noun;
  bool one = count.isExact() && count.getExact() == 1;
  if (!one)
    os << "s";
  return text;
}

char *mlsysim::toShortest(char *begin, char *end, double value) {
  // Unknown (a sum past the range of a double) is an empty field.
  if (!std::isfinite(value))
    return begin;
  // Large values are approximations (counts past 64 bits): scientific
  // notation does not pretend to more digits than a double holds.
  return std::fabs(value) >= 1e16
             ? std::to_chars(begin, end, value, std::chars_format::scientific)
                   .ptr
             : std::to_chars(begin, end, value).ptr;
}

std::string mlsysim::formatShortest(double value) {
  char buffer[64];
  return std::string(buffer,
                     toShortest(buffer, buffer + sizeof(buffer), value));
}

void mlsysim::writeShortest(llvm::raw_ostream &os, double value) {
  char buffer[64];
  os.write(buffer, toShortest(buffer, buffer + sizeof(buffer), value) - buffer);
}

std::string mlsysim::formatChange(double before, double after) {
  if (!(before > 0))
    return "";
  return " (" + std::string(after >= before ? "+" : "") +
         formatFixed((after - before) / before * 100, 1) + "%)";
}
