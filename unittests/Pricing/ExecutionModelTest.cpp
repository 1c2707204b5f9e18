//===- ExecutionModelTest.cpp - Every execution model, priced and shown ---===//
//
// The recipe "a new execution model" of docs/architecture.md, followed:
// every model in kAllExecutionModels has a name, is priced for every
// function and the module with kernels of its own and its own launch cost,
// and reaches the views. A model added to the enum that misses a step fails
// here.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/ReportFormats.h"

#include "llvm/ADT/StringSet.h"
#include "gtest/gtest.h"

#include "../PriceSource.h"
#include "../ToyDevice.h"

using namespace mlsysim;
using mlsysim::unittest::toyDevice;
using mlsysim::unittest::value;

namespace {

/// Two element-wise adds in a chain, 1M f32 elements each: a fusing
/// compiler runs them as one kernel, the others as two.
constexpr llvm::StringLiteral kProgram = R"mlir(
func.func @chain(%a: tensor<1048576xf32>, %b: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %0 = linalg.add ins(%a, %b : tensor<1048576xf32>, tensor<1048576xf32>) outs(%a : tensor<1048576xf32>) -> tensor<1048576xf32>
  %1 = linalg.add ins(%0, %b : tensor<1048576xf32>, tensor<1048576xf32>) outs(%0 : tensor<1048576xf32>) -> tensor<1048576xf32>
  return %1 : tensor<1048576xf32>
}
)mlir";

class ExecutionModelTest : public ::testing::Test {
protected:
  void SetUp() override {
    unittest::loadCostedDialects(ctx);
    module = mlir::parseSourceString<mlir::ModuleOp>(kProgram, &ctx);
    ASSERT_TRUE(module);
    // Launch costs that tell the models apart: 5, 2 and 1 us.
    auto hw = std::make_shared<HardwareSpec>(toyDevice());
    hw->launchOverheadS[ExecutionModel::Eager] = value(5e-6);
    hw->launchOverheadS[ExecutionModel::Graph] = value(2e-6);
    hw->launchOverheadS[ExecutionModel::Compiled] = value(1e-6);
    hardware = hw;
  }

  PricedProgram price(ExecutionModel headline) {
    PricingOptions options;
    options.roofline.execution = headline;
    return unittest::priceModuleOp(*module, hardware, options);
  }

  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::shared_ptr<const HardwareSpec> hardware;
};

TEST_F(ExecutionModelTest, EveryModelHasOneName) {
  llvm::StringSet<> names;
  for (ExecutionModel model : kAllExecutionModels) {
    llvm::StringRef name = stringifyExecutionModel(model);
    EXPECT_FALSE(name.empty());
    EXPECT_TRUE(names.insert(name).second) << name.str();
  }
  EXPECT_EQ(names.size(), std::size(kExecutionModelNames));
}

TEST_F(ExecutionModelTest, EveryModelIsPricedWithItsOwnLaunches) {
  PricedProgram program = price(ExecutionModel::Compiled);
  ASSERT_EQ(program.functions.size(), 1u);
  for (ExecutionModel model : kAllExecutionModels) {
    SCOPED_TRACE(stringifyExecutionModel(model).str());
    for (const PricedTotals *totals :
         {&program.totals, &program.functions.front().totals}) {
      ExecutionTotals priced = totals->getExecution(model);
      ASSERT_FALSE(priced.kernels.isZero());
      // At least its kernels' launches, each at the model's own cost.
      EXPECT_GE(priced.latency, priced.kernels.toDouble() *
                                    hardware->getLaunchOverhead(model).value);
    }
  }
  // Eager and graph launch one kernel per op; compiled fuses the chain.
  // Each add moves 3 x 4 MiB = 12.6 MB at 1 TB/s x 0.5: 25.2 us.
  EXPECT_EQ(program.totals.getExecution(ExecutionModel::Eager).kernels,
            Count(2));
  EXPECT_EQ(program.totals.getExecution(ExecutionModel::Compiled).kernels,
            Count(1));
  EXPECT_NEAR(program.totals.getExecution(ExecutionModel::Eager).latency,
              2 * (3 * 4194304 / 0.5e12 + 5e-6), 1e-12);
  EXPECT_NEAR(program.totals.getExecution(ExecutionModel::Graph).latency,
              2 * (3 * 4194304 / 0.5e12 + 2e-6), 1e-12);
}

TEST_F(ExecutionModelTest, TheHeadlineIsTheModelAsked) {
  for (ExecutionModel model : kAllExecutionModels) {
    SCOPED_TRACE(stringifyExecutionModel(model).str());
    PricedProgram program = price(model);
    EXPECT_DOUBLE_EQ(program.totals.latency,
                     program.totals.getExecution(model).latency);
  }
}

TEST_F(ExecutionModelTest, EveryModelReachesTheJSONView) {
  PricedProgram program = price(ExecutionModel::Compiled);
  std::string text;
  llvm::raw_string_ostream os(text);
  printJSONReport(program, os);
  llvm::Expected<llvm::json::Value> document = llvm::json::parse(text);
  ASSERT_TRUE(static_cast<bool>(document))
      << llvm::toString(document.takeError());
  const llvm::json::Object *byExecution =
      document->getAsObject()->getObject("totals")->getObject(
          "latency_by_execution");
  ASSERT_NE(byExecution, nullptr);
  for (ExecutionModel model : kAllExecutionModels) {
    llvm::StringRef name = stringifyExecutionModel(model);
    const llvm::json::Object *entry = byExecution->getObject(name);
    ASSERT_NE(entry, nullptr) << name.str();
    EXPECT_EQ(entry->getNumber("latency_s"),
              program.totals.getExecution(model).latency);
  }
}

} // namespace
