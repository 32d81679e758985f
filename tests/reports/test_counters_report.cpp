// The hardware-counter section: the hierarchical roofline (one dot per level on one horizontal
// line per kernel) and declared against measured work. Its text, with the calibration table, is
// stated by tests/golden's report (its m = 16 point was counted).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <regex>
#include <set>

#include "reports/counters_section.hpp"
#include "reports/hierarchy_chart.hpp"
#include "reports/report.hpp"
#include "sample_results.hpp"
#include "temp_dir.hpp"

namespace {

using namespace reports;

constexpr double kN = 1 << 20;

// The sample results with the first one turned into an fp64 triad counted at L1, L2 and DRAM:
// 3N values referenced, 4N moved with write-allocate.
roofline::Results counted_results() {
  auto results = samples::sample_results({2, 0, 0});
  roofline::Result& triad = results.results.at(0);
  triad.work = {.precision = roofline::Precision::fp64,
                .flops = 2 * kN,
                .bytes = 24 * kN,
                .bytes_write_allocate = 32 * kN,
                .working_set = 24 * kN};
  const double flops = 2 * kN;
  triad.measured = roofline::MeasuredWork{
      .flops = flops,
      .bytes = {{"L1", 24 * kN}, {"L2", 32 * kN}, {"DRAM", 32.5 * kN}},
      .ai = {{"L1", flops / (24 * kN)}, {"L2", flops / (32 * kN)}, {"DRAM", flops / (32.5 * kN)}}};
  return results;
}

TEST(HierarchyChart, OneDotPerLevelOnTheKernelsHorizontalLine) {
  const std::vector<roofline::Results> results{counted_results()};
  const auto views = device_views(results);
  ASSERT_EQ(views.size(), 1u);
  const auto points = hierarchy_points(views[0]);
  ASSERT_EQ(points.size(), 1u);  // only the counted result
  const HierarchyPoint& p = points[0];
  ASSERT_EQ(p.dots.size(), 3u);
  EXPECT_EQ(p.dots[0].level, "DRAM");  // the most bytes: the lowest AI
  EXPECT_EQ(p.dots[2].level, "L1");
  EXPECT_DOUBLE_EQ(p.performance, 2 * kN / results[0].results[0].time->median);

  const std::string svg = hierarchy_svg("t", views[0].device.roofline(), points);
  const std::regex dot(R"re(<circle class="dot" cx="[^"]+" cy="([^"]+)")re");
  std::set<std::string> heights;
  int dots = 0;
  for (std::sregex_iterator it(svg.begin(), svg.end(), dot), end; it != end; ++it, ++dots)
    heights.insert((*it)[1]);
  EXPECT_EQ(dots, 3);
  EXPECT_EQ(heights.size(), 1u) << svg;  // one horizontal line
}

TEST(CountersSection, DeclaredAgainstMeasuredWorkShowsWriteAllocate) {
  const std::vector<roofline::Results> results{counted_results()};
  const auto views = device_views(results);
  const auto rows = work_comparisons(views[0]);
  ASSERT_EQ(rows.size(), 4u);  // FLOPs, then bytes per level
  EXPECT_EQ(rows[0].quantity, "FLOPs");
  EXPECT_DOUBLE_EQ(rows[0].ratio(), 1);
  for (const auto& r : rows) {
    if (r.quantity != "bytes L2") continue;
    EXPECT_NEAR(r.ratio(), 4.0 / 3, 1e-12);  // 4N moved, 3N declared
  }
}

TEST(CountersSection, IsLeftOutWhereNothingWasCounted) {
  const test_support::TempDir temp("counters_report");
  ReportOptions options;
  options.html = temp.path() / "plain.html";
  write_report({samples::sample_results({2, 0, 0})}, options);
  std::ifstream in(options.html);
  const std::string plain((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(plain.find("Hardware counters"), std::string::npos);
}

}  // namespace
