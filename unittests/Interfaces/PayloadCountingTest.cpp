//===- PayloadCountingTest.cpp - The per-iteration counting rules ---------===//

#include "mlsysim/Interfaces/PayloadCounting.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlsysim;

namespace {

class PayloadCountingTest : public ::testing::Test {
protected:
  PayloadCountingTest() {
    ctx.loadDialect<arith::ArithDialect, func::FuncDialect,
                    linalg::LinalgDialect, math::MathDialect,
                    tensor::TensorDialect>();
    ctx.allowUnregisteredDialects();
  }
  /// Parses a function whose body is `body` and counts its first block.
  PayloadCounts count(llvm::StringRef args, llvm::StringRef body) {
    std::string text =
        ("func.func @f(" + args + ") {\n" + body + "\n  return\n}\n").str();
    module = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(module) << text;
    auto func = cast<func::FuncOp>(module->getBody()->front());
    return countPayload(func.getBody().front());
  }
  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
};

TEST_F(PayloadCountingTest, MultiplyFeedingAddIsOneMAC) {
  PayloadCounts c = count("%a: f32, %b: f32, %acc: f32", R"(
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32)");
  EXPECT_EQ(c.flops.getExact(), 2u);
  EXPECT_EQ(c.macs.getExact(), 1u);
  EXPECT_TRUE(c.computeType.isF32());
}

TEST_F(PayloadCountingTest, MultiplyWithTwoUsesIsNotFused) {
  // The product is also used elsewhere: 2 FLOPs, but no multiply-accumulate.
  PayloadCounts c = count("%a: f32, %b: f32, %acc: f32", R"(
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    %t = arith.subf %p, %a : f32)");
  EXPECT_EQ(c.flops.getExact(), 3u);
  EXPECT_EQ(c.macs.getExact(), 0u);
}

TEST_F(PayloadCountingTest, FmaIsTwoFlopsAndOneMAC) {
  PayloadCounts c = count("%a: f16, %b: f16, %c: f16", R"(
    %r = math.fma %a, %b, %c : f16)");
  EXPECT_EQ(c.flops.getExact(), 2u);
  EXPECT_EQ(c.macs.getExact(), 1u);
  EXPECT_TRUE(c.computeType.isF16());
}

TEST_F(PayloadCountingTest, CastsSelectAndConstantsAreFree) {
  PayloadCounts c = count("%a: f16, %c: i1, %i: index", R"(
    %e = arith.extf %a : f16 to f32
    %t = arith.truncf %e : f32 to f16
    %k = arith.constant 1.0 : f16
    %s = arith.select %c, %t, %k : f16
    %j = arith.index_cast %i : index to i32)");
  EXPECT_TRUE(c.flops.isZero());
  EXPECT_TRUE(c.intOps.isZero());
  EXPECT_TRUE(c.transcendentals.isZero());
  EXPECT_EQ(c.unknownOp, nullptr);
}

TEST_F(PayloadCountingTest, IntegerAndTranscendentalKinds) {
  PayloadCounts c = count("%a: i32, %b: i32, %x: f32", R"(
    %m = arith.muli %a, %b : i32
    %s = arith.addi %m, %a : i32
    %cmp = arith.cmpi slt, %s, %b : i32
    %e = math.exp %x : f32
    %t = math.tanh %e : f32
    %sq = math.sqrt %t : f32
    %sc:2 = math.sincos %x : f32)");
  EXPECT_EQ(c.intOps.getExact(), 3u);
  EXPECT_EQ(c.intMacs.getExact(), 1u);
  EXPECT_EQ(c.transcendentals.getExact(), 5u);
  EXPECT_TRUE(c.computeType.isInteger(32)) << "first counted op is muli";
}

TEST_F(PayloadCountingTest, ComparisonComputesInItsOperandType) {
  PayloadCounts c = count("%a: f64, %b: f64", R"(
    %c = arith.cmpf olt, %a, %b : f64)");
  EXPECT_EQ(c.flops.getExact(), 1u);
  EXPECT_TRUE(c.computeType.isF64());
}

TEST_F(PayloadCountingTest, UnknownOpIsReportedNotCounted) {
  PayloadCounts c = count("%a: f32", R"(
    %x = "foo.magic"(%a) : (f32) -> f32
    %y = arith.addf %x, %a : f32)");
  ASSERT_NE(c.unknownOp, nullptr);
  EXPECT_EQ(c.unknownOp->getName().getStringRef(), "foo.magic");
}

TEST_F(PayloadCountingTest, ExtractFromCapturedTensorIsARead) {
  PayloadCounts c = count("%t: tensor<10xf32>, %i: index", R"(
    %a = tensor.extract %t[%i] : tensor<10xf32>
    %b = tensor.extract %t[%i] : tensor<10xf32>)");
  ASSERT_EQ(c.capturedReads.size(), 1u);
  EXPECT_EQ(c.capturedReads.front().second, 2u);
}

} // namespace
