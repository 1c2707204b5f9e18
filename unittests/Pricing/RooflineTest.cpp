//===- RooflineTest.cpp - The roofline formula ----------------------------===//

#include "mlsysim/Pricing/Roofline.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

#include "../ToyDevice.h"

using namespace mlsysim;
using mlsysim::unittest::toyDevice;
using mlsysim::unittest::value;

namespace {

class RooflineTest : public ::testing::Test {
protected:
  mlir::MLIRContext ctx;
  mlir::Builder b{&ctx};
  HardwareSpec hw = toyDevice();
};

TEST_F(RooflineTest, ComputeBoundMatmul) {
  OpCost cost = OpCost::free();
  cost.flops = Count(2000000000); // 2 GFLOP
  cost.bytesRead = Count(1000000);
  cost.elementType = b.getF16Type();
  cost.matrixUnit = true;
  RooflineEstimate e = estimateRoofline(cost, Count(1), hw, {});
  ASSERT_TRUE(e.peak);
  EXPECT_EQ(e.peak->unit, ComputeUnit::Matrix);
  // 2e9 / 100e12 / 0.5 = 4e-5 s; 1e6 / 1e12 / 0.5 = 2e-6 s.
  EXPECT_DOUBLE_EQ(e.tCompute, 4e-5);
  EXPECT_DOUBLE_EQ(e.tMemory, 2e-6);
  EXPECT_DOUBLE_EQ(e.latency, 4e-5 + 1e-6);
  EXPECT_DOUBLE_EQ(e.roofline, 2e-5);
  EXPECT_EQ(e.bound, Bound::Compute);
}

TEST_F(RooflineTest, MemoryAndOverheadBounds) {
  OpCost cost = OpCost::free();
  cost.flops = Count(1000);
  cost.bytesRead = Count(10000000); // 1e7 / 1e12 / 0.5 = 2e-5 s
  cost.elementType = b.getF32Type();
  EXPECT_EQ(estimateRoofline(cost, Count(1), hw, {}).bound, Bound::Memory);
  cost.bytesRead = Count(100); // 2e-10 s: the 1 us launch dominates
  EXPECT_EQ(estimateRoofline(cost, Count(1), hw, {}).bound, Bound::Overhead);
}

TEST_F(RooflineTest, MultiplierScalesTimeAndLaunches) {
  OpCost cost = OpCost::free();
  cost.bytesRead = Count(10000000);
  RooflineEstimate e = estimateRoofline(cost, Count(3), hw, {});
  EXPECT_DOUBLE_EQ(e.tMemory, 6e-5);
  EXPECT_DOUBLE_EQ(e.tOverhead, 3e-6);
  EXPECT_EQ(estimateRoofline(cost, Count(0), hw, {}).bound, Bound::Free);
}

TEST_F(RooflineTest, FreeOpsCostNothing) {
  RooflineEstimate e = estimateRoofline(OpCost::free(), Count(1), hw, {});
  EXPECT_EQ(e.bound, Bound::Free);
  EXPECT_EQ(e.latency, 0.0);
}

TEST_F(RooflineTest, PeakFallbacks) {
  // f32 contraction: no f32 matrix rate, so the vector unit; with TF32
  // allowed, the matrix unit's tf32 rate.
  auto peak = choosePeak(hw, true, b.getF32Type(), {});
  ASSERT_TRUE(peak);
  EXPECT_EQ(peak->unit, ComputeUnit::Vector);
  EXPECT_EQ(peak->kind, ElementKind::F32);
  RooflineOptions tf32;
  tf32.allowTF32 = true;
  peak = choosePeak(hw, true, b.getF32Type(), tf32);
  EXPECT_EQ(peak->kind, ElementKind::TF32);
  EXPECT_EQ(peak->unit, ComputeUnit::Matrix);
  // bf16 elementwise: no bf16 vector rate, the next wider format (f32).
  peak = choosePeak(hw, false, b.getBF16Type(), {});
  EXPECT_EQ(peak->kind, ElementKind::F32);
  // i8 on the vector unit widens to i32; i64 narrows to i32.
  EXPECT_EQ(choosePeak(hw, false, b.getI8Type(), {})->kind, ElementKind::I32);
  EXPECT_EQ(choosePeak(hw, false, b.getI64Type(), {})->kind, ElementKind::I32);
  // f64 has no rate and f32 is the nearest narrower one.
  EXPECT_EQ(choosePeak(hw, false, b.getF64Type(), {})->kind, ElementKind::F32);
}

TEST_F(RooflineTest, TranscendentalsUseTheSpecialFunctionRate) {
  OpCost cost = OpCost::free();
  cost.flops = Count(1000000);           // 1e6 / 10e12 = 1e-7
  cost.transcendentals = Count(1000000); // 1e6 / 1e12 = 1e-6
  cost.elementType = b.getF32Type();
  RooflineEstimate e = estimateRoofline(cost, Count(1), hw, {});
  EXPECT_DOUBLE_EQ(e.tCompute, (1e-7 + 1e-6) / 0.5);
  EXPECT_EQ(e.dominantUnit, ComputeUnit::SpecialFunction);
}

TEST_F(RooflineTest, LastLevelCacheBandwidth) {
  hw.llcCapacityBytes = value(1e6);
  hw.llcBandwidthBytesPerS = value(4e12);
  OpCost small = OpCost::free(), big = OpCost::free();
  small.bytesRead = Count(1000);
  big.bytesRead = Count(10000000);
  RooflineOptions automatic;
  automatic.memoryLevel = MemoryLevel::Auto;
  EXPECT_EQ(estimateRoofline(small, Count(1), hw, automatic).memoryLevel,
            MemoryLevel::LLC);
  EXPECT_EQ(estimateRoofline(big, Count(1), hw, automatic).memoryLevel,
            MemoryLevel::DRAM);
  EXPECT_DOUBLE_EQ(estimateRoofline(small, Count(1), hw, automatic).tMemory,
                   1000 / 4e12 / 0.5);
  // 1e7 bytes, 1e6 of which stay in the LLC: max(9e6 / 1e12, 1e7 / 4e12).
  EXPECT_DOUBLE_EQ(estimateRoofline(big, Count(1), hw, automatic).tMemory,
                   9e6 / 1e12 / 0.5);
  // Without auto, all of it streams from device memory.
  EXPECT_DOUBLE_EQ(estimateRoofline(big, Count(1), hw, {}).tMemory,
                   1e7 / 1e12 / 0.5);
}

} // namespace
