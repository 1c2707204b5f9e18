//===- ProfileFitTest.cpp - Efficiencies fitted to a measured run ---------===//
//
// The fit's arithmetic on a priced program and an overlay made by hand: the
// ratio of sums per class, the ops it must leave out, and the clamp to the
// device-file range.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Pricing/ProfileFit.h"

#include "mlsysim/Pricing/PricedProgram.h"
#include "mlsysim/Pricing/ProfileOverlay.h"

#include "gtest/gtest.h"

#include "../ToyDevice.h"

using namespace mlsysim;
using mlsysim::unittest::toyDevice;

namespace {

/// One memory-bound elementwise op per unit: 1 us launch plus `work` us.
class ProfileFitTest : public ::testing::Test {
protected:
  void SetUp() override {
    program.hardware = std::make_shared<HardwareSpec>(toyDevice());
  }

  /// Adds an op of `opClass` priced at 1 us launch + `work` us (memory-bound)
  /// and a unit of it measured at `measured` us.
  void addUnit(OpClass opClass, double work, double measured) {
    PricedOp op;
    op.id = program.ops.size();
    op.modeled = true;
    op.opClass = opClass;
    op.roofline.bound = Bound::Memory;
    op.roofline.tMemory = work * 1e-6;
    op.roofline.tCompute = work * 1e-7;
    op.roofline.tOverhead = 1e-6;
    op.roofline.latency = (1 + work) * 1e-6;
    op.roofline.computeEfficiency = 0.5;
    op.roofline.memoryEfficiency = 0.5;
    program.ops.push_back(op);
    MeasuredUnit unit;
    unit.anchor = op.id;
    unit.ops = {op.id};
    unit.measured = measured * 1e-6;
    unit.predicted = op.roofline.latency;
    overlay.units.push_back(unit);
    // One op per unit: the op's share is the unit's time.
    overlay.opMeasured.push_back(unit.measured);
  }

  PricedProgram program;
  ProfileOverlay overlay;
};

TEST_F(ProfileFitTest, RatioOfSums) {
  // Work above the launch: 1, 1 and 2 us predicted; 1, 4 and 2 us measured.
  // e = 0.5 * (1 + 1 + 2) / (1 + 4 + 2) = 2 / 7.
  addUnit(OpClass::Elementwise, 1, 2);
  addUnit(OpClass::Elementwise, 1, 5);
  addUnit(OpClass::Elementwise, 2, 3);
  ProfileFit fit = fitEfficiencies(program, overlay);
  ASSERT_EQ(fit.classes.size(), 1u);
  const ClassFit &c = fit.classes.front();
  EXPECT_EQ(c.opClass, OpClass::Elementwise);
  EXPECT_FALSE(c.compute);
  EXPECT_EQ(c.units, 3u);
  EXPECT_DOUBLE_EQ(c.assumed, 0.5);
  EXPECT_NEAR(c.fitted, 2.0 / 7.0, 1e-12);
  EXPECT_NEAR(c.seconds, 10e-6, 1e-15);
  // Re-predicted at 2/7: the work scales by 0.5 / (2/7) = 1.75: 2.75, 2.75
  // and 4.5 us, 10 us in all: the class's total matches. Measured over
  // re-predicted: 2 / 2.75 = 0.727 (2 us), 5 / 2.75 = 1.818 (5 us), 3 / 4.5
  // = 0.667 (3 us): the 10th percentile (1 us) is 0.667, the 90th (9 us)
  // 1.818.
  EXPECT_NEAR(c.spreadLow, 3.0 / 4.5, 1e-12);
  EXPECT_NEAR(c.spreadHigh, 5.0 / 2.75, 1e-12);
  EXPECT_NEAR(fit.predictedAfter, 10e-6, 1e-15);
}

TEST_F(ProfileFitTest, UnitsAtTheirLaunchAreLeftOutAndSaidSo) {
  // Measured 0.8 us on a 1 us launch: no efficiency explains it.
  addUnit(OpClass::Matmul, 1, 0.8);
  addUnit(OpClass::Elementwise, 1, 2);
  ProfileFit fit = fitEfficiencies(program, overlay);
  ASSERT_EQ(fit.classes.size(), 1u);
  EXPECT_EQ(fit.classes.front().opClass, OpClass::Elementwise);
  EXPECT_EQ(fit.unitsUsed, 1u);
  ASSERT_EQ(fit.notes.size(), 1u);
  EXPECT_NE(fit.notes.front().find("1 measured op at or below its launch"),
            std::string::npos);
}

TEST_F(ProfileFitTest, ClampedToTheDeviceFileRange) {
  // 0.5 * 0.001 / 99 = 5.05e-6, below 0.001; 0.5 * 4 / 0.5 = 4, above 1.
  addUnit(OpClass::Reduction, 0.001, 100);
  addUnit(OpClass::Elementwise, 4, 1.5);
  ProfileFit fit = fitEfficiencies(program, overlay);
  ASSERT_EQ(fit.classes.size(), 2u);
  EXPECT_EQ(fit.classes[0].opClass, OpClass::Reduction);
  EXPECT_DOUBLE_EQ(fit.classes[0].fitted, kMinFittedEfficiency);
  EXPECT_NEAR(fit.classes[0].unclamped, 0.5 * 0.001 / 99, 1e-12);
  EXPECT_DOUBLE_EQ(fit.classes[1].fitted, kMaxFittedEfficiency);
  EXPECT_NEAR(fit.classes[1].unclamped, 4.0, 1e-9);
}

} // namespace
