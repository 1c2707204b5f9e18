//===- FusionBoundTest.cpp - The fully fused bound is a lower bound -------===//
//
// "Fully fused" is the whole function as one kernel: no plan, and no
// execution model, may beat it. Each program below once priced it above the
// plan (slices of an argument read as the whole argument, or the plan's
// kernel reading nothing of it; an argument returned as it is written back;
// an in-place insert priced as a whole write; a class of kernel with a better
// bandwidth efficiency than the bound's; a loop of no trips launching).
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Pricing/PricedProgram.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "gtest/gtest.h"

#include "../PriceSource.h"
#include "../ToyDevice.h"

using namespace mlsysim;
using mlsysim::unittest::toyDevice;
using mlsysim::unittest::value;

namespace {

constexpr llvm::StringLiteral kPrograms[] = {
    // Two halves of an argument, returned.
    R"mlir(
func.func @two_slices(%a: tensor<1024x1024xf32>) -> (tensor<512x1024xf32>, tensor<512x1024xf32>) {
  %0 = tensor.extract_slice %a[0, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  %1 = tensor.extract_slice %a[512, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  return %0, %1 : tensor<512x1024xf32>, tensor<512x1024xf32>
}
)mlir",
    // The halves added: the slices fuse into the add.
    R"mlir(
func.func @halves_added(%a: tensor<1024x1024xf32>) -> tensor<512x1024xf32> {
  %0 = tensor.extract_slice %a[0, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  %1 = tensor.extract_slice %a[512, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  %e = tensor.empty() : tensor<512x1024xf32>
  %2 = linalg.add ins(%0, %1 : tensor<512x1024xf32>, tensor<512x1024xf32>) outs(%e : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  return %2 : tensor<512x1024xf32>
}
)mlir",
    // The same half twice, and a reshape of it.
    R"mlir(
func.func @same_half(%a: tensor<1024x1024xf32>) -> tensor<524288xf32> {
  %0 = tensor.extract_slice %a[0, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  %1 = tensor.extract_slice %a[0, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  %e = tensor.empty() : tensor<512x1024xf32>
  %2 = linalg.mul ins(%0, %1 : tensor<512x1024xf32>, tensor<512x1024xf32>) outs(%e : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  %3 = tensor.collapse_shape %2 [[0, 1]] : tensor<512x1024xf32> into tensor<524288xf32>
  return %3 : tensor<524288xf32>
}
)mlir",
    // An argument returned as it is, beside a result an op makes.
    R"mlir(
func.func @passthrough(%a: tensor<1048576xf32>, %b: tensor<1048576xf32>) -> (tensor<1048576xf32>, tensor<1048576xf32>) {
  %e = tensor.empty() : tensor<1048576xf32>
  %0 = linalg.exp ins(%b : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) -> tensor<1048576xf32>
  return %a, %0 : tensor<1048576xf32>, tensor<1048576xf32>
}
)mlir",
    // An in-place insert into an argument.
    R"mlir(
func.func @insert(%a: tensor<512x1024xf32>, %d: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = tensor.insert_slice %a into %d[0, 0] [512, 1024] [1, 1] : tensor<512x1024xf32> into tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
)mlir",
    // A row of an intermediate broadcast, and the same input read twice.
    R"mlir(
func.func @row(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %e0 = tensor.empty() : tensor<1024x1024xf32>
  %t = linalg.add ins(%x, %x : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e0 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %row = tensor.extract_slice %t[0, 0] [1, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<1024xf32>
  %e1 = tensor.empty() : tensor<1024x1024xf32>
  %b = linalg.broadcast ins(%row : tensor<1024xf32>) outs(%e1 : tensor<1024x1024xf32>) dimensions = [0]
  return %b : tensor<1024x1024xf32>
}
)mlir",
    // Slices of an argument in a loop, and a loop of no trips.
    R"mlir(
func.func @loops(%a: tensor<1024x1024xf32>, %acc: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%it = %acc) -> (tensor<64x1024xf32>) {
    %s = tensor.extract_slice %a[%i, 0] [64, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<64x1024xf32>
    %n = linalg.add ins(%it, %s : tensor<64x1024xf32>, tensor<64x1024xf32>) outs(%it : tensor<64x1024xf32>) -> tensor<64x1024xf32>
    scf.yield %n : tensor<64x1024xf32>
  }
  %z = scf.for %i = %c0 to %c0 step %c1 iter_args(%it = %r) -> (tensor<64x1024xf32>) {
    %n = linalg.exp ins(%it : tensor<64x1024xf32>) outs(%it : tensor<64x1024xf32>) -> tensor<64x1024xf32>
    scf.yield %n : tensor<64x1024xf32>
  }
  return %z : tensor<64x1024xf32>
}
)mlir",
};

/// Every function's fully fused bound at or under its plan and under the
/// latency of every execution model, on `hw`.
void expectLowerBound(const HardwareSpec &hw) {
  for (llvm::StringRef source : kPrograms) {
    mlir::MLIRContext ctx;
    mlir::DialectRegistry registry;
    registry.insert<mlir::scf::SCFDialect>();
    ctx.appendDialectRegistry(registry);
    unittest::loadCostedDialects(ctx);
    auto module = mlir::parseSourceString<mlir::ModuleOp>(source, &ctx);
    ASSERT_TRUE(module);
    PricedProgram program =
        unittest::priceModuleOp(*module, std::make_shared<HardwareSpec>(hw));
    ASSERT_FALSE(program.functions.empty());
    for (const PricedFunction &func : program.functions) {
      SCOPED_TRACE(func.name);
      ASSERT_TRUE(func.fusionBound);
      double fullyFused = func.fusionBound->fullyFused;
      // (Equal sums of doubles may differ in the last bit.)
      double slack = 1e-12;
      EXPECT_LE(fullyFused, func.fusionBound->planned * (1 + slack));
      EXPECT_LE(fullyFused, func.fusionBound->asIs * (1 + slack));
      for (const auto &[model, totals] : func.totals.byExecution)
        EXPECT_LE(fullyFused, totals.latency * (1 + slack))
            << stringifyExecutionModel(model).str();
    }
  }
}

TEST(FusionBoundTest, FullyFusedNeverExceedsAnyExecutionModel) {
  expectLowerBound(toyDevice());
}

TEST(FusionBoundTest, FullyFusedMovesBytesAtTheBestClassEfficiency) {
  // Copies (slices) stream at 0.9 of the bandwidth, everything else at 0.5:
  // the bound, whose kernel holds the copies, may not be priced slower.
  HardwareSpec hw = toyDevice();
  hw.classEfficiencies[OpClass::DataMovement].memory = value(0.9);
  expectLowerBound(hw);
}

} // namespace
