// A sweep's heat map, on the reduce family's: sweep results placed on the grid of the two
// parameters its study declares at the sweep's length, bandwidth from declared bytes and median
// time, the best cell outlined, failed and missing cells labelled, and the length views leaving
// the sweep out (with CUB as their baseline).
#include <gtest/gtest.h>

#include "count.hpp"
#include "reports/size_study.hpp"
#include "reports/sweep_heatmap.hpp"

namespace reports {
namespace {

using roofline::Precision;
using samples::count;

constexpr double kLength = 1 << 20;

// Bandwidth (threads/64 × items) GB/s + threads MB/s: 256 threads × 16 items is 64.256 GB/s,
// and no two cells tie.
roofline::Result sweep_point(int threads, int items, double length = kLength) {
  roofline::Result r;
  r.family = "reduce";
  r.variant =
      "two_pass_warp_shfl_striped_v16_" + std::to_string(threads) + "x" + std::to_string(items / 4);
  r.backend = "cuda";
  r.device = "cuda:0";
  r.params = {{"n", length},
              {"op", "sum"},
              {"threads_per_block", threads},
              {"items_per_thread", items},
              {"sweep", "threads_per_block x items_per_thread"}};
  r.study = {.param = "n",
             .label = "vector length (elements)",
             .panel = "op",
             .baseline = false,
             .sweep_rows = "threads_per_block",
             .sweep_columns = "items_per_thread"};
  r.work.precision = Precision::fp32;
  r.work.bytes = r.work.working_set = 4 * length;
  r.verification = {true, 0, 1e-6, "within tolerance"};
  r.samples.assign(3, r.work.bytes / (1e9 * threads / 64 * items + 1e6 * threads));
  r.time = roofline::summarize(r.samples);
  return r;
}

class Heatmap : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int threads : {256, 64, 1024})  // out of order: rows are sorted
      for (int items : {16, 4, 64}) results_.push_back(sweep_point(threads, items));
    results_.back().verification.passed = false;  // 1024 × 64 failed
    results_.back().time.reset();
    results_.erase(results_.begin() + 1);                 // 256 × 4 not run
    results_.push_back(sweep_point(64, 4, kLength / 2));  // another length: left out
    roofline::Result ladder = sweep_point(256, 16);
    ladder.params.erase("sweep");  // a ladder point, not a sweep point
    ladder.variant = "one_pass_atomic";
    results_.push_back(ladder);
    ladder.variant = "cub";  // the CUDA baseline, as kernels/cuda/reduce_cases.cpp names it
    ladder.params["library"] = "CUB 3.0.1";
    ladder.study->baseline = true;
    results_.push_back(ladder);
    for (const auto& r : results_) records_.push_back(&r);
  }
  std::vector<roofline::Result> results_;
  std::vector<const roofline::Result*> records_;
};

TEST_F(Heatmap, CellsSitOnSortedAxesAtTheSweepLength) {
  const auto maps = sweep_heatmaps(records_);
  ASSERT_EQ(maps.size(), 1u);
  const SweepHeatmap& m = maps[0];
  EXPECT_EQ(m.family, "reduce");
  EXPECT_EQ(m.panel, "sum");
  EXPECT_EQ(m.size, kLength);
  EXPECT_EQ(m.rows, (std::vector<int>{64, 256, 1024}));
  EXPECT_EQ(m.columns, (std::vector<int>{4, 16, 64}));
  ASSERT_EQ(m.cells.size(), 9u);
  ASSERT_TRUE(m.at(1, 1).bandwidth.has_value());
  EXPECT_NEAR(*m.at(1, 1).bandwidth, 64.256e9, 1);
  EXPECT_NEAR(*m.at(0, 0).bandwidth, 4.064e9, 1);  // the half-length point did not replace it
  EXPECT_FALSE(m.at(1, 0).measured);               // 256 × 4 not run
  EXPECT_TRUE(m.at(2, 2).measured);                // 1024 × 64 failed
  EXPECT_FALSE(m.at(2, 2).bandwidth.has_value());
  ASSERT_TRUE(m.best().has_value());
  EXPECT_EQ(*m.best(), (std::pair<std::size_t, std::size_t>{2, 1}));  // 1024 × 16: 257 GB/s
}

TEST_F(Heatmap, SvgHasACellPerConfigurationAndOutlinesTheBest) {
  const std::string svg = sweep_heatmap_svg("t", sweep_heatmaps(records_)[0]);
  EXPECT_EQ(count(svg, "class=\"chart sweep-heatmap\""), 1);
  EXPECT_EQ(count(svg, "<g class=\"cell"), 9);
  EXPECT_EQ(count(svg, "class=\"cell best\""), 1);
  EXPECT_EQ(count(svg, "class=\"cell failed\""), 1);
  EXPECT_EQ(count(svg, "class=\"cell missing\""), 1);
  EXPECT_NE(svg.find(">257 GB/s<"), std::string::npos);
  EXPECT_NE(svg.find(">4.06 GB/s<"), std::string::npos);
  EXPECT_NE(svg.find("Threads per block"), std::string::npos);
  EXPECT_NE(svg.find("Items per thread"), std::string::npos);
}

