//===- JSONWriter.cpp - Every JSON view writes numbers one way ------------===//

#include "mlsysim/Reporting/JSONWriter.h"

#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Format.h"

#include <charconv>
#include <cmath>

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

/// `text` as a JSON string: quotes, backslashes and control characters
/// escaped, bytes that are not UTF-8 replaced (as llvm::json does).
static void writeJSONString(llvm::raw_ostream &os, llvm::StringRef text) {
  std::string fixed;
  if (!llvm::json::isUTF8(text)) {
    fixed = llvm::json::fixUTF8(text);
    text = fixed;
  }
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

/// An integer in decimal (raw_ostream's formatter is several times slower).
template <typename T> static void writeInteger(llvm::raw_ostream &os, T value) {
  char buffer[24];
  os.write(buffer,
           std::to_chars(buffer, buffer + sizeof(buffer), value).ptr - buffer);
}

void mlsysim::writeJSONScalar(llvm::raw_ostream &os, const Value &value) {
  switch (value.kind()) {
  case Value::Null:
    os << "null";
    return;
  case Value::Boolean:
    os << (*value.getAsBoolean() ? "true" : "false");
    return;
  case Value::String:
    writeJSONString(os, *value.getAsString());
    return;
  case Value::Number:
    if (std::optional<int64_t> integer = value.getAsInteger())
      writeInteger(os, *integer);
    else if (std::optional<uint64_t> integer = value.getAsUINT64())
      writeInteger(os, *integer);
    // Integral doubles print as integers too (llvm::json would use
    // snprintf); a value JSON cannot hold is null.
    else if (!std::isfinite(*value.getAsNumber()))
      os << "null";
    else
      writeShortest(os, *value.getAsNumber());
    return;
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
  os << (anyRecord ? ",\n" : "\n");
  os.indent(indent + 2) << '{';
  anyRecord = true;
  anyField = false;
}

void RecordArrayWriter::beginField(llvm::StringRef key) {
  // One write per field: `,\n`, the indentation, `"key": ` (keys are the
  // views' own identifiers: nothing to escape).
  llvm::SmallString<64> text;
  if (anyField)
    text.push_back(',');
  text.push_back('\n');
  text.append(indent + 4, ' ');
  text.push_back('"');
  text.append(key);
  text.append("\": ");
  os.write(text.data(), text.size());
  anyField = true;
}

void RecordArrayWriter::field(llvm::StringRef key, const Value &scalar) {
  beginField(key);
  writeJSONScalar(os, scalar);
}

void RecordArrayWriter::field(llvm::StringRef key,
                              llvm::ArrayRef<unsigned> integers) {
  beginField(key);
  if (integers.empty()) {
    os << "[]";
    return;
  }
  os << '[';
  for (auto [index, integer] : llvm::enumerate(integers)) {
    os << (index ? ",\n" : "\n");
    os.indent(indent + 6);
    writeInteger(os, integer);
  }
  os << '\n';
  os.indent(indent + 4) << ']';
}

void RecordArrayWriter::endRecord() {
  if (anyField) {
    os << '\n';
    os.indent(indent + 2);
  }
  os << '}';
}

void RecordArrayWriter::finish() {
  if (anyRecord) {
    os << '\n';
    os.indent(indent);
  }
  os << ']';
}
