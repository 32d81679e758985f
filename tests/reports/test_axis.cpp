// Log axes: bounds snapped to nice values, the pixel map, and tick values and labels.
#include <gtest/gtest.h>

#include <stdexcept>

#include "reports/axis.hpp"
#include "reports/format.hpp"

namespace reports {
namespace {

TEST(LogAxis, WidensToDecadesAndMapsLinearlyInLog) {
  const LogAxis axis(0.03, 700, 100, 500);
  EXPECT_DOUBLE_EQ(axis.lo(), 0.01);
  EXPECT_DOUBLE_EQ(axis.hi(), 1000);
  EXPECT_DOUBLE_EQ(axis.map(0.01), 100);
  EXPECT_DOUBLE_EQ(axis.map(1000), 500);
  EXPECT_NEAR(axis.map(1), 100 + 400 * 2.0 / 5, 1e-9);  // 1 is two of five decades up
}

TEST(LogAxis, ExactDecadesStayAndAYAxisRunsUpward) {
  const LogAxis axis(1e9, 1e12, 400, 0);
  EXPECT_DOUBLE_EQ(axis.lo(), 1e9);
  EXPECT_DOUBLE_EQ(axis.hi(), 1e12);
  EXPECT_DOUBLE_EQ(axis.map(1e9), 400);
  EXPECT_NEAR(axis.map(1e10), 400 - 400.0 / 3, 1e-9);
}

TEST(LogAxis, ASingleValueGetsADecade) {
  const LogAxis axis(5, 5, 0, 100);
  EXPECT_DOUBLE_EQ(axis.lo(), 1);
  EXPECT_DOUBLE_EQ(axis.hi(), 10);
}

TEST(LogAxis, RejectsNonPositiveOrReversedBounds) {
  EXPECT_THROW(LogAxis(0, 10, 0, 100), std::invalid_argument);
  EXPECT_THROW(LogAxis(10, 1, 0, 100), std::invalid_argument);
  EXPECT_THROW(LogAxis(-1, 10, 0, 100), std::invalid_argument);
}

TEST(LogTicks, NarrowRangesUseOneTwoFive) {
  const TickValues tv = log_tick_values(1, 100, LogBase::decimal, 8);
  const std::vector<double> expected{1, 2, 5, 10, 20, 50, 100};
  ASSERT_EQ(tv.values.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(tv.values[i], expected[i], 1e-9 * expected[i]);
    EXPECT_TRUE(tv.labelled[i]);
  }
}

TEST(LogTicks, WideRangesLabelDecadesThinnedToTheLimit) {
  const TickValues tv = log_tick_values(1e6, 1e18, LogBase::decimal, 5);
  ASSERT_EQ(tv.values.size(), 13u);  // every decade is a tick
  int labelled = 0;
  for (std::size_t i = 0; i < tv.values.size(); ++i) labelled += tv.labelled[i];
  EXPECT_EQ(labelled, 5);  // 1e6, 1e9, 1e12, 1e15, 1e18
  EXPECT_TRUE(tv.labelled[3]);
  EXPECT_FALSE(tv.labelled[1]);
}

TEST(LogTicks, BinaryTicksArePowersOfTwo) {
  const TickValues tv = log_tick_values(4096, 4194304, LogBase::binary, 11);  // 2^12 … 2^22
  ASSERT_EQ(tv.values.size(), 11u);
  EXPECT_DOUBLE_EQ(tv.values[0], 4096);
  EXPECT_DOUBLE_EQ(tv.values[3], 32768);
  const TickValues sparse = log_tick_values(4096, 4294967296.0, LogBase::binary, 11);  // 2^12…2^32
  ASSERT_EQ(sparse.values.size(), 11u);  // every second power
  EXPECT_DOUBLE_EQ(sparse.values[1], 16384);
}

TEST(LogAxis, TicksCarryPositionsAndReadableLabels) {
  const LogAxis axis(1e9, 1e12, 300, 0);
  const std::vector<Tick> ticks = axis.ticks([](double v) { return format_si(v, "FLOP/s"); });
  ASSERT_EQ(ticks.size(), 4u);
  EXPECT_EQ(ticks[0].label, "1 GFLOP/s");
  EXPECT_EQ(ticks[1].label, "10 GFLOP/s");
  EXPECT_EQ(ticks[3].label, "1 TFLOP/s");
  EXPECT_DOUBLE_EQ(ticks[0].position, 300);
  EXPECT_DOUBLE_EQ(ticks[3].position, 0);
  const LogAxis bytes(1e9, 1e12, 0, 100);
  EXPECT_EQ(bytes.ticks([](double v) { return format_si(v, "B/s"); })[3].label, "1 TB/s");
}

}  // namespace
}  // namespace reports
