//===- MLSysimDialect.cpp - The mlsysim dialect ---------------------------===//

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"

#include "mlsysim/Dialect/MLSysim/MLSysimAttrs.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <charconv>
#include <cmath>

using namespace mlsysim;
using namespace mlir;

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "mlsysim/Dialect/MLSysim/MLSysimAttrs.cpp.inc"

void MLSysimDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mlsysim/Dialect/MLSysim/MLSysimAttrs.cpp.inc"
      >();
}

/// The shortest text that parses back to the same double, as an MLIR
/// literal: integers (exact below 2^53) without a fraction, other values
/// with a '.' before any exponent ("1e+20" is no MLIR float literal,
/// "1.0e+20" is).
static void printExact(AsmPrinter &printer, const llvm::APFloat &apValue) {
  double value = apValue.convertToDouble();
  llvm::raw_ostream &os = printer.getStream();
  if (std::isfinite(value) && value == std::floor(value) &&
      std::fabs(value) < 9007199254740992.0) {
    os << static_cast<int64_t>(value);
    return;
  }
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  StringRef text(buffer, result.ptr - buffer);
  size_t exponent = text.find('e');
  if (text.contains('.') || exponent == StringRef::npos) {
    os << text;
    return;
  }
  os << text.take_front(exponent) << ".0" << text.drop_front(exponent);
}

void CostAttr::print(AsmPrinter &printer) const {
  if (!getPriced()) {
    printer << "<symbolic = ";
    printer.printAttribute(getSymbolic());
    printer << ">";
    return;
  }
  // In the order the parser reads them.
  std::pair<StringRef, APFloat> numbers[] = {
      {"flops", getFlops()},
      {"int_ops", getIntOps()},
      {"transcendentals", getTranscendentals()},
      {"bytes_read", getBytesRead()},
      {"bytes_written", getBytesWritten()},
      {"intensity", getIntensity()},
      {"latency_s", getLatency()}};
  printer << "<";
  for (const auto &[index, entry] : llvm::enumerate(numbers)) {
    printer << (index == 0 ? "" : ", ") << entry.first << " = ";
    printExact(printer, entry.second);
  }
  printer << ", bound = ";
  printer.printString(getBound());
  printer << ", unit = ";
  printer.printString(getUnit());
  if (getSymbolic()) {
    printer << ", symbolic = ";
    printer.printAttribute(getSymbolic());
  }
  printer << ">";
}

/// A number written as an integer (counts) or a float (ratios, seconds).
static ParseResult parseNumber(AsmParser &parser, double &value) {
  APInt integer;
  OptionalParseResult parsed = parser.parseOptionalInteger(integer);
  if (parsed.has_value()) {
    if (failed(*parsed))
      return failure();
    value = integer.isNegative() ? -integer.abs().roundToDouble()
                                 : integer.roundToDouble();
    return success();
  }
  return parser.parseFloat(value);
}

Attribute CostAttr::parse(AsmParser &parser, Type) {
  double values[7];
  static constexpr StringLiteral kNumberKeys[] = {
      "flops",         "int_ops",   "transcendentals", "bytes_read",
      "bytes_written", "intensity", "latency_s"};
  std::string bound, unit;
  if (parser.parseLess())
    return {};
  // Formulas only: `<symbolic = {...}>`.
  DictionaryAttr symbolic;
  if (succeeded(parser.parseOptionalKeyword("symbolic"))) {
    if (parser.parseEqual() || parser.parseAttribute(symbolic) ||
        parser.parseGreater())
      return {};
    return CostAttr::get(parser.getContext(), symbolic);
  }
  for (auto [key, value] : llvm::zip_equal(kNumberKeys, values)) {
    if (parser.parseKeyword(key) || parser.parseEqual() ||
        parseNumber(parser, value) || parser.parseComma())
      return {};
    if (value < 0) {
      parser.emitError(parser.getCurrentLocation(),
                       "'" + key + "' must not be negative");
      return {};
    }
  }
  if (parser.parseKeyword("bound") || parser.parseEqual() ||
      parser.parseString(&bound) || parser.parseComma() ||
      parser.parseKeyword("unit") || parser.parseEqual() ||
      parser.parseString(&unit))
    return {};
  if (succeeded(parser.parseOptionalComma()) &&
      (parser.parseKeyword("symbolic") || parser.parseEqual() ||
       parser.parseAttribute(symbolic)))
    return {};
  if (parser.parseGreater())
    return {};
  auto apFloat = [](double value) { return llvm::APFloat(value); };
  return CostAttr::get(
      parser.getContext(), apFloat(values[0]), apFloat(values[1]),
      apFloat(values[2]), apFloat(values[3]), apFloat(values[4]),
      apFloat(values[5]), apFloat(values[6]), bound, unit, symbolic, true);
}
