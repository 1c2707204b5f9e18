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
#include "llvm/Support/Compiler.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace mlsysim {

namespace detail {
/// Appends an integer in decimal (raw_ostream's formatter is several times
/// slower).
template <typename T>
inline void appendInteger(llvm::SmallVectorImpl<char> &out, T value) {
  size_t size = out.size();
  out.resize_for_overwrite(size + 24);
  char *end =
      std::to_chars(out.data() + size, out.data() + out.size(), value).ptr;
  out.truncate(end - out.data());
}
/// Appends `text` between quotes as it is (nothing in it to escape), in one
/// growth of the buffer.
LLVM_ATTRIBUTE_ALWAYS_INLINE void appendQuoted(llvm::SmallVectorImpl<char> &out,
                                               llvm::StringRef text) {
  size_t size = out.size();
  out.resize_for_overwrite(size + text.size() + 2);
  char *at = out.data() + size;
  *at = '"';
  std::memcpy(at + 1, text.data(), text.size());
  at[text.size() + 1] = '"';
}
/// Appends a double as JSONScalar::appendTo does; false (nothing appended)
/// for a value JSON cannot hold.
bool appendNumber(llvm::SmallVectorImpl<char> &out, double value);
/// Appends `text` as a JSON string (quoted, escaped).
void appendString(llvm::SmallVectorImpl<char> &out, llvm::StringRef text);
} // namespace detail

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
  /// The most bytes writeFixed writes (a 64-bit integer's digits and sign).
  static constexpr size_t kMaxFixedSize = 20;
  /// Whether its text is of bounded size (null, a boolean, an integer, a
  /// zero).
  bool isFixed() const {
    return kind <= Kind::Unsigned || (kind == Kind::Double && number == 0.0);
  }
  /// Writes a fixed scalar's text at `at`, which has room for
  /// kMaxFixedSize bytes; returns its end.
  LLVM_ATTRIBUTE_ALWAYS_INLINE char *writeFixed(char *at) const {
    switch (kind) {
    case Kind::Null:
      std::memcpy(at, "null", 4);
      return at + 4;
    case Kind::Boolean:
      if (boolean) {
        std::memcpy(at, "true", 4);
        return at + 4;
      }
      std::memcpy(at, "false", 5);
      return at + 5;
    case Kind::Signed:
      return std::to_chars(at, at + kMaxFixedSize, sint).ptr;
    case Kind::Unsigned:
      return std::to_chars(at, at + kMaxFixedSize, uint).ptr;
    case Kind::Double:
      *at = '0';
      return at + 1;
    default:
      llvm_unreachable("writeFixed takes fixed scalars");
    }
  }
  /// The string, when it is one.
  std::optional<llvm::StringRef> getAsString() const {
    if (kind != Kind::String && kind != Kind::Word)
      return std::nullopt;
    return string;
  }
  /// Appends it to `out` as every JSON view writes a scalar: the one rule
  /// (null for a number JSON cannot hold, integral numbers as integers, the
  /// rest in the shortest form that reads back the same; strings escaped).
  /// Inline: a large report writes hundreds of thousands of fields, and at
  /// each call site the kind is usually known.
  LLVM_ATTRIBUTE_ALWAYS_INLINE void
  appendTo(llvm::SmallVectorImpl<char> &out) const {
    if (isFixed()) {
      size_t size = out.size();
      out.resize_for_overwrite(size + kMaxFixedSize);
      out.truncate(writeFixed(out.data() + size) - out.data());
      return;
    }
    switch (kind) {
    case Kind::Double:
      if (!detail::appendNumber(out, number))
        out.append({'n', 'u', 'l', 'l'});
      return;
    case Kind::String:
      return detail::appendString(out, string);
    case Kind::Word:
      return detail::appendQuoted(out, string);
    default:
      llvm_unreachable("fixed scalars are written above");
    }
  }
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
/// object write them sorted). Keys are the views' own identifiers (nothing
/// to escape) and must stay in place while the writer lives (string
/// literals): the text before each field is made once per position and key.
class RecordArrayWriter {
public:
  RecordArrayWriter(llvm::raw_ostream &os, unsigned indent);
  void beginRecord();
  LLVM_ATTRIBUTE_ALWAYS_INLINE void field(llvm::StringRef key,
                                          const JSONScalar &scalar) {
    // Most fields (null, booleans, integers) at a known position with room
    // in the record: written in place, with no call (so no stack frame).
    if (LLVM_LIKELY(scalar.isFixed() && fieldIndex < heads.size() &&
                    heads[fieldIndex].key == key.data() &&
                    heads[fieldIndex].keySize == key.size() &&
                    record.size() - used >=
                        sizeof(Head::text) + JSONScalar::kMaxFixedSize)) {
      const Head &head = heads[fieldIndex++];
      char *at = record.data() + used;
      std::memcpy(at, head.text, sizeof(head.text));
      used = scalar.writeFixed(at + head.size) - record.data();
      return;
    }
    anyField(key, scalar);
  }
  void field(llvm::StringRef key, llvm::ArrayRef<unsigned> integers);
  /// A nested value, written on one line (objects' keys sorted).
  void field(llvm::StringRef key, const llvm::json::Value &value);
  void endRecord();
  /// Closes the array.
  void finish();

private:
  /// The text before a field: `,\n` (not before a record's first field),
  /// the indentation and `"key": `.
  /// 64 bytes: indexing the heads by field is a shift, not a division.
  struct Head {
    const char *key = nullptr;
    uint32_t keySize = 0;
    uint32_t size = 0;
    /// Copied whole (a fixed-size copy is a few moves), `size` kept.
    char text[48];
  };
  static_assert(sizeof(Head) == 64, "a power of two");

  LLVM_ATTRIBUTE_ALWAYS_INLINE void beginField(llvm::StringRef key) {
    if (LLVM_LIKELY(fieldIndex < heads.size() &&
                    heads[fieldIndex].key == key.data() &&
                    heads[fieldIndex].keySize == key.size())) {
      const Head &head = heads[fieldIndex];
      size_t size = record.size();
      record.reserve(size + sizeof(head.text));
      std::memcpy(record.data() + size, head.text, sizeof(head.text));
      record.resize_for_overwrite(size + head.size);
    } else {
      beginNewField(key);
    }
    ++fieldIndex;
  }
  /// beginField for a key not met at this position before.
  void beginNewField(llvm::StringRef key);
  /// Any field (field's general case).
  void anyField(llvm::StringRef key, const JSONScalar &scalar);

  llvm::raw_ostream &os;
  unsigned indent;
  /// The head of each position's field, as last written.
  std::vector<Head> heads;
  /// The record being written: its first `used` bytes. Between calls its
  /// size is its capacity, so that field() writes in place with no call;
  /// the other writes see it cut to `used` (settle) and reopen it after.
  llvm::SmallString<2048> record;
  size_t used = 0;
  void settle() { record.truncate(used); }
  void reopen() {
    used = record.size();
    record.resize_for_overwrite(record.capacity());
  }
  /// Fields written to the record so far.
  unsigned fieldIndex = 0;
  bool anyRecord = false;
};

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_JSONWRITER_H
