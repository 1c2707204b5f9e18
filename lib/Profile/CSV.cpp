//===- CSV.cpp - RFC 4180 records, and the cells the profilers print ------===//
//
// A hand-written scanner rather than a split on commas: kernel names carry
// commas ("void k(int, float)") and, quoted, could carry newlines, so a
// record is not a line. The scanner is lenient where RFC 4180 is silent (a
// quote inside an unquoted field is a character; text after a closing quote
// joins the field) and strict only where data would be lost: a quote that
// never closes is an error naming the line it opened on.
//
//===----------------------------------------------------------------------===//

#include "CSV.h"

#include "mlsysim/Profile/Profile.h"

#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace mlsysim;

llvm::Expected<std::vector<CSVRecord>>
mlsysim::parseCSVRecords(llvm::StringRef text) {
  // A UTF-8 byte order mark, as spreadsheet tools on Windows write it.
  text.consume_front("\xEF\xBB\xBF");
  std::vector<CSVRecord> records;
  size_t i = 0, size = text.size();
  unsigned line = 1;
  auto atLineEnd = [&](size_t at) {
    return text[at] == '\n' ||
           (text[at] == '\r' && at + 1 < size && text[at + 1] == '\n');
  };
  while (i < size) {
    CSVRecord record;
    record.line = line;
    bool recordEnded = false, quoted = false;
    while (!recordEnded) {
      std::string field;
      if (i < size && text[i] == '"') {
        quoted = true;
        unsigned opened = line;
        ++i;
        while (true) {
          if (i >= size)
            return llvm::createStringError(
                "line %u: unterminated quote (the file ends inside a quoted "
                "field: truncated?)",
                opened);
          char c = text[i];
          if (c == '"') {
            // A doubled quote is one quote character; a single one closes.
            if (i + 1 < size && text[i + 1] == '"') {
              field += '"';
              i += 2;
              continue;
            }
            ++i;
            break;
          }
          line += c == '\n';
          field += c;
          ++i;
        }
      }
      while (i < size && text[i] != ',' && !atLineEnd(i))
        field += text[i++];
      record.fields.push_back(std::move(field));
      if (i < size && text[i] == ',') {
        ++i;
        continue;
      }
      // End of line or of file: the record is complete.
      if (i < size) {
        i += text[i] == '\r' ? 2 : 1;
        ++line;
      }
      recordEnded = true;
    }
    // An empty line, not a line holding one quoted empty field ("").
    bool blank =
        !quoted && record.fields.size() == 1 && record.fields[0].empty();
    if (!blank)
      records.push_back(std::move(record));
  }
  return records;
}

llvm::Expected<std::vector<std::vector<std::string>>>
mlsysim::parseCSV(llvm::StringRef text) {
  llvm::Expected<std::vector<CSVRecord>> records = parseCSVRecords(text);
  if (!records)
    return records.takeError();
  std::vector<std::vector<std::string>> rows;
  rows.reserve(records->size());
  for (CSVRecord &record : *records)
    rows.push_back(std::move(record.fields));
  return rows;
}

std::optional<double> mlsysim::parseCSVNumber(llvm::StringRef cell) {
  cell = cell.trim();
  if (cell.empty())
    return std::nullopt;
  // ncu prints "1,234.5" (thousands separators); getAsDouble does not take
  // them.
  std::string digits;
  digits.reserve(cell.size());
  for (char c : cell)
    if (c != ',')
      digits += c;
  double value = 0;
  if (llvm::StringRef(digits).getAsDouble(value) || !std::isfinite(value))
    return std::nullopt;
  return value;
}

bool mlsysim::isEmptyCell(llvm::StringRef cell) {
  cell = cell.trim();
  return cell.empty() || cell.equals_insensitive("n/a");
}

std::optional<double> mlsysim::getSecondsPerUnit(llvm::StringRef unit) {
  double scale = llvm::StringSwitch<double>(unit.trim())
                     .Cases({"ns", "nsec", "nsecond"}, 1e-9)
                     .Cases({"us", "usec", "usecond"}, 1e-6)
                     .Cases({"ms", "msec", "msecond"}, 1e-3)
                     .Cases({"s", "sec", "second"}, 1.0)
                     .Default(0.0);
  if (scale == 0.0)
    return std::nullopt;
  return scale;
}

std::optional<unsigned> mlsysim::findColumn(llvm::ArrayRef<std::string> header,
                                            llvm::StringRef name) {
  for (unsigned i = 0; i < header.size(); ++i)
    if (llvm::StringRef(header[i]).trim() == name)
      return i;
  return std::nullopt;
}

std::pair<llvm::StringRef, llvm::StringRef>
mlsysim::splitColumnUnit(llvm::StringRef column) {
  column = column.trim();
  size_t open = column.rfind('(');
  if (!column.ends_with(")") || open == llvm::StringRef::npos)
    return {column, ""};
  return {column.take_front(open).rtrim(),
          column.slice(open + 1, column.size() - 1).trim()};
}

llvm::Error mlsysim::makeCSVError(llvm::StringRef path, unsigned line,
                                  const llvm::Twine &what) {
  return llvm::createStringError("%s: line %u: %s", path.str().c_str(), line,
                                 what.str().c_str());
}

bool mlsysim::hasCSVHeader(llvm::StringRef text,
                           llvm::function_ref<bool(const CSVRecord &)> isHeader,
                           llvm::function_ref<bool(llvm::StringRef)> skip) {
  llvm::StringRef rest = text;
  for (unsigned lines = 0; lines < 32 && !rest.empty();) {
    llvm::StringRef line;
    std::tie(line, rest) = rest.split('\n');
    if (skip && skip(line))
      continue;
    ++lines;
    llvm::Expected<std::vector<CSVRecord>> records = parseCSVRecords(line);
    if (!records) {
      llvm::consumeError(records.takeError());
      continue;
    }
    if (!records->empty() && isHeader(records->front()))
      return true;
  }
  return false;
}
