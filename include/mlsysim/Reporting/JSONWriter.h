//===- JSONWriter.h - Every JSON view writes through one writer -*- C++ -*-===//
//
// llvm::json prints a double with 17 significant digits and a non-finite
// one as a bare `inf`/`nan` token that no JSON reader accepts. Every JSON view
// (report, comparison, sweep, scaling, diff, trace) writes through this one
// writer instead: llvm::json::OStream's layout and string escaping, numbers
// in the shortest form that reads back as the same double (integral ones as
// integers), and null for a value JSON cannot hold.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_JSONWRITER_H
#define MLSYSIM_REPORTING_JSONWRITER_H

#include "mlsysim/Support/Count.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace mlsysim {

/// A scalar field of a record (null, boolean, integer, number or string),
/// made without allocating: strings are borrowed.
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
  /// An integer when exact, otherwise a number.
  JSONScalar(const Count &count)
      : JSONScalar(count.isExact() ? JSONScalar(count.getExact())
                                   : JSONScalar(count.toDouble())) {}

  bool isNull() const { return kind == Kind::Null; }
  /// The string, when it is one.
  std::optional<llvm::StringRef> getAsString() const {
    if (kind != Kind::String)
      return std::nullopt;
    return string;
  }
  /// Writes it as a JSON value (the one rule for a scalar of any view).
  void write(llvm::json::OStream &json) const;
  /// As text in a CSV cell: nothing for null, numbers as in JSON, strings
  /// unquoted.
  void writeText(llvm::raw_ostream &os) const;
  /// The same scalar as a json::Value, for the views that build a tree.
  llvm::json::Value toValue() const;

private:
  enum class Kind { Null, Boolean, Signed, Unsigned, Double, String };
  Kind kind = Kind::Null;
  union {
    bool boolean;
    int64_t sint;
    uint64_t uint;
    double number;
  };
  llvm::StringRef string;
};

/// Writes a double as every JSON view does: an integral one as an integer,
/// the rest in the shortest form that reads back the same; false (nothing
/// written) for a value JSON cannot hold.
bool writeJSONNumber(llvm::raw_ostream &os, double value);

/// The writer of every JSON view: an llvm::json::OStream (its object(),
/// array() and attribute*() give the structure) whose scalars and trees go
/// through the rules above.
class JSONWriter {
public:
  explicit JSONWriter(llvm::raw_ostream &os, unsigned indent = 2)
      : json(os, indent) {}

  llvm::json::OStream &stream() { return json; }
  void object(llvm::function_ref<void()> contents) { json.object(contents); }
  void array(llvm::function_ref<void()> contents) { json.array(contents); }

  void value(const JSONScalar &scalar) { scalar.write(json); }
  /// A tree, its objects' keys sorted (as llvm::json prints them).
  void tree(const llvm::json::Value &value);
  void attribute(llvm::StringRef key, const JSONScalar &scalar);
  void attributeTree(llvm::StringRef key, const llvm::json::Value &value);
  void attributeIntegers(llvm::StringRef key,
                         llvm::ArrayRef<unsigned> integers);
  /// A tree written on one line (an op record's formulas).
  void attributeOnOneLine(llvm::StringRef key, const llvm::json::Value &value);

private:
  llvm::json::OStream json;
};

/// `value` as a document indented by two spaces, with a final newline.
void printJSON(const llvm::json::Value &value, llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_JSONWRITER_H
