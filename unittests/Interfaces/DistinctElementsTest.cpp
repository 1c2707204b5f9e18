//===- DistinctElementsTest.cpp - Distinct elements an indexing map touches
//===//

#include "mlsysim/Interfaces/DistinctElements.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

#include <random>
#include <set>

using namespace mlir;
using mlsysim::countDistinctElements;
using mlsysim::countDistinctLinearValues;

namespace {

class DistinctElementsTest : public ::testing::Test {
protected:
  MLIRContext ctx;
  AffineExpr d(unsigned i) { return getAffineDimExpr(i, &ctx); }
  uint64_t count(AffineMap map, llvm::ArrayRef<int64_t> ranges,
                 llvm::ArrayRef<int64_t> shape) {
    mlsysim::Count c = countDistinctElements(map, ranges, shape);
    EXPECT_TRUE(c.isExact());
    return c.getExact();
  }
};

TEST_F(DistinctElementsTest, IdentityTouchesEverything) {
  AffineMap map = AffineMap::get(2, 0, {d(0), d(1)}, &ctx);
  EXPECT_EQ(count(map, {8, 16}, {8, 16}), 128u);
}

TEST_F(DistinctElementsTest, BroadcastOperandIsReadOnce) {
  // A matmul's A operand (m, k) over loops (m, n, k): n does not multiply.
  AffineMap map = AffineMap::get(3, 0, {d(0), d(2)}, &ctx);
  EXPECT_EQ(count(map, {64, 32, 16}, {64, 16}), 64u * 16u);
}

TEST_F(DistinctElementsTest, StridedOneByOneConvolutionReadsAQuarter) {
  // Input (n, 2*oh + kh, 2*ow + kw, c) of a 1x1 stride-2 convolution with a
  // 16x16 output on a 32x32 input: 16*16 of the 32*32 pixels.
  // Loops: n oh ow f kh kw c = 1 16 16 8 1 1 4.
  AffineMap map = AffineMap::get(
      7, 0, {d(0), d(1) * 2 + d(4), d(2) * 2 + d(5), d(6)}, &ctx);
  EXPECT_EQ(count(map, {1, 16, 16, 8, 1, 1, 4}, {1, 32, 32, 4}),
            1u * 16u * 16u * 4u);
}

TEST_F(DistinctElementsTest, ThreeByThreeWindowCoversTheInput) {
  // Stride 1, 3x3 window, 30x30 output on a 32x32 input: every pixel is read.
  AffineMap map =
      AffineMap::get(7, 0, {d(0), d(1) + d(4), d(2) + d(5), d(6)}, &ctx);
  EXPECT_EQ(count(map, {1, 30, 30, 8, 3, 3, 4}, {1, 32, 32, 4}),
            32u * 32u * 4u);
}

TEST_F(DistinctElementsTest, DiagonalCountsOnce) {
  AffineMap map = AffineMap::get(1, 0, {d(0), d(0)}, &ctx);
  EXPECT_EQ(count(map, {10}, {10, 10}), 10u);
}

TEST_F(DistinctElementsTest, ZeroTripCountTouchesNothing) {
  AffineMap map = AffineMap::get(2, 0, {d(0), d(1)}, &ctx);
  EXPECT_EQ(count(map, {0, 16}, {0, 16}), 0u);
}

TEST_F(DistinctElementsTest, LinearValuesMatchBruteForce) {
  // Property check: the enumeration agrees with a brute-force set on random
  // small strided windows (stride, dilation, sizes).
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    int64_t c0 = rng() % 5 + 1, c1 = rng() % 5 + 1;
    int64_t r0 = rng() % 12 + 1, r1 = rng() % 7 + 1;
    std::set<int64_t> values;
    for (int64_t a = 0; a < r0; ++a)
      for (int64_t b = 0; b < r1; ++b)
        values.insert(c0 * a + c1 * b);
    mlsysim::Count got = countDistinctLinearValues({c0, c1}, {r0, r1});
    ASSERT_TRUE(got.isExact());
    EXPECT_EQ(got.getExact(), values.size())
        << c0 << "*[0," << r0 << ") + " << c1 << "*[0," << r1 << ")";
  }
}

TEST_F(DistinctElementsTest, NegativeCoefficientsReflect) {
  EXPECT_EQ(countDistinctLinearValues({-2, 1}, {4, 2}).getExact(),
            countDistinctLinearValues({2, 1}, {4, 2}).getExact());
}

TEST_F(DistinctElementsTest, HugeRangesDoNotOverflow) {
  // 2^62 x 2^62 iterations: the count exceeds 64 bits and is approximated.
  int64_t huge = int64_t(1) << 62;
  AffineMap map = AffineMap::get(2, 0, {d(0), d(1)}, &ctx);
  mlsysim::Count c = countDistinctElements(map, {huge, huge}, {huge, huge});
  EXPECT_FALSE(c.isExact());
  EXPECT_DOUBLE_EQ(c.toDouble(), std::ldexp(1.0, 124));
}

} // namespace
