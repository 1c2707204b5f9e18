//===- SymExprTest.cpp - Integer formulas of dynamic sizes ----------------===//

#include "mlsysim/Support/SymExpr.h"

#include "gtest/gtest.h"

using namespace mlsysim;

namespace {
const std::vector<std::string> kNames = {"B", "S", "input_ids.d0"};
SymExpr b() { return SymExpr::symbol(0); }
SymExpr s() { return SymExpr::symbol(1); }
std::string str(const SymExpr &e) { return e.toString(kNames); }
int64_t at(const SymExpr &e, int64_t bValue, int64_t sValue) {
  std::optional<SymExpr::Int> v =
      e.evaluate([&](unsigned id) -> std::optional<int64_t> {
        return id == 0 ? bValue : sValue;
      });
  EXPECT_TRUE(v.has_value());
  return v ? static_cast<int64_t>(*v) : -1;
}
} // namespace

TEST(SymExprTest, CanonicalSumsAndProducts) {
  // 2*B*S*4096*4096 + 4096*S, built in another order, is one form.
  SymExpr flops = SymExpr(2) * b() * s() * SymExpr(4096) * SymExpr(4096) +
                  s() * SymExpr(4096);
  SymExpr same = SymExpr(4096) * s() + s() * b() * SymExpr(33554432);
  EXPECT_EQ(flops, same);
  EXPECT_EQ(flops.hash(), same.hash());
  EXPECT_EQ(str(flops), "33554432*B*S + 4096*S");
  EXPECT_EQ(at(flops, 3, 5), 33554432LL * 15 + 4096 * 5);
  // Like terms cancel; powers print as repeated factors.
  EXPECT_EQ(str(b() * b() + b() - b() + SymExpr(1)), "B*B + 1");
  EXPECT_EQ(str(b() - s() * SymExpr(2)), "B - 2*S");
  EXPECT_EQ(str(SymExpr(0) - b()), "-B");
  EXPECT_EQ((b() - b()).getConstant(), SymExpr::Int(0));
}

TEST(SymExprTest, DivisionsFoldWhatDivides) {
  // (128*B)/128 = B; (98304*B)/(8192*B) = 12 (a reshape's size arithmetic).
  EXPECT_EQ(SymExpr::floorDiv(SymExpr(128) * b(), SymExpr(128)), b());
  EXPECT_EQ(SymExpr::floorDiv(SymExpr(98304) * b(), SymExpr(8192) * b()),
            SymExpr(12));
  // (2*B + 1)/2 = B + 1/2 = B; ceildiv(2*B + 1, 2) = B + 1.
  EXPECT_EQ(SymExpr::floorDiv(SymExpr(2) * b() + SymExpr(1), SymExpr(2)), b());
  EXPECT_EQ(str(SymExpr::ceilDiv(SymExpr(2) * b() + SymExpr(1), SymExpr(2))),
            "B + 1");
  // What does not divide stays a division, and prints so.
  SymExpr half = SymExpr::floorDiv(b(), SymExpr(2));
  EXPECT_EQ(str(half), "B/2");
  EXPECT_EQ(str(SymExpr(3) * half), "3*(B/2)");
  EXPECT_EQ(at(SymExpr(3) * half, 7, 1), 9);
  EXPECT_EQ(str(SymExpr::ceilDiv(s(), SymExpr(128))), "ceildiv(S,128)");
  EXPECT_EQ(at(SymExpr::ceilDiv(s(), SymExpr(128)), 1, 129), 2);
  EXPECT_EQ(str(SymExpr::floorDiv(b() + s(), SymExpr(4))), "(B + S)/4");
  // A remainder prints through divisions.
  SymExpr rem = SymExpr::mod(b(), SymExpr(8));
  EXPECT_EQ(str(rem), "(B - (B/8)*8)");
  EXPECT_EQ(at(rem, 13, 1), 5);
  EXPECT_EQ(SymExpr::mod(SymExpr(8) * b() + SymExpr(3), SymExpr(8)),
            SymExpr(3));
  // Division by zero has no value.
  EXPECT_FALSE(SymExpr::floorDiv(b(), SymExpr(0)).isValid());
}

