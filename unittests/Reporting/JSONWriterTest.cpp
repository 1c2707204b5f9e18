//===- JSONWriterTest.cpp - Written records read back as written ----------===//

#include "mlsysim/Reporting/JSONWriter.h"

#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace mlsysim;

namespace {

/// One field as the test wrote it.
struct Field {
  std::string key;
  llvm::json::Value value;
};

/// A field's scalar for the writer, from the value the test expects back.
JSONScalar toScalar(const llvm::json::Value &value) {
  if (value.kind() == llvm::json::Value::Null)
    return nullptr;
  if (auto b = value.getAsBoolean())
    return *b;
  if (auto s = value.getAsString())
    return *s;
  if (auto i = value.getAsInteger())
    return *i;
  return *value.getAsNumber();
}

/// `records` as a JSONWriter writes them: an array of objects.
std::string writeRecords(const std::vector<std::vector<Field>> &records) {
  std::string text;
  llvm::raw_string_ostream os(text);
  {
    JSONWriter writer(os);
    writer.array([&] {
      for (const auto &record : records)
        writer.object([&] {
          for (const Field &field : record)
            writer.attribute(field.key, toScalar(field.value));
        });
    });
  }
  return text;
}

/// Writes `records` with a JSONWriter and parses the text back.
llvm::json::Value roundTrip(const std::vector<std::vector<Field>> &records) {
  std::string text = writeRecords(records);
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  if (!parsed) {
    ADD_FAILURE() << llvm::toString(parsed.takeError()) << "\n" << text;
    return nullptr;
  }
  return std::move(*parsed);
}

/// Every record comes back with its keys in order and its values exact.
void expectSame(const std::vector<std::vector<Field>> &records,
                const llvm::json::Value &parsed) {
  const llvm::json::Array *array = parsed.getAsArray();
  ASSERT_TRUE(array);
  ASSERT_EQ(array->size(), records.size());
  for (size_t r = 0; r < records.size(); ++r) {
    const llvm::json::Object *object = (*array)[r].getAsObject();
    ASSERT_TRUE(object);
    ASSERT_EQ(object->size(), records[r].size()) << "record " << r;
    for (const Field &field : records[r]) {
      const llvm::json::Value *got = object->get(field.key);
      ASSERT_TRUE(got) << "record " << r << " lost " << field.key;
      if (auto expected = field.value.getAsNumber()) {
        ASSERT_TRUE(got->getAsNumber()) << field.key;
        // Bit-exact: the shortest form reads back as the same double.
        EXPECT_EQ(*got->getAsNumber(), *expected)
            << "record " << r << " field " << field.key;
      } else {
        EXPECT_EQ(*got, field.value)
            << "record " << r << " field " << field.key;
      }
    }
  }
}

TEST(JSONWriterTest, FieldsReadBackExactly) {
  // Records that repeat and alternate values at each position, with keys
  // that change at a position while the value stays, and values of every
  // kind: each double in the shortest form that reads back as itself.
  std::mt19937_64 random(42);
  const std::vector<llvm::json::Value> pool = {nullptr,
                                               true,
                                               false,
                                               0,
                                               1,
                                               -1,
                                               int64_t(1) << 40,
                                               524288,
                                               0.1,
                                               1.1e-6,
                                               5.434162520729684e-09,
                                               -2.5,
                                               1e300,
                                               3.0,
                                               "s",
                                               "tensor.empty"};
  std::vector<std::vector<Field>> records;
  for (int r = 0; r < 400; ++r) {
    std::vector<Field> record;
    unsigned fields = 1 + random() % 12;
    for (unsigned f = 0; f < fields; ++f) {
      // Two spellings of the key at each position, one long.
      std::string key = random() % 4 ? "field_" + std::to_string(f)
                                     : "another_key_of_" + std::to_string(f);
      llvm::json::Value value = pool[random() % pool.size()];
      if (random() % 5 == 0)
        value = double(random() % 1000) / 7.0;
      record.push_back({key, value});
    }
    records.push_back(std::move(record));
  }
  expectSame(records, roundTrip(records));
}

TEST(JSONWriterTest, NonFiniteNumbersAreNull) {
  // JSON has no inf or nan: a number it cannot hold is written as null.
  std::string text;
  llvm::raw_string_ostream os(text);
  {
    JSONWriter writer(os, /*indent=*/0);
    writer.array([&] {
      writer.value(std::numeric_limits<double>::infinity());
      writer.value(-std::numeric_limits<double>::infinity());
      writer.value(std::nan(""));
      writer.value(-0.0);
      writer.value(1e300);
    });
  }
  EXPECT_EQ(text, "[null,null,null,0,1e+300]");
}

TEST(JSONWriterTest, LayoutIsTheIndentedArray) {
  // llvm::json::OStream's layout at indentation 2: `,\n`, the indentation
  // and the key before each field, a record's first field without a comma.
  std::vector<std::vector<Field>> records = {
      {{"a", 1}, {"b", nullptr}}, {{"a", 1}, {"b", 2.5}}, {{"a", 1}}};
  EXPECT_EQ(writeRecords(records), "[\n"
                                   "  {\n"
                                   "    \"a\": 1,\n"
                                   "    \"b\": null\n"
                                   "  },\n"
                                   "  {\n"
                                   "    \"a\": 1,\n"
                                   "    \"b\": 2.5\n"
                                   "  },\n"
                                   "  {\n"
                                   "    \"a\": 1\n"
                                   "  }\n"
                                   "]");
}

TEST(JSONScalarTest, StringsAreEscapedAsLLVMJSONEscapesThem) {
  // A character that needs escaping (or is not ASCII, or not UTF-8) at
  // every position of strings of several lengths, and strings with none:
  // each written as llvm::json writes the string (invalid UTF-8 replaced).
  const std::vector<std::string> specials = {
      "\"",   "\\",   "\n",   "\t", "\b",   "\f",          "\r",
      "\x01", "\x1f", "\x7f", "é",  "\xff", "\xef\xbf\xbe"};
  for (size_t size = 0; size <= 20; ++size) {
    std::string plain(size, 'a');
    for (size_t i = 0; i < size; ++i)
      plain[i] = "azAZ09 :/._-"[i % 12];
    std::vector<std::string> texts = {plain};
    for (const std::string &special : specials)
      for (size_t at = 0; at <= size; ++at)
        texts.push_back(plain.substr(0, at) + special + plain.substr(at));
    for (const std::string &text : texts) {
      std::string expected;
      llvm::raw_string_ostream(expected) << llvm::json::Value(
          llvm::json::isUTF8(text) ? text : llvm::json::fixUTF8(text));
      std::string written;
      llvm::raw_string_ostream os(written);
      JSONWriter(os).value(llvm::StringRef(text));
      os.flush();
      EXPECT_EQ(written, expected) << "size " << size;
    }
  }
}

} // namespace
