//===- CountTest.cpp - Overflow-safe counts -------------------------------===//

#include "mlsysim/Support/Count.h"

#include "gtest/gtest.h"

#include <cmath>

using mlsysim::Count;

namespace {

TEST(CountTest, ExactArithmetic) {
  Count a(3), b(7);
  EXPECT_TRUE((a * b).isExact());
  EXPECT_EQ((a * b).getExact(), 21u);
  EXPECT_EQ((a + b).getExact(), 10u);
  EXPECT_EQ((a - b).getExact(), 0u) << "subtraction saturates at zero";
}

TEST(CountTest, MultiplicationOverflowDegradesToDouble) {
  // 2^40 * 2^40 = 2^80 does not fit in 64 bits: it must not wrap.
  Count big(uint64_t(1) << 40);
  Count product = big * big;
  EXPECT_FALSE(product.isExact());
  EXPECT_DOUBLE_EQ(product.toDouble(), std::ldexp(1.0, 80));
  // Wrapping would have produced 0.
  EXPECT_FALSE(product.isZero());
}

TEST(CountTest, AdditionOverflowDegradesToDouble) {
  Count max(~uint64_t(0));
  Count sum = max + Count(1);
  EXPECT_FALSE(sum.isExact());
  EXPECT_DOUBLE_EQ(sum.toDouble(), std::ldexp(1.0, 64));
}

TEST(CountTest, LargestExactValueStaysExact) {
  // 2^32 * (2^32 - 1) = 2^64 - 2^32 fits.
  Count c = Count(uint64_t(1) << 32) * Count((uint64_t(1) << 32) - 1);
  ASSERT_TRUE(c.isExact());
  EXPECT_EQ(c.getExact(), (~uint64_t(0)) - ((uint64_t(1) << 32) - 1));
}

TEST(CountTest, FromDouble) {
  EXPECT_TRUE(Count::fromDouble(42.0).isExact());
  EXPECT_EQ(Count::fromDouble(42.0).getExact(), 42u);
  EXPECT_FALSE(Count::fromDouble(1e30).isExact());
  EXPECT_TRUE(Count::fromDouble(-5.0).isZero());
}

TEST(CountTest, PrintAndJSON) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << Count(123456789) << " " << Count::fromDouble(1.5e30);
  EXPECT_EQ(text, "123456789 1.500000e+30");
  EXPECT_EQ(*Count(7).toJSON().getAsUINT64(), 7u);
  EXPECT_DOUBLE_EQ(*Count::fromDouble(1.5e30).toJSON().getAsNumber(), 1.5e30);
}

} // namespace