TEST(SymExprTest, MinMaxDecidedBySign) {
  // Symbols are at least 1: B + 1 > B, 2*B >= B + 1.
  EXPECT_EQ(SymExpr::max(b() + SymExpr(1), b()), b() + SymExpr(1));
  EXPECT_EQ(SymExpr::min(SymExpr(2) * b(), b() + SymExpr(1)), b() + SymExpr(1));
  // B against S is not decided: min(B,S), in one order whatever the call's.
  SymExpr m = SymExpr::min(s(), b());
  EXPECT_EQ(m, SymExpr::min(b(), s()));
  EXPECT_EQ(str(m), "min(B,S)");
  EXPECT_EQ(at(m, 4, 9), 4);
  EXPECT_EQ(str(SymExpr::max(s(), SymExpr(2048))), "max(S,2048)");
  EXPECT_EQ(SymExpr::max(SymExpr(0) - b(), SymExpr(0)).getSign(),
            SymSign::Zero);
}

TEST(SymExprTest, SignsOfSizes) {
  EXPECT_EQ(b().getSign(), SymSign::Positive);
  EXPECT_EQ((b() - SymExpr(1)).getSign(), SymSign::NonNegative);
  EXPECT_EQ((b() - SymExpr(2)).getSign(), SymSign::Unknown);
  EXPECT_EQ((b() - s()).getSign(), SymSign::Unknown);
  EXPECT_EQ((SymExpr(0) - b() * s()).getSign(), SymSign::Negative);
  EXPECT_EQ(SymExpr::floorDiv(b(), SymExpr(2)).getSign(), SymSign::NonNegative);
}

TEST(SymExprTest, SubstituteAndSymbols) {
  SymExpr e = SymExpr(4) * b() * s() + SymExpr::ceilDiv(s(), SymExpr(2));
  EXPECT_EQ(e.getSymbols(), (llvm::SmallVector<unsigned>{0, 1}));
  EXPECT_EQ(e.getDegree(0), 1u);
  // S := 2*B folds the division: 4*B*2*B + B.
  SymExpr folded = e.substitute([](unsigned id) -> std::optional<SymExpr> {
    if (id == 1)
      return SymExpr(2) * SymExpr::symbol(0);
    return std::nullopt;
  });
  EXPECT_EQ(str(folded), "8*B*B + B");
  EXPECT_EQ(folded.getDegree(0), 2u);
  EXPECT_EQ(b().getSymbol(), 0u);
  EXPECT_FALSE((SymExpr(2) * b()).getSymbol().has_value());
}

TEST(SymExprTest, OverflowInvalidates) {
  SymExpr big = SymExpr::constant(SymExpr::Int(1) << 100);
  EXPECT_FALSE((big * big).isValid());
  EXPECT_FALSE(((big * big) + b()).isValid());
  // Evaluation that leaves 127 bits has no value.
  SymExpr power = b();
  for (int i = 0; i < 6; ++i)
    power = power * power;
  EXPECT_FALSE(
      power.evaluate([](unsigned) -> std::optional<int64_t> { return 1000; })
          .has_value());
}

TEST(SymExprTest, ComparisonsOfSizes) {
  // torch-mlir's view(-1) sizes: select(B < 0, 1, B) is B for sizes.
  SymExpr negative = SymExpr::cmp(SymPredicate::LT, b(), SymExpr(0));
  EXPECT_EQ(negative.getConstant(), SymExpr::Int(0));
  EXPECT_EQ(SymExpr::select(negative, SymExpr(1), b()), b());
  EXPECT_EQ(SymExpr::cmp(SymPredicate::GE, b() * s(), b()).getConstant(),
            SymExpr::Int(1));
  // B == 1 is not decided: a conditional, with a value at each binding but
  // no printed form.
  SymExpr one = SymExpr::cmp(SymPredicate::EQ, b(), SymExpr(1));
  SymExpr picked = SymExpr::select(one, SymExpr(0), s());
  EXPECT_TRUE(picked.hasConditional());
  EXPECT_FALSE(s().hasConditional());
  EXPECT_EQ(at(picked, 1, 7), 0);
  EXPECT_EQ(at(picked, 2, 7), 7);
  // Substituting B := 1 decides it.
  EXPECT_EQ(picked.substitute([](unsigned id) -> std::optional<SymExpr> {
    return id == 0 ? std::optional<SymExpr>(SymExpr(1)) : std::nullopt;
  }),
            SymExpr(0));
}
