//===- JSONWriter.cpp - Every JSON view writes through one writer ---------===//

#include "mlsysim/Reporting/JSONWriter.h"

#include "mlsysim/Reporting/Units.h"

#include <array>
#include <charconv>
#include <cmath>

using namespace mlsysim;
using llvm::json::Value;

bool mlsysim::appendJSONNumber(llvm::SmallVectorImpl<char> &out, double value) {
  if (!std::isfinite(value))
    return false;
  char text[32];
  char *end = text;
  // [-2^63, 2^63): the doubles an int64_t holds; integral when the
  // truncated value is the value (zero, of either sign, is 0).
  if (value >= -9.223372036854775808e18 && value < 9.223372036854775808e18 &&
      static_cast<double>(static_cast<int64_t>(value)) == value)
    end = std::to_chars(text, text + sizeof(text), static_cast<int64_t>(value))
              .ptr;
  else
    end = toShortest(text, text + sizeof(text), value);
  out.append(text, end);
  return true;
}

/// Appends `text` as a JSON string, escaped as llvm::json escapes it (with
/// bytes that are not UTF-8 replaced, as llvm::json::Value does).
static void appendString(llvm::SmallVectorImpl<char> &out,
                         llvm::StringRef text) {
  // Keys, names, locations and the views' words rarely hold anything to
  // escape: those are appended as they are. The bytes that may need it:
  // controls, quotes, backslashes and every non-ASCII byte.
  static constexpr auto kMayEscape = [] {
    std::array<bool, 256> table{};
    for (unsigned byte = 0; byte < 256; ++byte)
      table[byte] = byte < 0x20 || byte >= 0x80 || byte == '"' || byte == '\\';
    return table;
  }();
  bool escape = false;
  for (char c : text)
    escape |= kMayEscape[static_cast<unsigned char>(c)];
  if (!escape) {
    out.push_back('"');
    out.append(text.begin(), text.end());
    out.push_back('"');
    return;
  }
  // Non-ASCII text ("µs") that is valid UTF-8 and holds nothing else to
  // escape is appended as it is too, as llvm::json would write it.
  bool special = llvm::any_of(text, [](char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\';
  });
  if (!special && llvm::json::isUTF8(text)) {
    out.push_back('"');
    out.append(text.begin(), text.end());
    out.push_back('"');
    return;
  }
  llvm::raw_svector_ostream os(out);
  os << Value(llvm::json::isUTF8(text) ? text.str()
                                       : llvm::json::fixUTF8(text));
}

template <typename IntT>
static void appendInteger(llvm::SmallVectorImpl<char> &out, IntT value) {
  char text[24];
  out.append(text, std::to_chars(text, text + sizeof(text), value).ptr);
}

void JSONScalar::appendTo(llvm::SmallVectorImpl<char> &out) const {
  static constexpr llvm::StringLiteral null = "null", yes = "true",
                                       no = "false";
  switch (kind) {
  case Kind::Null:
    out.append(null.begin(), null.end());
    return;
  case Kind::Boolean:
    boolean ? out.append(yes.begin(), yes.end())
            : out.append(no.begin(), no.end());
    return;
  case Kind::Signed:
    return appendInteger(out, sint);
  case Kind::Unsigned:
    return appendInteger(out, uint);
  case Kind::Double:
    if (!appendJSONNumber(out, number))
      out.append(null.begin(), null.end());
    return;
  case Kind::String:
    return appendString(out, string);
  }
}

void JSONScalar::writeText(llvm::raw_ostream &os) const {
  if (kind == Kind::Null)
    return;
  if (kind == Kind::String) {
    os << string;
    return;
  }
  llvm::SmallString<32> text;
  appendTo(text);
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
    // Owned: a tree outlives the fields it was built from.
    return string.str();
  }
  llvm_unreachable("every kind of scalar");
}

