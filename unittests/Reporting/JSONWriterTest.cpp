//===- JSONWriterTest.cpp - Streamed records read back as written ---------===//

#include "mlsysim/Reporting/JSONWriter.h"

#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

#include <cmath>
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

/// `records` as a RecordArrayWriter writes them at indentation 2.
std::string writeRecords(const std::vector<std::vector<Field>> &records) {
  std::string text;
  llvm::raw_string_ostream os(text);
  RecordArrayWriter writer(os, 2);
  for (const auto &record : records) {
    writer.beginRecord();
    for (const Field &field : record)
      writer.field(field.key, toScalar(field.value));
    writer.endRecord();
  }
  writer.finish();
  return text;
}

/// Writes `records` with a RecordArrayWriter and parses the text back.
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

TEST(RecordArrayWriterTest, FieldsReadBackExactly) {
  // Records that repeat and alternate values at each position (the
  // shortest-form cache of doubles), with keys that change at a position
  // while the value stays, and values of every kind.
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

TEST(RecordArrayWriterTest, RecordsLongerThanTheBufferReadBack) {
  // Records of hundreds of fields, integers and nulls (written in place)
  // between long strings: the record's buffer grows inside a record, and
  // the fields after each growth land after what came before.
  std::vector<std::vector<Field>> records;
  for (int r = 0; r < 6; ++r) {
    std::vector<Field> record;
    for (int f = 0; f < 150 * (r + 1); ++f) {
      std::string key = "k" + std::to_string(f);
      if (f % 7 == 3)
        record.push_back({key, std::string(40 + f % 200, 'x')});
      else if (f % 5 == 0)
        record.push_back({key, nullptr});
      else
        record.push_back({key, int64_t(f) * -1234567891011LL});
    }
    records.push_back(std::move(record));
  }
  expectSame(records, roundTrip(records));
}

TEST(RecordArrayWriterTest, ValuesThatShareASlotKeepTheirOwnText) {
  // Many distinct doubles at one position: some collide in the writer's
  // table of recent shortest forms, and each must still be written as
  // itself.
  std::vector<std::vector<Field>> records;
  for (int r = 0; r < 200; ++r)
    records.push_back({{"x", double(r % 37) * 0.25 + 1e-3}, {"y", r % 3}});
  expectSame(records, roundTrip(records));
}

TEST(RecordArrayWriterTest, LayoutMatchesTheIndentedArray) {
  // llvm::json::OStream's layout at indentation 2: `,\n`, the indentation
  // and the key before each field, a record's first field without a comma.
  std::vector<std::vector<Field>> records = {
      {{"a", 1}, {"b", nullptr}}, {{"a", 1}, {"b", 2.5}}, {{"a", 1}}};
  EXPECT_EQ(writeRecords(records), "[\n"
                                   "    {\n"
                                   "      \"a\": 1,\n"
                                   "      \"b\": null\n"
                                   "    },\n"
                                   "    {\n"
                                   "      \"a\": 1,\n"
                                   "      \"b\": 2.5\n"
                                   "    },\n"
                                   "    {\n"
                                   "      \"a\": 1\n"
                                   "    }\n"
                                   "  ]");
}

TEST(JSONScalarTest, StringsAreEscapedAsLLVMJSONEscapesThem) {
  // A character that needs escaping (or is not ASCII) at every position of
  // strings of every length around the eight-byte words the plain-text test
  // reads, and strings with none: each written as llvm::json writes it.
  const std::vector<std::string> specials = {
      "\"", "\\", "\n", "\t", "\x01", "\x1f", "\x7f", "é", "\xff"};
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
      llvm::SmallString<64> written;
      JSONScalar(llvm::StringRef(text)).appendTo(written);
      EXPECT_EQ(std::string(written), expected) << "size " << size;
    }
  }
}

} // namespace
