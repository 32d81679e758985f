// Roofline chart geometry on hand-made ceilings: extent, roof segments, ridge points, points.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace reports
