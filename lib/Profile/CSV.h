//===- CSV.h - What the CSV readers share (private to lib/Profile) -*- C++ -*-//
//
// The records of a CSV file with the line each starts on (an error must name
// the line, and a quoted field may span several), and the cell helpers both
// Nsight readers need: a number as the profilers print it, a time unit in
// seconds, a column by name.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_LIB_PROFILE_CSV_H
#define MLSYSIM_LIB_PROFILE_CSV_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mlsysim {

/// One CSV record.
struct CSVRecord {
  /// The line (1-based) it starts on.
  unsigned line = 0;
  std::vector<std::string> fields;
};

/// The records of `text` (RFC 4180), blank lines left out. An error names
/// the line: "line 7: unterminated quote".
llvm::Expected<std::vector<CSVRecord>> parseCSVRecords(llvm::StringRef text);

/// A number as the profilers print it: surrounding blanks and thousands
/// separators ("1,234.5") allowed; std::nullopt when the cell is not one.
std::optional<double> parseCSVNumber(llvm::StringRef cell);

/// Whether a cell holds no value: empty, or ncu's "n/a".
bool isEmptyCell(llvm::StringRef cell);

/// Seconds per `unit`: nsys's header units (ns, us, ms, s; nsec, usec, msec,
/// sec in older versions) and ncu's metric units (nsecond, usecond, msecond,
/// second); std::nullopt for anything else.
std::optional<double> getSecondsPerUnit(llvm::StringRef unit);

/// The index of the column named `name` (exact, after trimming blanks).
std::optional<unsigned> findColumn(llvm::ArrayRef<std::string> header,
                                   llvm::StringRef name);

/// A header cell split into its name and the unit in parentheses:
/// "Duration (ns)" is {"Duration", "ns"}, "Start(sec)" {"Start", "sec"},
/// "Name" {"Name", ""}.
std::pair<llvm::StringRef, llvm::StringRef>
splitColumnUnit(llvm::StringRef column);

/// An error at `line` of `path`: "trace.csv: line 7: ...".
llvm::Error makeCSVError(llvm::StringRef path, unsigned line,
                         const llvm::Twine &what);

/// Whether one of the first 32 lines of `text` (each parsed alone, so that
/// a bad quote further down does not matter; lines `skip` accepts are not
/// counted) is a header `isHeader` accepts: how a reader recognizes its
/// table below a tool's progress lines.
bool hasCSVHeader(llvm::StringRef text,
                  llvm::function_ref<bool(const CSVRecord &)> isHeader,
                  llvm::function_ref<bool(llvm::StringRef)> skip = nullptr);

} // namespace mlsysim

#endif // MLSYSIM_LIB_PROFILE_CSV_H
