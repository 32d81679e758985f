// Roofline chart geometry on hand-made ceilings: extent, roof segments, ridge points, points.
#include <gtest/gtest.h>

#include "reports/point_card.hpp"
#include "reports/roof_gap.hpp"
#include "reports/roof_labels.hpp"
#include "reports/roofline_chart.hpp"
#include "reports/view.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

using roofline::Precision;

// fp64 64 GFLOP/s (vec256) and 8 GFLOP/s (scalar), fp32 128 GFLOP/s; L1 400 GB/s, DRAM 20 GB/s.
roofline::Roofline hand_made() {
  return roofline::Roofline({{Precision::fp64, "scalar", 8e9},
                             {Precision::fp64, "vec256", 64e9},
                             {Precision::fp32, "vec256", 128e9}},
                            {{"L1", 400e9}, {"DRAM", 20e9}});
}

TEST(RidgePoints, OnePerLevelAndPrecisionAtPeakOverBandwidth) {
  const std::vector<RidgePoint> ridges = ridge_points(hand_made());
  ASSERT_EQ(ridges.size(), 4u);
  auto find = [&](const std::string& level, Precision p) {
    for (const auto& r : ridges) {
      if (r.level == level && r.precision == p) return r;
    }
    ADD_FAILURE() << "no ridge " << level;
    return RidgePoint{};
  };
  EXPECT_DOUBLE_EQ(find("DRAM", Precision::fp64).ai, 3.2);  // 64 G / 20 G
  EXPECT_DOUBLE_EQ(find("DRAM", Precision::fp64).performance, 64e9);
  EXPECT_DOUBLE_EQ(find("L1", Precision::fp32).ai, 0.32);  // 128 G / 400 G
  EXPECT_EQ(find("DRAM", Precision::fp32).label, "DRAM·fp32 AI 6.4");
}

TEST(RooflineExtent, HoldsRidgesPointsAndTheirIntervals) {
  PlotPoint p;
  p.ai = 50;
  p.performance = 1e9;
  p.low = 0.5e9;
  p.high = 2e9;
  const Extent e = roofline_extent(hand_made(), {p});
  EXPECT_LE(e.x_lo, 0.16);  // ridge L1·fp64 = 0.16
  EXPECT_GE(e.x_hi, 50);
  EXPECT_GE(e.y_hi, 128e9);
  EXPECT_LE(e.y_lo, 0.5e9);
  EXPECT_GE(e.x_hi / e.x_lo, 1e3 * (1 - 1e-9));
  EXPECT_GE(e.y_lo, e.y_hi / 1e6 * (1 - 1e-9));  // at most six decades of FLOP/s
}

TEST(RoofSegments, ComputeRoofsAreHorizontalFromTheFastestMemoryRoof) {
  const Extent bounds{0.01, 1000, 1e8, 1e12};
  const std::vector<RoofSegment> roofs = roof_segments(hand_made(), bounds);
  int compute = 0;
  for (const RoofSegment& r : roofs) {
    if (r.kind != RoofKind::compute) continue;
    ++compute;
    EXPECT_DOUBLE_EQ(r.y0, r.y1);
    EXPECT_DOUBLE_EQ(r.x1, 1000);
    EXPECT_DOUBLE_EQ(r.x0, r.y0 / 400e9);  // meets the L1 roof
    ASSERT_TRUE(r.precision);
  }
  EXPECT_EQ(compute, 3);
  EXPECT_EQ(roofs.back().label, "fp32 vec256 128 GFLOP/s");
}

TEST(RoofSegments, MemoryRoofsAreDiagonalUpToTheHighestComputeRoof) {
  const Extent bounds{0.01, 1000, 1e10, 1e12};
  int memory = 0;
  for (const RoofSegment& r : roof_segments(hand_made(), bounds)) {
    if (r.kind != RoofKind::memory) continue;
    ++memory;
    const double bw = r.y0 / r.x0;
    EXPECT_NEAR(r.y1 / r.x1, bw, bw * 1e-12);  // on FLOP/s = bandwidth × AI
    EXPECT_DOUBLE_EQ(r.y1, 128e9);             // capped by the fp32 peak
    EXPECT_FALSE(r.precision);
    // Each starts where it rises above y_lo = 10 GFLOP/s (both are below it at x_lo).
    EXPECT_DOUBLE_EQ(r.x0, 1e10 / bw);
    EXPECT_EQ(r.label, bw == 20e9 ? "DRAM 20 GB/s" : "L1 400 GB/s");
  }
  EXPECT_EQ(memory, 2);
}

