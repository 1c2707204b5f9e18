//===- EnumNames.h - One spelling per value of an option enum ---*- C++ -*-===//
//
// The enums that users spell in options (format, flop convention, memory
// level, precision, execution model) each have one table of names. The pass
// options' values and every printed name are read from it, so a value is
// spelled once.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_SUPPORT_ENUMNAMES_H
#define MLSYSIM_SUPPORT_ENUMNAMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"

#include <array>
#include <iterator>
#include <optional>
#include <string>
#include <type_traits>

namespace mlsysim {

/// One value of an option enum with its spelling and what it means.
template <typename EnumT> struct EnumName {
  EnumT value;
  llvm::StringLiteral name;
  llvm::StringLiteral description;
};

/// The values of `table`, in its order (to loop over every value).
template <typename EnumT, size_t N>
constexpr std::array<EnumT, N>
getEnumValues(const EnumName<EnumT> (&table)[N]) {
  std::array<EnumT, N> values{};
  for (size_t i = 0; i < N; ++i)
    values[i] = table[i].value;
  return values;
}

/// The spelling of `value` in `table` (empty if absent). A table is a range
/// of entries with a `value` and a `name`: EnumName, or the row of a table
/// that also says what else a value means (its color, its printer).
template <typename TableT, typename EnumT>
llvm::StringRef stringifyEnum(const TableT &table, EnumT value) {
  for (const auto &entry : table)
    if (entry.value == value)
      return entry.name;
  return "";
}

/// The entry of `table` for `value`; every value has one.
template <typename TableT, typename EnumT>
const auto &lookupEnum(const TableT &table, EnumT value) {
  for (const auto &entry : table)
    if (entry.value == value)
      return entry;
  llvm_unreachable("a value missing from its enum's table");
}

/// The value spelled `name` in `table`, or std::nullopt.
template <typename TableT>
auto parseEnum(const TableT &table, llvm::StringRef name)
    -> std::optional<std::remove_cv_t<decltype(std::begin(table)->value)>> {
  for (const auto &entry : table)
    if (entry.name == name)
      return entry.value;
  return std::nullopt;
}

/// The values of an enum-typed command-line or pass option, read from
/// `table`: `Option<..., [{::mlsysim::EnumValues<E>{kENames}}]>` in
/// Passes.td, in place of a hand-written `llvm::cl::values(...)`. `EntryT`
/// for a table whose rows say more than the name (ReportFormatInfo).
template <typename EnumT, typename EntryT = EnumName<EnumT>> struct EnumValues {
  llvm::ArrayRef<EntryT> table;

  template <typename Opt> void apply(Opt &option) const {
    for (const EntryT &entry : table)
      option.getParser().addLiteralOption(entry.name, entry.value,
                                          entry.description);
  }
};

} // namespace mlsysim

#endif // MLSYSIM_SUPPORT_ENUMNAMES_H
