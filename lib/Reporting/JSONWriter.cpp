//===- JSONWriter.cpp - Every JSON view writes numbers one way ------------===//

#include "mlsysim/Reporting/JSONWriter.h"

#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/STLExtras.h"

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
  case Value::Number: {
    // Integers (and integral doubles) print as integers, written here: a
    // double that llvm::json holds goes through snprintf even when integral.
    if (std::optional<int64_t> integer = value.getAsInteger()) {
      json.rawValue([&](llvm::raw_ostream &os) { os << *integer; });
      return;
    }
    if (std::optional<uint64_t> integer = value.getAsUINT64()) {
      json.rawValue([&](llvm::raw_ostream &os) { os << *integer; });
      return;
    }
    double number = *value.getAsNumber();
    if (!std::isfinite(number))
      json.value(nullptr);
    else
      json.rawValue(formatShortest(number));
    return;
  }
  default:
    break;
  }
  json.value(value);
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
