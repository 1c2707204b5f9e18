//===- JSONWriter.cpp - Every JSON view writes numbers one way ------------===//

#include "mlsysim/Reporting/JSONWriter.h"

#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>

using namespace mlsysim;
using llvm::json::Value;

void mlsysim::writeJSON(llvm::json::OStream &json, const Value &value) {
  switch (value.kind()) {
  case Value::Object: {
    const llvm::json::Object &object = *value.getAsObject();
    llvm::SmallVector<const llvm::json::Object::value_type *> entries;
    for (const auto &entry : object)
      entries.push_back(&entry);
    llvm::sort(entries, [](const auto *a, const auto *b) {
      return a->first < b->first;
    });
    json.object([&] {
      for (const auto *entry : entries)
        writeJSONAttribute(json, entry->first, entry->second);
    });
    return;
  }
  case Value::Array:
    json.array([&] {
      for (const Value &element : *value.getAsArray())
        writeJSON(json, element);
    });
    return;
  default:
    // Scalars as writeJSONScalar writes them, in one place.
    json.rawValue([&](llvm::raw_ostream &os) { writeJSONScalar(os, value); });
    return;
  }
}

/// Whether `text` is printable ASCII without a quote or a backslash: a JSON
/// string as it is. Eight bytes at a time (a report has tens of thousands of
/// names and locations), with the bit tricks of "Bit Twiddling Hacks"
/// (hasless, haszero): each test is exact on whether any byte matches.
static bool isPlainASCII(llvm::StringRef text) {
  constexpr uint64_t ones = 0x0101010101010101ull, highs = ones * 0x80;
  auto anyBad = [](uint64_t word) {
    uint64_t quote = word ^ (ones * '"'), backslash = word ^ (ones * '\\');
    return (word & highs) |                         // >= 0x80
           ((word - ones * 0x20) & ~word & highs) | // < 0x20
           ((quote - ones) & ~quote & highs) |      // '"'
           ((backslash - ones) & ~backslash & highs);
  };
  const char *at = text.data();
  size_t size = text.size();
  for (; size >= 8; at += 8, size -= 8) {
    uint64_t word;
    std::memcpy(&word, at, 8);
    if (anyBad(word))
      return false;
  }
  if (size == 0)
    return true;
  // The last bytes, padded with spaces (plain).
  uint64_t word = ones * ' ';
  std::memcpy(&word, at, size);
  return !anyBad(word);
}

/// Appends `text` as a JSON string: quotes, backslashes and control
/// characters escaped, bytes that are not UTF-8 replaced (as llvm::json
/// does).
void detail::appendString(llvm::SmallVectorImpl<char> &out,
                          llvm::StringRef text) {
  // Most strings (op names, locations, the views' own words) are printable
  // ASCII: appended whole, without the UTF-8 check and the escape loop.
  if (isPlainASCII(text)) {
    appendQuoted(out, text);
    return;
  }
  std::string fixed;
  if (!llvm::json::isUTF8(text)) {
    fixed = llvm::json::fixUTF8(text);
    text = fixed;
  }
  llvm::raw_svector_ostream os(out);
  os << '"';
  size_t start = 0;
  for (size_t i = 0, e = text.size(); i != e; ++i) {
    unsigned char c = text[i];
    if (c >= 0x20 && c != '"' && c != '\\')
      continue;
    os << text.slice(start, i);
    start = i + 1;
    switch (c) {
    case '"':
      os << "\\\"";
      break;
    case '\\':
      os << "\\\\";
      break;
    case '\n':
      os << "\\n";
      break;
    case '\t':
      os << "\\t";
      break;
    case '\r':
      os << "\\r";
      break;
    case '\b':
      os << "\\b";
      break;
    case '\f':
      os << "\\f";
      break;
    default:
      os << llvm::format("\\u%04x", c);
    }
  }
  os << text.drop_front(start) << '"';
}

/// Appends a number as every view writes it: an integral double as an
/// integer (as llvm::json would), the rest in the shortest form that reads
/// back the same; false (nothing appended) for a value JSON cannot hold.
bool detail::appendNumber(llvm::SmallVectorImpl<char> &out, double value) {
  if (value == 0.0) {
    out.push_back('0');
    return true;
  }
  if (!std::isfinite(value))
    return false;
  // [-2^63, 2^63): the doubles an int64_t holds; integral when the
  // truncated value is the value.
  if (value >= -9.223372036854775808e18 && value < 9.223372036854775808e18) {
    auto integral = static_cast<int64_t>(value);
    if (static_cast<double>(integral) == value) {
      appendInteger(out, integral);
      return true;
    }
  }
  // The shortest form costs hundreds of instructions, and reports repeat
  // their numbers (every layer of a model prices alike): the last forms
  // made, by bit pattern, in a small direct-mapped table per thread. Zero
  // never reaches it, so a zero pattern marks an empty slot.
  struct Shortest {
    uint64_t bits = 0;
    uint8_t size = 0;
    char text[31];
  };
  thread_local std::array<Shortest, 256> recent;
  uint64_t bits = llvm::bit_cast<uint64_t>(value);
  Shortest &slot = recent[(bits * 0x9E3779B97F4A7C15ull) >> 56];
  if (slot.bits != bits) {
    slot.bits = bits;
    slot.size =
        toShortest(slot.text, slot.text + sizeof(slot.text), value) - slot.text;
  }
  out.append(slot.text, slot.text + slot.size);
  return true;
}

