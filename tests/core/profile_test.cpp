#include <gtest/gtest.h>

#include "sample.hpp"

using namespace roofline;

TEST(Profile, CacheCapacityGrowsWithThreadsUpToItsInstances) {
  Cache l2{"L2", 512 << 10, 2, 1};
  EXPECT_DOUBLE_EQ(l2.capacity(1), 512 << 10);
  EXPECT_DOUBLE_EQ(l2.capacity(2), 2 * (512 << 10));
  EXPECT_DOUBLE_EQ(l2.capacity(8), 2 * (512 << 10));
  Cache l3{"L3", 32 << 20, 1, 2};
  EXPECT_DOUBLE_EQ(l3.capacity(1), 32 << 20);
  EXPECT_DOUBLE_EQ(l3.capacity(2), 32 << 20);
}

TEST(Profile, LevelOfAWorkingSet) {
  const auto d = sample::cpu();
  EXPECT_EQ(d.level_for(16 << 10, 1), "L1");
  EXPECT_EQ(d.level_for(48 << 10, 1), "L2");
  EXPECT_EQ(d.level_for(48 << 10, 2), "L1");  // two private L1s hold 64 KiB
  EXPECT_EQ(d.level_for(8 << 20, 2), "L3");
  EXPECT_EQ(d.level_for(256 << 20, 2), "DRAM");
}

TEST(Profile, RooflineTakesTheBestKernelPerLevelAtTheThreadCount) {
  const auto d = sample::cpu();
  EXPECT_EQ(d.max_threads_measured(), 2);
  const auto all = d.roofline();
  EXPECT_NEAR(*all.bandwidth("DRAM"), 35e9, 1e3);  // read beats triad
  EXPECT_NEAR(*all.peak(Precision::fp32), 220e9, 1e3);
  const auto one = d.roofline(1);
  EXPECT_NEAR(*one.peak(Precision::fp32), 111e9, 1e3);
  EXPECT_FALSE(one.bandwidth("DRAM").has_value());
}

TEST(Placement, ResultsAboveTheirRoofAreFlagged) {
  auto r = sample::results();  // its verified point sits at about 55% of its roof
  EXPECT_TRUE(roofline::above_roof(r).empty());
  r.results[0].placement->efficiency = 1.05;  // within the margin: noise, not a changed machine
  EXPECT_TRUE(roofline::above_roof(r).empty());
  r.results[0].placement->efficiency = 1.5;
  const auto above = roofline::above_roof(r);
  ASSERT_EQ(above.size(), 1u);
  EXPECT_EQ(above[0], &r.results[0]);
}
