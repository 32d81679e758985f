#include "roofline/model.hpp"

#include <gtest/gtest.h>

using namespace roofline;

namespace {
Roofline two_level() {
  return Roofline({{Precision::fp32, "vec256", 200e9},
                   {Precision::fp32, "scalar", 25e9},
                   {Precision::fp64, "vec256", 100e9}},
                  {{"L1", 400e9}, {"DRAM", 20e9}, {"DRAM", 25e9}});
}
}  // namespace

TEST(Model, PeakIsTheBestPathOfThePrecision) {
  auto r = two_level();
  EXPECT_DOUBLE_EQ(*r.peak(Precision::fp32), 200e9);
  EXPECT_DOUBLE_EQ(*r.peak(Precision::fp64), 100e9);
  EXPECT_FALSE(r.peak(Precision::fp16).has_value());
  EXPECT_DOUBLE_EQ(*r.bandwidth("DRAM"), 25e9);  // the faster of two DRAM roofs
  EXPECT_FALSE(r.bandwidth("L3").has_value());
}

TEST(Model, AttainableIsTheMinimumOfTheRoofs) {
  auto r = two_level();
  EXPECT_DOUBLE_EQ(*r.attainable(Precision::fp32, "DRAM", 1.0), 25e9);
  EXPECT_DOUBLE_EQ(*r.attainable(Precision::fp32, "DRAM", 100.0), 200e9);
  EXPECT_DOUBLE_EQ(*r.ridge(Precision::fp32, "DRAM"), 8.0);
  EXPECT_DOUBLE_EQ(*r.ridge(Precision::fp64, "L1"), 0.25);
  EXPECT_FALSE(r.attainable(Precision::fp16, "DRAM", 1.0).has_value());
}

TEST(Model, PlacesAPointWithEfficiencyAndBound) {
  auto r = two_level();
  // nested SAXPY fp32 m=8: 16 flop/elem, 12 B/elem; 1e6 elements in 1 ms.
  Work w{.precision = Precision::fp32,
         .flops = 16e6,
         .bytes = 12e6,
         .bytes_write_allocate = 12e6,
         .working_set = 8e6};
  auto p = r.place(w, "DRAM", 1e-3);
  ASSERT_TRUE(p.has_value());
  EXPECT_NEAR(p->ai, 16.0 / 12.0, 1e-12);
  EXPECT_DOUBLE_EQ(p->performance, 16e9);
  EXPECT_NEAR(p->attainable, 25e9 * 16.0 / 12.0, 1);
  EXPECT_NEAR(p->efficiency, 16e9 / (25e9 * 16.0 / 12.0), 1e-12);
  EXPECT_EQ(p->bound, Bound::memory);
  EXPECT_EQ(p->level, "DRAM");

  w.flops = 12e6 * 100;  // AI 100 > ridge 8
  EXPECT_EQ(r.place(w, "DRAM", 1.0)->bound, Bound::compute);
}

TEST(Model, WorkWithoutFlopsHasTheEfficiencyOfItsBandwidth) {
  // A copy of 12 MB in 1 ms: 12 GB/s against the DRAM roof of 25 GB/s.
  const Work copy{.precision = Precision::fp32, .flops = 0, .bytes = 12e6, .working_set = 8e6};
  const auto p = two_level().place(copy, "DRAM", 1e-3);
  ASSERT_TRUE(p.has_value());
  EXPECT_DOUBLE_EQ(p->efficiency, 12e9 / 25e9);
  EXPECT_EQ(p->bound, Bound::memory);
}

TEST(Model, NoPlacementWithoutRoofsOrTime) {
  auto r = two_level();
  Work w{.precision = Precision::fp32, .flops = 1, .bytes = 1};
  EXPECT_FALSE(r.place(w, "L3", 1.0).has_value());
  EXPECT_FALSE(r.place(w, "DRAM", 0.0).has_value());
  w.bytes = 0;
  EXPECT_FALSE(r.place(w, "DRAM", 1.0).has_value());
}