/// Appends `text` (a literal of the views).
static void appendText(llvm::SmallVectorImpl<char> &out, llvm::StringRef text) {
  out.append(text.begin(), text.end());
}

void JSONScalar::write(llvm::raw_ostream &os) const {
  llvm::SmallString<64> text;
  appendTo(text);
  os << text;
}

void JSONScalar::writeText(llvm::raw_ostream &os) const {
  llvm::SmallString<64> text;
  switch (kind) {
  case Kind::Null:
    return;
  case Kind::Double:
    detail::appendNumber(text, number);
    break;
  case Kind::String:
  case Kind::Word:
    os << string;
    return;
  default:
    appendTo(text);
    break;
  }
  os << text;
}

Value JSONScalar::toValue() const {
  switch (kind) {
  case Kind::Null:
    return nullptr;
  case Kind::Boolean:
    return boolean;
  case Kind::Signed:
    return sint;
  case Kind::Unsigned:
    return uint;
  case Kind::Double:
    return number;
  case Kind::String:
  case Kind::Word:
    // Owned: a tree outlives the fields it was built from.
    return string.str();
  }
  llvm_unreachable("every kind of scalar");
}

void mlsysim::writeJSONScalar(llvm::raw_ostream &os, const Value &value) {
  // Through JSONScalar: one rule for every scalar any view writes.
  switch (value.kind()) {
  case Value::Null:
    return JSONScalar(nullptr).write(os);
  case Value::Boolean:
    return JSONScalar(*value.getAsBoolean()).write(os);
  case Value::String:
    return JSONScalar(*value.getAsString()).write(os);
  case Value::Number:
    if (std::optional<int64_t> integer = value.getAsInteger())
      return JSONScalar(*integer).write(os);
    if (std::optional<uint64_t> integer = value.getAsUINT64())
      return JSONScalar(*integer).write(os);
    return JSONScalar(*value.getAsNumber()).write(os);
  default:
    llvm_unreachable("writeJSONScalar takes scalars");
  }
}

void mlsysim::writeJSONAttribute(llvm::json::OStream &json, llvm::StringRef key,
                                 const Value &value) {
  json.attributeBegin(key);
  writeJSON(json, value);
  json.attributeEnd();
}

void mlsysim::printJSON(const Value &value, llvm::raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/2);
  writeJSON(json, value);
  os << "\n";
}

RecordArrayWriter::RecordArrayWriter(llvm::raw_ostream &os, unsigned indent)
    : os(os), indent(indent) {
  os << '[';
}

void RecordArrayWriter::beginRecord() {
  record.clear();
  appendText(record, anyRecord ? ",\n" : "\n");
  record.append(indent + 2, ' ');
  record.push_back('{');
  anyRecord = true;
  fieldIndex = 0;
  reopen();
}

void RecordArrayWriter::beginNewField(llvm::StringRef key) {
  // `,\n`, the indentation, `"key": ` (keys are the views' own identifiers:
  // nothing to escape).
  llvm::SmallString<64> text;
  if (fieldIndex)
    text.push_back(',');
  text.push_back('\n');
  text.append(indent + 4, ' ');
  text.push_back('"');
  text.append(key);
  text.append({'"', ':', ' '});
  record.append(text);
  // Kept for the next record when it fits the fixed-size copy.
  if (text.size() > sizeof(Head::text))
    return;
  if (heads.size() <= fieldIndex)
    heads.resize(fieldIndex + 1);
  Head &head = heads[fieldIndex];
  head.key = key.data();
  head.keySize = key.size();
  head.size = text.size();
  std::memcpy(head.text, text.data(), text.size());
}

void RecordArrayWriter::anyField(llvm::StringRef key,
                                 const JSONScalar &scalar) {
  settle();
  beginField(key);
  scalar.appendTo(record);
  reopen();
}

void RecordArrayWriter::field(llvm::StringRef key,
                              llvm::ArrayRef<unsigned> integers) {
  settle();
  beginField(key);
  if (integers.empty()) {
    appendText(record, "[]");
    reopen();
    return;
  }
  record.push_back('[');
  for (auto [index, integer] : llvm::enumerate(integers)) {
    appendText(record, index ? ",\n" : "\n");
    record.append(indent + 6, ' ');
    detail::appendInteger(record, integer);
  }
  record.push_back('\n');
  record.append(indent + 4, ' ');
  record.push_back(']');
  reopen();
}

void RecordArrayWriter::field(llvm::StringRef key,
                              const llvm::json::Value &value) {
  settle();
  beginField(key);
  {
    llvm::raw_svector_ostream os(record);
    llvm::json::OStream json(os, /*IndentSize=*/0);
    writeJSON(json, value);
  }
  reopen();
}

void RecordArrayWriter::endRecord() {
  settle();
  if (fieldIndex) {
    record.push_back('\n');
    record.append(indent + 2, ' ');
  }
  record.push_back('}');
  os << record;
}

void RecordArrayWriter::finish() {
  if (anyRecord) {
    os << '\n';
    os.indent(indent);
  }
  os << ']';
}
