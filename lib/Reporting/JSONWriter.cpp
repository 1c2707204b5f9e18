//===- JSONWriter.cpp - Every JSON view writes through one writer ---------===//

#include "mlsysim/Reporting/JSONWriter.h"

#include "mlsysim/Reporting/Units.h"

#include <cmath>

using namespace mlsysim;
using llvm::json::Value;

bool mlsysim::writeJSONNumber(llvm::raw_ostream &os, double value) {
  if (!std::isfinite(value))
    return false;
  // [-2^63, 2^63): the doubles an int64_t holds; integral when the
  // truncated value is the value (zero, of either sign, is 0).
  if (value >= -9.223372036854775808e18 && value < 9.223372036854775808e18) {
    auto integral = static_cast<int64_t>(value);
    if (static_cast<double>(integral) == value) {
      os << integral;
      return true;
    }
  }
  char text[32];
  os.write(text, toShortest(text, text + sizeof(text), value) - text);
  return true;
}

/// Writes `text` as a JSON string: invalid UTF-8 replaced first (as
/// llvm::json::Value does), then quoted and escaped by the stream.
static void writeString(llvm::json::OStream &json, llvm::StringRef text) {
  if (llvm::json::isUTF8(text))
    json.value(text);
  else
    json.value(llvm::json::fixUTF8(text));
}

void JSONScalar::write(llvm::json::OStream &json) const {
  switch (kind) {
  case Kind::Null:
    json.value(nullptr);
    return;
  case Kind::Boolean:
    json.value(boolean);
    return;
  case Kind::Signed:
    json.value(sint);
    return;
  case Kind::Unsigned:
    json.value(uint);
    return;
  case Kind::Double:
    json.rawValue([&](llvm::raw_ostream &os) {
      if (!writeJSONNumber(os, number))
        os << "null";
    });
    return;
  case Kind::String:
    writeString(json, string);
    return;
  }
}

void JSONScalar::writeText(llvm::raw_ostream &os) const {
  switch (kind) {
  case Kind::Null:
    return;
  case Kind::Boolean:
    os << (boolean ? "true" : "false");
    return;
  case Kind::Signed:
    os << sint;
    return;
  case Kind::Unsigned:
    os << uint;
    return;
  case Kind::Double:
    writeJSONNumber(os, number);
    return;
  case Kind::String:
    os << string;
    return;
  }
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
    // Owned: a tree outlives the fields it was built from.
    return string.str();
  }
  llvm_unreachable("every kind of scalar");
}

/// A tree's scalar as the writer's scalar: the one rule for both.
static JSONScalar toScalar(const Value &value) {
  switch (value.kind()) {
  case Value::Null:
    return nullptr;
  case Value::Boolean:
    return *value.getAsBoolean();
  case Value::String:
    return *value.getAsString();
  case Value::Number:
    if (std::optional<int64_t> integer = value.getAsInteger())
      return *integer;
    if (std::optional<uint64_t> integer = value.getAsUINT64())
      return *integer;
    return *value.getAsNumber();
  default:
    llvm_unreachable("a scalar");
  }
}

static void writeTree(llvm::json::OStream &json, const Value &value) {
  if (const llvm::json::Object *object = value.getAsObject()) {
    llvm::SmallVector<const llvm::json::Object::value_type *> entries;
    for (const auto &entry : *object)
      entries.push_back(&entry);
    llvm::sort(entries, [](const auto *a, const auto *b) {
      return a->first < b->first;
    });
    json.object([&] {
      for (const auto *entry : entries) {
        json.attributeBegin(entry->first);
        writeTree(json, entry->second);
        json.attributeEnd();
      }
    });
    return;
  }
  if (const llvm::json::Array *array = value.getAsArray()) {
    json.array([&] {
      for (const Value &element : *array)
        writeTree(json, element);
    });
    return;
  }
  toScalar(value).write(json);
}

void JSONWriter::tree(const Value &value) { writeTree(json, value); }

void JSONWriter::attribute(llvm::StringRef key, const JSONScalar &scalar) {
  json.attributeBegin(key);
  scalar.write(json);
  json.attributeEnd();
}

void JSONWriter::attributeTree(llvm::StringRef key, const Value &value) {
  json.attributeBegin(key);
  writeTree(json, value);
  json.attributeEnd();
}

void JSONWriter::attributeIntegers(llvm::StringRef key,
                           llvm::ArrayRef<unsigned> integers) {
  json.attributeArray(key, [&] {
    for (unsigned integer : integers)
      json.value(integer);
  });
}

void JSONWriter::attributeOnOneLine(llvm::StringRef key, const Value &value) {
  json.attributeBegin(key);
  json.rawValue([&](llvm::raw_ostream &os) {
    llvm::json::OStream line(os, /*IndentSize=*/0);
    writeTree(line, value);
  });
  json.attributeEnd();
}

void mlsysim::printJSON(const Value &value, llvm::raw_ostream &os) {
  JSONWriter writer(os);
  writer.tree(value);
  os << "\n";
}