// Each cell carries its 95% interval (±% under the bandwidth, the bounds in its title); a cell
// whose interval reaches the best's is dashed as tied, one clearly below it is not.
TEST_F(Heatmap, CellsShowTheirIntervalAndTiesWithTheBest) {
  const auto spread = [](roofline::Result& r, double low, double high) {
    const double t = r.samples[0];
    r.samples = {t * low, t * low, t, t, t, t, t * high, t * high, t * high};
    r.time = roofline::summarize(r.samples);
  };
  for (roofline::Result& r : results_) {
    const int threads = r.params.at("threads_per_block"), items = r.params.at("items_per_thread");
    if (!r.params.contains("sweep") || !r.time) continue;
    if (threads == 1024 && items == 16) spread(r, 0.98, 1.02);  // the best, 257 GB/s
    if (threads == 1024 && items == 4) spread(r, 0.2, 1.5);     // 65 GB/s, reaching 325 GB/s
  }
  const SweepHeatmap m = sweep_heatmaps(records_)[0];
  const HeatmapCell& best = m.at(2, 1);
  EXPECT_LT(best.interval.first, *best.bandwidth);
  EXPECT_GT(best.interval.second, *best.bandwidth);
  EXPECT_TRUE(m.tied_with_best(2, 0));
  EXPECT_TRUE(m.tied_with_best(1, 2));   // 256 × 64: 256.3 GB/s, inside the best's 252–262
  EXPECT_FALSE(m.tied_with_best(1, 1));  // 256 × 16: 64 GB/s, no interval
  const std::string svg = sweep_heatmap_svg("t", m);
  EXPECT_EQ(count(svg, "class=\"interval\""), 7);  // every verified cell
  EXPECT_NE(svg.find(">±0%<"), std::string::npos);
  EXPECT_EQ(count(svg, "95% interval"), 8);  // 7 titles and the legend
  EXPECT_EQ(count(svg, "class=\"cell tied\""), 2);
  EXPECT_EQ(count(svg, "stroke-dasharray=\"4 3\""), 2);
}

TEST(HeatColour, RunsFromDarkToLight) {
  EXPECT_EQ(heat_colour(0), "#440154");
  EXPECT_EQ(heat_colour(1), "#fde725");
  EXPECT_EQ(heat_colour(-3), heat_colour(0));
  const auto luminance = [](const std::string& c) {
    return std::stoi(c.substr(1, 2), nullptr, 16) + std::stoi(c.substr(3, 2), nullptr, 16) +
           std::stoi(c.substr(5, 2), nullptr, 16);
  };
  for (double f = 0.1; f <= 1; f += 0.1)
    EXPECT_GT(luminance(heat_colour(f)), luminance(heat_colour(f - 0.1))) << f;
}

TEST_F(Heatmap, LengthViewsLeaveTheSweepOut) {
  DeviceView view;
  view.records = records_;
  const auto panels = study_panels({view});
  ASSERT_EQ(panels.size(), 1u);
  ASSERT_EQ(panels[0].series.size(), 2u);
  EXPECT_EQ(panels[0].series[0].variant, "one_pass_atomic");
  EXPECT_EQ(baseline_series(panels[0]), std::optional<std::size_t>{1});  // CUB
  const std::string section = sweep_heatmap_section("GPU", records_);
  EXPECT_EQ(count(section, "class=\"chart sweep-heatmap\""), 1);
  EXPECT_EQ(count(section, "<h3>Reduce: threads per block × items per thread</h3>"), 1);
  EXPECT_TRUE(sweep_heatmap_section("GPU", {records_.back()}).empty());
}

// A family that declares no sweep has no heat map, whatever its parameters are called.
TEST_F(Heatmap, OnlyADeclaredSweepIsDrawn) {
  for (roofline::Result& r : results_) {
    r.study->sweep_rows.clear();
    r.study->sweep_columns.clear();
  }
  EXPECT_TRUE(sweep_heatmaps(records_).empty());
  for (roofline::Result& r : results_) {
    r.family = "tutorial_sweep";
    r.study->sweep_rows = "items_per_thread";
    r.study->sweep_columns = "threads_per_block";
  }
  const auto maps = sweep_heatmaps(records_);
  ASSERT_EQ(maps.size(), 1u);
  EXPECT_EQ(maps[0].family, "tutorial_sweep");
  EXPECT_EQ(maps[0].rows, (std::vector<int>{4, 16, 64}));
  EXPECT_EQ(maps[0].columns, (std::vector<int>{64, 256, 1024}));
  EXPECT_NE(sweep_heatmap_section("GPU", records_)
                .find("<h3>Tutorial sweep: items per thread × threads per block</h3>"),
            std::string::npos);
}

}  // namespace
}  // namespace reports