TEST(RoofSegments, RoofsOutsideTheBoundsAreLeftOut) {
  const Extent bounds{0.01, 1000, 10e9, 1e12};  // the 8 GFLOP/s scalar roof is below
  int compute = 0;
  for (const RoofSegment& r : roof_segments(hand_made(), bounds)) {
    compute += r.kind == RoofKind::compute;
    EXPECT_GE(r.y0, 10e9);
  }
  EXPECT_EQ(compute, 2);
}

TEST(RoofSegments, MemoryRoofsWithoutComputeRoofsRiseToTheRightEdge) {
  const roofline::Roofline memory_only({}, {{"DRAM", 20e9}});
  const Extent e = roofline_extent(memory_only, {});
  const std::vector<RoofSegment> roofs = roof_segments(memory_only, e);
  ASSERT_EQ(roofs.size(), 1u);
  EXPECT_DOUBLE_EQ(roofs[0].x1, e.x_hi);
  EXPECT_GT(roofs[0].x1, roofs[0].x0);
  EXPECT_TRUE(ridge_points(memory_only).empty());
}

TEST(PlotPoints, VerifiedResultsWithFlopsOnlyAndCiFromTimeBounds) {
  const std::vector<roofline::Results> inputs{samples::sample_results({4, 2, 1})};
  const std::vector<DeviceView> views = device_views(inputs);
  ASSERT_EQ(views.size(), 1u);
  EXPECT_EQ(views[0].records.size(), 7u);
  const std::vector<PlotPoint> points = plot_points(views[0]);
  ASSERT_EQ(points.size(), 4u);  // neither the failed nor the copy without FLOPs
  for (const PlotPoint& p : points) {
    EXPECT_LT(p.low, p.performance);
    EXPECT_GT(p.high, p.performance);
    const auto& t = *p.result->time;
    EXPECT_DOUBLE_EQ(p.low, p.result->work.flops / t.ci_high);
  }
  EXPECT_EQ(points[0].label, "avx2_8chain m=1");
  EXPECT_TRUE(points[1].unstable);
  EXPECT_EQ(points[1].label, "avx2_8chain_dp m=2 (unstable)");
  EXPECT_DOUBLE_EQ(points[0].ai, 2.0 / 12);  // m/6 in fp32 with m = 1
}

// The key names the family's declared panel and size parameters, nothing of its own choosing.
TEST(ResultKey, NamesTheDeclaredPanelAndSize) {
  roofline::Result r;
  r.params = {{"n", 1024}, {"m", 1024}, {"k", 1024}, {"shape", "square"}, {"isa", "avx2"}};
  EXPECT_EQ(result_key(r), "isa=avx2, k=1024, m=1024, n=1024, shape=square")
      << "a file of an earlier build: every parameter";
  r.family = "gbench";
  EXPECT_EQ(result_key(r), "") << "an imported result: its variant names it";
  r.study = roofline::SizeStudy{.param = "n", .label = "matrix size", .panel = "shape"};
  EXPECT_EQ(result_key(r), "shape=square n=1024");
  r.study = roofline::SizeStudy{.param = "m", .label = "depth m"};
  EXPECT_EQ(result_key(r), "m=1024");
  r.study = roofline::SizeStudy{.param = "n", .label = "length", .panel = "op"};
  EXPECT_EQ(result_key(r), "n=1024") << "a declared parameter the result lacks is left out";
  EXPECT_EQ(params_text({{"m", 64}, {"isa", "avx2"}}), "isa=avx2, m=64");
}

// Roofs are dark, points light (roofline_colours.hpp): the two sets share no colour, and every
// roof is darker than every point by the margin the rule states.
TEST(RooflineColours, RoofsAndPointsAreApartInLightness) {
  std::vector<std::string> roofs{kMemoryRoofColour};
  for (int p = 0; p <= static_cast<int>(Precision::fp8_tensor); ++p)
    roofs.push_back(precision_colour(static_cast<Precision>(p)));
  for (const std::string& roof : roofs) {
    EXPECT_LT(lightness(roof), kRoofLightnessBelow) << roof;
    for (const char* point : kPointColours) {
      EXPECT_NE(roof, point);
      EXPECT_GT(lightness(point), kPointLightnessAbove) << point;
    }
  }
  EXPECT_NEAR(lightness("#ffffff"), 100, 1e-6);
  EXPECT_NEAR(lightness("#000000"), 0, 1e-6);
  EXPECT_NEAR(lightness("#777777"), 50, 0.5);
}

