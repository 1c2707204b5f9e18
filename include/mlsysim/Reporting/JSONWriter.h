//===- JSONWriter.h - Every JSON view writes through one writer -*- C++ -*-===//
//
// Every JSON view (report, comparison, sweep, scaling, diff, trace) writes
// through this one writer. It lays documents out as llvm::json::OStream does
// and escapes strings as llvm::json does, but writes numbers in the shortest
// form that reads back as the same double (integral ones as integers; OStream
// prints 17 digits) and null for a value JSON cannot hold (OStream prints a
// bare `inf` or `nan`).
//
// It does not sit on OStream: OStream writes every punctuation mark through a
// call to the stream, and a report of 20,000 ops has a million fields
// (measured: the JSON report cost 1.39x of parsing and printing the IR
// through OStream, 1.13x this way). This writer appends to a buffer.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_JSONWRITER_H
#define MLSYSIM_REPORTING_JSONWRITER_H

#include "mlsysim/Support/Count.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
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
  /// A tree's scalar (null, boolean, number or string).
  static JSONScalar fromValue(const llvm::json::Value &value);

  /// The string, when it is one.
  std::optional<llvm::StringRef> getAsString() const {
    if (kind != Kind::String)
      return std::nullopt;
    return string;
  }
  /// Appends it as JSON: the one rule for a scalar of any view.
  void appendTo(llvm::SmallVectorImpl<char> &out) const;
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

/// Appends a double as every JSON view writes it: an integral one as an
/// integer, the rest in the shortest form that reads back the same; false
/// (nothing appended) for a value JSON cannot hold.
bool appendJSONNumber(llvm::SmallVectorImpl<char> &out, double value);

/// The writer of every JSON view: objects, arrays, attributes and values in
/// llvm::json::OStream's layout at `indent` spaces per level (0: one line).
class JSONWriter {
public:
  explicit JSONWriter(llvm::raw_ostream &os, unsigned indent = 2)
      : os(os), indentSize(indent) {}
  JSONWriter(const JSONWriter &) = delete;
  ~JSONWriter() { flush(); }

  void object(llvm::function_ref<void()> contents);
  void array(llvm::function_ref<void()> contents);
  void value(const JSONScalar &scalar);
  /// A tree, its objects' keys sorted (as llvm::json prints them).
  void tree(const llvm::json::Value &value);

  void attribute(llvm::StringRef key, const JSONScalar &scalar);
  void attributeObject(llvm::StringRef key,
                       llvm::function_ref<void()> contents);
  void attributeArray(llvm::StringRef key, llvm::function_ref<void()> contents);
  void attributeTree(llvm::StringRef key, const llvm::json::Value &value);
  void attributeIntegers(llvm::StringRef key,
                         llvm::ArrayRef<unsigned> integers);
  /// A tree written on one line (an op record's formulas).
  void attributeOnOneLine(llvm::StringRef key, const llvm::json::Value &value);

  /// Writes what is buffered to the stream.
  void flush();

private:
  /// What is being written: an object's attributes, an array's elements, or
  /// the one value of an attribute (or of the document).
  enum class Context { Object, Array, Single };
  struct Level {
    Context context;
    bool hasValue = false;
  };
  void newline();
  void beginValue();
  void beginAttribute(llvm::StringRef key);
  void endAttribute() { stack.pop_back(); }
  void open(Context context, char bracket);
  void close(char bracket);

  llvm::raw_ostream &os;
  unsigned indentSize, indent = 0;
  llvm::SmallVector<Level, 8> stack = {{Context::Single}};
  llvm::SmallString<8192> buffer;
};

/// `value` as a document indented by two spaces, with a final newline.
void printJSON(const llvm::json::Value &value, llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_JSONWRITER_H
