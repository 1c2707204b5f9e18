//===- JSONWriter.h - Every JSON view writes numbers one way ----*- C++ -*-===//
//
// llvm::json prints a double with 17 significant digits through snprintf (the
// most expensive step of a large report) and a non-finite one as a bare
// `inf`/`nan` token that no JSON reader accepts. Every JSON view (report,
// comparison, sweep, diff, trace) writes through these instead: the shortest
// form that reads back as the same double, and null for a value JSON cannot
// hold.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_JSONWRITER_H
#define MLSYSIM_REPORTING_JSONWRITER_H

#include "mlsysim/Support/Count.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace mlsysim {

/// A scalar field of a record (null, boolean, integer, number or string),
/// made without allocating and without the UTF-8 check a json::Value string
/// runs when it is made: the views with tens of thousands of records write
/// their fields through it. Strings are borrowed.
class JSONScalar {
public:
  JSONScalar(std::nullptr_t) {}
  JSONScalar(bool value) : kind(Kind::Boolean), boolean(value) {}
  JSONScalar(int value) : JSONScalar(static_cast<int64_t>(value)) {}
  JSONScalar(long value) : kind(Kind::Signed), sint(value) {}
  JSONScalar(long long value) : kind(Kind::Signed), sint(value) {}
  JSONScalar(unsigned value) : kind(Kind::Unsigned), uint(value) {}
  JSONScalar(unsigned long value) : kind(Kind::Unsigned), uint(value) {}
  JSONScalar(unsigned long long value) : kind(Kind::Unsigned), uint(value) {}
  JSONScalar(double value) : kind(Kind::Double), number(value) {}
  JSONScalar(llvm::StringRef value) : kind(Kind::String), string(value) {}
  JSONScalar(const char *value) : JSONScalar(llvm::StringRef(value)) {}
  JSONScalar(const std::string &value) : JSONScalar(llvm::StringRef(value)) {}
  /// A string of the views' own (an enum's name, a unit): printable ASCII
  /// with nothing to escape, written as it is.
  static JSONScalar word(llvm::StringRef value) {
    JSONScalar scalar(value);
    scalar.kind = Kind::Word;
    return scalar;
  }
  /// An integer when exact, otherwise a number.
  JSONScalar(const Count &count)
      : JSONScalar(count.isExact() ? JSONScalar(count.getExact())
                                   : JSONScalar(count.toDouble())) {}

  bool isNull() const { return kind == Kind::Null; }
  /// The string, when it is one.
  std::optional<llvm::StringRef> getAsString() const {
    if (kind != Kind::String && kind != Kind::Word)
      return std::nullopt;
    return string;
  }
  /// Appends it to `out` as every JSON view writes a scalar: the one rule
  /// (null for a number JSON cannot hold, integral numbers as integers, the
  /// rest in the shortest form that reads back the same; strings escaped).
  void appendTo(llvm::SmallVectorImpl<char> &out) const;
  /// Writes it as appendTo does.
  void write(llvm::raw_ostream &os) const;
  /// As text in a CSV cell: nothing for null, numbers as in JSON, strings
  /// unquoted.
  void writeText(llvm::raw_ostream &os) const;
  /// The same scalar as a json::Value, for the views that build a tree.
  llvm::json::Value toValue() const;

private:
  enum class Kind { Null, Boolean, Signed, Unsigned, Double, String, Word };
  Kind kind = Kind::Null;
  union {
    bool boolean;
    int64_t sint;
    uint64_t uint;
    double number;
  };
  llvm::StringRef string;
};

/// Writes `value` (objects with their keys sorted, as llvm::json does).
void writeJSON(llvm::json::OStream &json, const llvm::json::Value &value);

/// Writes `value` as an attribute of the object being written.
void writeJSONAttribute(llvm::json::OStream &json, llvm::StringRef key,
                        const llvm::json::Value &value);

/// Writes a scalar (null, boolean, number, string) straight to `os`, as
/// writeJSON would (the same rules as JSONScalar::write).
void writeJSONScalar(llvm::raw_ostream &os, const llvm::json::Value &value);

/// `value` as a document indented by two spaces, with a final newline.
void printJSON(const llvm::json::Value &value, llvm::raw_ostream &os);

/// Writes an array of flat records (scalar fields and arrays of integers)
/// straight to `os`, laid out as llvm::json::OStream lays out the same array
/// at indentation `indent`: the fast path of views with tens of thousands of
/// records, where building a Value tree costs more than parsing the IR did.
/// Each record is assembled in a buffer and written in one piece. Fields
/// appear in the order they are written (callers that mirror a sorted
/// object write them sorted).
class RecordArrayWriter {
public:
  RecordArrayWriter(llvm::raw_ostream &os, unsigned indent);
  void beginRecord();
  void field(llvm::StringRef key, JSONScalar scalar);
  void field(llvm::StringRef key, llvm::ArrayRef<unsigned> integers);
  /// A nested value, written on one line (objects' keys sorted).
  void field(llvm::StringRef key, const llvm::json::Value &value);
  void endRecord();
  /// Closes the array.
  void finish();

private:
  void beginField(llvm::StringRef key);

  llvm::raw_ostream &os;
  unsigned indent;
  /// `,\n`, a field's indentation and its key's opening quote: written
  /// whole before every field but a record's first (from its second byte).
  std::string fieldPrefix;
  /// The record being written.
  llvm::SmallString<2048> record;
  /// Fields written to the record so far.
  unsigned fieldIndex = 0;
  bool anyRecord = false;
};

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_JSONWRITER_H
