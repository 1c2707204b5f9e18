//===- ReportFormatsTest.cpp - Every registered format renders ------------===//
//
// The recipe "a new report format" of docs/architecture.md, followed: every
// format of the one table (getReportFormats) has one name, a printer, and
// renders a priced program, alone and against a second device, without
// pricing anything itself. A format registered without one of these fails
// here.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/ReportFormats.h"
#include "mlsysim/Pricing/Comparison.h"

#include "llvm/ADT/StringSet.h"
#include "gtest/gtest.h"

#include "../PriceSource.h"
#include "../ToyDevice.h"

using namespace mlsysim;

namespace {

/// A matmul: 2 x 64 x 64 x 64 = 524288 FLOPs.
constexpr llvm::StringLiteral kProgram = R"mlir(
func.func @mm(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>, %c: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf16>) -> tensor<64x64xf16>
  return %0 : tensor<64x64xf16>
}
)mlir";

class ReportFormatsTest : public ::testing::Test {
protected:
  void SetUp() override {
    unittest::loadCostedDialects(ctx);
    module = mlir::parseSourceString<mlir::ModuleOp>(kProgram, &ctx);
    ASSERT_TRUE(module);
    auto toy = std::make_shared<HardwareSpec>(unittest::toyDevice());
    auto faster = std::make_shared<HardwareSpec>(unittest::toyDevice());
    faster->id = "toy-x2";
    faster->memoryBandwidthBytesPerS = unittest::value(2e12);
    programs.push_back(unittest::priceModuleOp(*module, toy));
    programs.push_back(unittest::priceModuleOp(*module, faster));
  }

  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<PricedProgram> programs;
};

TEST_F(ReportFormatsTest, EveryFormatHasOneNameAndAPrinter) {
  llvm::StringSet<> names;
  for (const ReportFormatInfo &format : getReportFormats()) {
    EXPECT_FALSE(format.name.empty());
    EXPECT_TRUE(names.insert(format.name).second) << format.name.str();
    EXPECT_NE(format.print, nullptr) << format.name.str();
  }
}

TEST_F(ReportFormatsTest, EveryFormatRendersOneDevice) {
  ASSERT_EQ(programs.front().totals.flops, Count(524288));
  for (const ReportFormatInfo &format : getReportFormats()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    format.print(llvm::ArrayRef(programs).take_front(), nullptr, os);
    EXPECT_FALSE(text.empty()) << format.name.str();
    // Every format names the op it priced.
    EXPECT_NE(text.find("matmul"), std::string::npos) << format.name.str();
  }
}

TEST_F(ReportFormatsTest, EveryFormatRendersSeveralDevices) {
  DeviceComparison comparison = compareDevices(programs);
  for (const ReportFormatInfo &format : getReportFormats()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    format.print(programs, &comparison, os);
    EXPECT_FALSE(text.empty()) << format.name.str();
  }
}

} // namespace