JSONScalar JSONScalar::fromValue(const Value &value) {
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

void JSONWriter::newline() {
  if (!indentSize)
    return;
  buffer.push_back('\n');
  buffer.append(indent, ' ');
}

void JSONWriter::beginValue() {
  Level &level = stack.back();
  assert(level.context != Context::Object && "an object takes attributes");
  if (level.hasValue)
    buffer.push_back(',');
  if (level.context == Context::Array)
    newline();
  level.hasValue = true;
}

void JSONWriter::beginAttribute(llvm::StringRef key) {
  Level &level = stack.back();
  assert(level.context == Context::Object && "attributes are an object's");
  if (level.hasValue)
    buffer.push_back(',');
  newline();
  level.hasValue = true;
  stack.push_back({Context::Single});
  appendString(buffer, key);
  buffer.push_back(':');
  if (indentSize)
    buffer.push_back(' ');
}

void JSONWriter::open(Context context, char bracket) {
  beginValue();
  stack.push_back({context});
  indent += indentSize;
  buffer.push_back(bracket);
}

void JSONWriter::close(char bracket) {
  indent -= indentSize;
  if (stack.back().hasValue)
    newline();
  buffer.push_back(bracket);
  stack.pop_back();
  // Large documents go out as they are made.
  if (buffer.size() > 64 * 1024)
    flush();
}

void JSONWriter::object(llvm::function_ref<void()> contents) {
  open(Context::Object, '{');
  contents();
  close('}');
}

void JSONWriter::array(llvm::function_ref<void()> contents) {
  open(Context::Array, '[');
  contents();
  close(']');
}

void JSONWriter::value(const JSONScalar &scalar) {
  beginValue();
  scalar.appendTo(buffer);
}

void JSONWriter::tree(const Value &value) {
  if (const llvm::json::Object *object = value.getAsObject()) {
    llvm::SmallVector<const llvm::json::Object::value_type *> entries;
    for (const auto &entry : *object)
      entries.push_back(&entry);
    llvm::sort(entries, [](const auto *a, const auto *b) {
      return a->first < b->first;
    });
    this->object([&] {
      for (const auto *entry : entries)
        attributeTree(entry->first, entry->second);
    });
    return;
  }
  if (const llvm::json::Array *elements = value.getAsArray()) {
    array([&] {
      for (const Value &element : *elements)
        tree(element);
    });
    return;
  }
  this->value(JSONScalar::fromValue(value));
}

void JSONWriter::attribute(llvm::StringRef key, const JSONScalar &scalar) {
  beginAttribute(key);
  value(scalar);
  endAttribute();
}

void JSONWriter::attributeObject(llvm::StringRef key,
                                 llvm::function_ref<void()> contents) {
  beginAttribute(key);
  object(contents);
  endAttribute();
}

void JSONWriter::attributeArray(llvm::StringRef key,
                                llvm::function_ref<void()> contents) {
  beginAttribute(key);
  array(contents);
  endAttribute();
}

void JSONWriter::attributeTree(llvm::StringRef key, const Value &value) {
  beginAttribute(key);
  tree(value);
  endAttribute();
}

void JSONWriter::attributeIntegers(llvm::StringRef key,
                                   llvm::ArrayRef<unsigned> integers) {
  attributeArray(key, [&] {
    for (unsigned integer : integers)
      value(integer);
  });
}

void JSONWriter::attributeOnOneLine(llvm::StringRef key, const Value &value) {
  beginAttribute(key);
  beginValue();
  {
    llvm::raw_svector_ostream line(buffer);
    JSONWriter inner(line, /*indent=*/0);
    inner.tree(value);
  }
  endAttribute();
}

void JSONWriter::flush() {
  os << buffer;
  buffer.clear();
}

void mlsysim::printJSON(const Value &value, llvm::raw_ostream &os) {
  {
    JSONWriter writer(os);
    writer.tree(value);
  }
  os << "\n";
}
