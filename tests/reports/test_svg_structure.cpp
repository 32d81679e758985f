// The charts in cases tests/golden's report does not hold (its roofline and sweep of the sample
// CPU state those charts in full): roofs of equal height, a marker per backend, runs overlaid, a
// sweep of one-point series, no sweep.
#include <gtest/gtest.h>

#include <regex>

#include "count.hpp"
#include "reports/chart_frame.hpp"
#include "reports/roofline_chart.hpp"
#include "reports/sweep_chart.hpp"
#include "reports/view.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

using samples::count;

TEST(RooflineSvgLabels, RoofsOfEqualHeightKeepBothLabels) {
  using roofline::Precision;
  const roofline::Roofline roofs(
      {{Precision::fp64, "vec256", 64e9}, {Precision::fp32, "vec128", 64e9}}, {{"DRAM", 20e9}});
  const std::string svg = roofline_svg("equal roofs", roofs, {});
  EXPECT_EQ(count(svg, "class=\"roof compute\""), 2);
  EXPECT_NE(svg.find(">fp64 vec256 64 GFLOP/s</text>"), std::string::npos);
  EXPECT_NE(svg.find(">fp32 vec128 64 GFLOP/s</text>"), std::string::npos);
  EXPECT_EQ(count(svg, "<circle class=\"point"), 0);
}

TEST(RooflineSvgMarkers, ShapePerBackendStarForImportedColourPerFamily) {
  std::vector<roofline::Results> inputs{samples::sample_results({3, 0, 0})};
  std::vector<roofline::Result>& r = inputs[0].results;
  r[1].backend = "opencl";
  r[2].family = "gbench";
  const DeviceView view = device_views(inputs)[0];
  const std::string svg = roofline_svg("markers", view.device.roofline(), plot_points(view));
  EXPECT_EQ(count(svg, "<circle class=\"point"), 1);
  EXPECT_EQ(count(svg, "<rect class=\"point"), 1);
  EXPECT_EQ(count(svg, "<path class=\"point"), 1);
  EXPECT_EQ(count(svg, "data-imported=\"true\""), 2);  // its marker's group and its label
  EXPECT_NE(svg.find(">nested_saxpy</text>"), std::string::npos);  // families in the legend
  EXPECT_NE(svg.find(">gbench</text>"), std::string::npos);
  EXPECT_NE(svg.find(">imported</text>"), std::string::npos);
  EXPECT_NE(svg.find(">opencl</text>"), std::string::npos);
  // The card, one fact a line, is the marker's <title>.
  EXPECT_NE(svg.find("<title>gbench avx2_8chain · cpu · fp32\n"), std::string::npos);
}

TEST(OverlaySvg, EachRunInItsColourAndMatchingResultsJoined) {
  const std::vector<roofline::Results> inputs{samples::sample_results({2, 0, 0}),
                                              samples::sample_results({3, 0, 0})};
  std::vector<ChartLayer> layers;
  for (const DeviceView& v : device_views(inputs))
    layers.push_back({"run " + std::to_string(v.input + 1), v.device.roofline(), plot_points(v)});
  const std::string svg = overlay_svg("overlay", layers);
  EXPECT_NE(svg.find("class=\"chart roofline overlay\""), std::string::npos);
  EXPECT_EQ(count(svg, "<circle class=\"point"), 5);
  EXPECT_EQ(count(svg, "<line class=\"pair\""), 2);    // m = 1 and m = 2 ran in both
  EXPECT_EQ(count(svg, "class=\"roof compute\""), 6);  // 3 of each run
  const auto results_of = [&](const std::string& layer) {
    const std::regex group("<g class=\"result\"[^>]*data-layer=\"" + layer + "\"");
    return std::distance(std::sregex_iterator(svg.begin(), svg.end(), group),
                         std::sregex_iterator());
  };
  EXPECT_EQ(results_of("\\[1\\] run 1"), 2);
  EXPECT_EQ(results_of("\\[2\\] run 2"), 3);
  EXPECT_NE(svg.find(">[1] run 1</text>"), std::string::npos);
  EXPECT_NE(svg.find(">[2] run 2</text>"), std::string::npos);
}

// PoCL's sweep has series of one working set: a polyline draws nothing there, a marker does. A
// legend of many long entries widens and heightens the chart instead of being clipped.
TEST(SweepSvg, OnePointSeriesAreMarkersAndTheLegendFits) {
  roofline::Device device = samples::sample_device();
  for (int i = 0; i < 40; ++i)
    device.sweep.push_back(
        {"copy_w16_wg64_blocked_" + std::to_string(i), 2, "temporal", 1 << 20, {1e9 * (i + 1)}});
  const std::string svg = sweep_svg("sweep", device);
  EXPECT_EQ(count(svg, "class=\"sweep-point\""), 40);
  const ChartLayout standard;
  const double legend_height = standard.top + 42 * (standard.font_size + 8) + standard.bottom;
  EXPECT_NE(svg.find("height=\"" + px(legend_height) + "\""), std::string::npos)
      << svg.substr(0, 200);
  EXPECT_EQ(svg.find("width=\"" + px(standard.width) + "\""), std::string::npos)
      << "wider for the legend";
}

TEST(SweepSeries, GroupedAndSortedByWorkingSet) {
  std::vector<roofline::SweepPoint> sweep{{"copy", 2, "temporal", 4096, {2e9, 4e9, 3e9}},
                                          {"copy", 2, "nontemporal", 8192, {5e9}},
                                          {"copy", 2, "temporal", 1024, {1e9}}};
  const std::vector<SweepSeries> series = sweep_series(sweep);
  ASSERT_EQ(series.size(), 2u);
  EXPECT_EQ(series[0].working_set, (std::vector<double>{1024, 4096}));
  EXPECT_EQ(series[0].bandwidth, (std::vector<double>{1e9, 3e9}));  // medians
  EXPECT_EQ(series[1].label(), "copy · 2 threads · nontemporal");
}

TEST(SweepSvg, EmptyWithoutASweep) {
  roofline::Device device;
  device.id = "cpu";
  EXPECT_EQ(sweep_svg("sweep", device), "");
}

}  // namespace
}  // namespace reports
