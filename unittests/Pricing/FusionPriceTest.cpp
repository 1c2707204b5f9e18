//===- FusionPriceTest.cpp - The price of a fused group -------------------===//

#include "mlsysim/Pricing/FusionPlanner.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

#include "../ToyDevice.h"

using namespace mlsysim;
using mlsysim::unittest::toyDevice;

namespace {

/// The toy device: f32 vector 10 TFLOP/s, special functions 1e12/s, 1 TB/s,
/// efficiencies 0.5, 1 us launch.
class FusionPriceTest : public ::testing::Test {
protected:
  OpCost elementwise(int64_t flops, int64_t read, int64_t written) {
    OpCost cost = OpCost::free();
    cost.flops = Count(flops);
    cost.bytesRead = Count(read);
    cost.bytesWritten = Count(written);
    cost.elementType = b.getF32Type();
    return cost;
  }
  mlir::MLIRContext ctx;
  mlir::Builder b{&ctx};
  HardwareSpec hw = toyDevice();
};

TEST_F(FusionPriceTest, TwoMemoryBoundOpsPayOneLaunchAndTheirExternalBytes) {
  // Each: 1e6 FLOPs (0.2 us), 8 MB read + 4 MB written (24 us), + 1 us.
  OpCost a = elementwise(1000000, 8000000, 4000000);
  OpCost b = elementwise(1000000, 8000000, 4000000);
  // Fused: the 4 MB intermediate is neither written nor read: 12 MB read,
  // 4 MB written = 32 us; compute 0.4 us; + 1 us.
  GroupPrice price =
      priceFusedGroup({{&a, 1.0}, {&b, 1.0}}, Count(12000000), Count(4000000),
                      Count(1), OpClass::Elementwise, hw, {});
  EXPECT_DOUBLE_EQ(price.before, 50e-6);
  EXPECT_DOUBLE_EQ(price.after(), 33e-6);
  EXPECT_EQ(price.fused.bound, Bound::Memory);
  EXPECT_TRUE(price.flopsAdded.isZero());
}

TEST_F(FusionPriceTest, RecomputationAddsWorkAndCanLose) {
  // A cheap-to-move, expensive-to-compute producer recomputed 1000 times.
  OpCost producer = elementwise(0, 4000, 4000);
  producer.transcendentals = Count(8000); // 16 ns at 0.5e12/s.
  OpCost consumer = elementwise(1000000, 4000, 4000000);
  GroupPrice price =
      priceFusedGroup({{&producer, 1000.0}, {&consumer, 1.0}}, Count(4000),
                      Count(4000000), Count(1), OpClass::Elementwise, hw, {});
  // Apart: 1.016 us + 9.008 us; fused: 16 us + 0.2 us of compute over
  // 8.008 us of traffic, + 1 us.
  EXPECT_NEAR(price.before, 10.024e-6, 1e-12);
  EXPECT_NEAR(price.after(), 17.2e-6, 1e-12);
  EXPECT_EQ(price.fused.bound, Bound::Compute);
  EXPECT_EQ(price.flopsAdded, Count(8000 * 999));
}

TEST_F(FusionPriceTest, MultiplierScalesEveryTerm) {
  OpCost a = elementwise(1000000, 8000000, 4000000);
  GroupPrice once = priceFusedGroup({{&a, 1.0}}, Count(8000000), Count(4000000),
                                    Count(1), OpClass::Elementwise, hw, {});
  GroupPrice tenTimes =
      priceFusedGroup({{&a, 1.0}}, Count(8000000), Count(4000000), Count(10),
                      OpClass::Elementwise, hw, {});
  EXPECT_DOUBLE_EQ(once.after(), once.before);
  EXPECT_NEAR(tenTimes.after(), 10 * once.after(), 1e-15);
}

} // namespace