TEST(RoofLabelGroups, RoofsWithinALabelsHeightShareOneLabel) {
  // Pixels: compute roofs at y 100, 104 (merged) and 110; memory diagonals of slope −1 whose
  // lines lie 4 px apart across (merged) and another 40 px away; merged when under 5 px apart.
  const std::vector<RoofLine> roofs{
      {true, "fp64 avx2", "64 GFLOP/s", 300, 100, 800, 100},
      {true, "fp32 avx2", "64 GFLOP/s", 300, 104, 800, 104},
      {true, "fp64 scalar", "8 GFLOP/s", 300, 110, 800, 110},
      {false, "L2", "1.2 TB/s", 100, 400, 300, 200},
      {false, "L3", "1.18 TB/s", 100 + 4 * std::sqrt(2.0), 400, 300 + 4 * std::sqrt(2.0), 200},
      {false, "DRAM", "20 GB/s", 160, 400, 360, 200}};
  const auto groups = roof_label_groups(roofs, 5);
  ASSERT_EQ(groups.size(), 4u);
  EXPECT_EQ(groups[0], (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(groups[1], (std::vector<std::size_t>{2}));
  EXPECT_EQ(groups[2], (std::vector<std::size_t>{3, 4})) << "the top (left) diagonal first";
  EXPECT_EQ(groups[3], (std::vector<std::size_t>{5}));
  EXPECT_EQ(roof_label_text(roofs, groups[0]).text(), "fp64 avx2 · fp32 avx2 64 GFLOP/s");
  EXPECT_EQ(roof_label_text(roofs, groups[2]).text(), "L2 1.2 TB/s · L3 1.18 TB/s");
  EXPECT_EQ(roof_label_text(roofs, groups[3]).text(), "DRAM 20 GB/s");
}

TEST(ChangeText, SignedPercentOfTheFirst) {
  EXPECT_EQ(change_text(100, 112), "+12%");
  EXPECT_EQ(change_text(100, 70), "\u221230%");
  EXPECT_EQ(change_text(100, 100), "+0%");
}

// The profile's ceilings give their roofs the 95% interval of their medians.
TEST(RoofIntervals, FromTheCeilingsSummaries) {
  const roofline::Roofline roofs = samples::sample_device().roofline();
  for (const roofline::ComputeRoof& c : roofs.compute()) {
    EXPECT_DOUBLE_EQ(c.interval.low, c.flops_per_s * 0.99);
    EXPECT_DOUBLE_EQ(c.interval.high, c.flops_per_s * 1.01);
  }
  for (const roofline::MemoryRoof& m : roofs.memory()) EXPECT_TRUE(m.interval.known()) << m.level;
  EXPECT_FALSE(roofline::RoofInterval{}.known());
}

// A point 20% under its roof is further from it than its interval and the roof's reach; one 1%
// under it is at the roof; above it, the sign turns.
TEST(RoofGap, RealWhereTheIntervalsDoNotMeet) {
  const roofline::Roofline roofs = samples::sample_device().roofline();  // DRAM 20 GB/s ± 2%
  roofline::Result r;
  r.placement = roofline::Placement{};
  r.placement->level = "DRAM";
  PlotPoint p;
  p.result = &r;
  p.precision = Precision::fp64;
  p.ai = 0.1;  // memory-bound: the roof is 2 GFLOP/s
  const auto at = [&](double performance, double spread) {
    p.performance = performance;
    p.low = performance * (1 - spread);
    p.high = performance * (1 + spread);
    return *roof_gap(p, roofs);
  };
  const RoofGap far = at(1.6e9, 0.01);
  EXPECT_EQ(far.roof, "DRAM");
  EXPECT_NEAR(far.gap, 0.2, 1e-12);
  EXPECT_NEAR(far.intervals, 0.02 + 0.008, 1e-12);  // the roof's 2% and the point's 1% of 1.6
  EXPECT_TRUE(far.real());
  EXPECT_EQ(gap_text(far), "gap to the DRAM roof 20% > intervals 2.8%: real");
  const RoofGap near = at(1.98e9, 0.01);
  EXPECT_FALSE(near.real());
  EXPECT_EQ(gap_text(near), "gap to the DRAM roof 1%, within the intervals 3%: at the roof");
  const RoofGap above = at(2.2e9, 0.01);
  EXPECT_LT(above.gap, 0);
  EXPECT_TRUE(above.real());
  p.ai = 100;  // compute-bound: fp64 64 GFLOP/s
  EXPECT_EQ(at(32e9, 0.01).roof, "fp64 compute");
  const roofline::Roofline bare({{Precision::fp64, "vec256", 64e9}}, {{"DRAM", 20e9}});
  p.ai = 0.1;
  at(1.6e9, 0.01);
  EXPECT_EQ(gap_text(*roof_gap(p, bare)),
            "gap to the DRAM roof 20% > interval 0.8% (the roof records none): real");
}

}  // namespace
}  // namespace reports
