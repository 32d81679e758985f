// The charts in cases tests/golden's report does not hold (its roofline and sweep of the sample
// CPU state those charts in full): roofs of equal height, a marker per backend, runs overlaid, a
// sweep of one-point series, no sweep; labels that never overlap, roofs' intervals as bands.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "count.hpp"
#include "label_boxes.hpp"
#include "reports/chart_frame.hpp"
#include "reports/roofline_chart.hpp"
#include "reports/sweep_chart.hpp"
#include "reports/view.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

using samples::count;

// Roofs of equal (or, within half a label's height, near-equal) values share one label, each roof's
// name a part that toggles with it; the rest keep their own.
TEST(RooflineSvgLabels, RoofsOfEqualHeightShareOneLabel) {
  using roofline::Precision;
  const roofline::Roofline roofs(
      {{Precision::fp64, "vec256", 64e9}, {Precision::fp32, "vec128", 64e9}},
      {{"L2", 120e9}, {"L3", 119.9e9}, {"DRAM", 20e9}});
  const std::string svg = roofline_svg("equal roofs", roofs, {});
  EXPECT_EQ(count(svg, "class=\"roof compute\""), 2);
  EXPECT_NE(
      svg.find("<tspan data-roof=\"fp64 vec256\" data-precision=\"fp64\" fill=\"" +
               precision_colour(Precision::fp64) +
               "\">fp64 vec256</tspan> · <tspan "
               "data-roof=\"fp32 vec128\" data-precision=\"fp32\" fill=\"" +
               precision_colour(Precision::fp32) + "\">fp32 vec128</tspan> 64 GFLOP/s</text>"),
      std::string::npos)
      << svg;
  EXPECT_NE(svg.find(">L2</tspan> · <tspan data-roof=\"L3\" fill=\"#555555\">L3</tspan> 120 "
                     "GB/s</text>"),
            std::string::npos);
  EXPECT_NE(svg.find(">DRAM 20 GB/s</text>"), std::string::npos);
  EXPECT_EQ(count(svg, "<circle class=\"point"), 0);
  EXPECT_EQ(samples::overlapping_labels(svg), std::vector<std::string>{});
}

// The sample CPU's chart (three compute roofs, three memory roofs, their ridges, points with
// their labels) and the same with near-equal roofs: no two labels overlap, and every roof is
// named.
TEST(RooflineSvgLabels, NoTwoLabelsOverlapAndEveryRoofIsNamed) {
  std::vector<roofline::Results> inputs{samples::sample_results({12, 0, 0})};
  roofline::Device& d = inputs[0].machine.devices[0];
  for (const double near : {1.0, 1.02}) {
    if (near != 1.0) {
      d.memory.push_back({"L3", "read", 2, d.memory[1].bytes_per_s, 1e6, 4e6, "plateau"});
      d.memory.back().bytes_per_s.median *= near;
      d.compute.push_back(
          {roofline::Precision::fp32, "vec128", 2, d.compute[1].flops_per_s, 3e9, "FMA chains"});
    }
    const DeviceView view = device_views(inputs)[0];
    const roofline::Roofline roofs = view.device.roofline();
    const std::string svg = roofline_svg("labels", roofs, plot_points(view));
    EXPECT_EQ(samples::overlapping_labels(svg), std::vector<std::string>{}) << near;
    EXPECT_EQ(samples::unnamed_roofs(svg, roofs), std::vector<std::string>{}) << near;
    EXPECT_GE(count(svg, "class=\"label point-label"), 4);
  }
}

// Each roof with a 95% interval is drawn with it as a band (the sample CPU's ceilings have one);
// roofs without one (a profile that records none) have no band.
TEST(RooflineSvgBands, ARoofsIntervalIsABandWhereTheProfileHasOne) {
  const std::vector<roofline::Results> inputs{samples::sample_results({2, 0, 0})};
  const DeviceView view = device_views(inputs)[0];
  const roofline::Roofline roofs = view.device.roofline();
  ASSERT_TRUE(roofs.memory()[0].interval.known());
  const std::string svg = roofline_svg("bands", roofs, plot_points(view));
  EXPECT_EQ(count(svg, "class=\"roof-band\""), count(svg, "<line class=\"roof "));
  EXPECT_NE(svg.find(">roof, 95% interval</text>"), std::string::npos);
  const roofline::Roofline bare({{roofline::Precision::fp64, "vec256", 64e9}}, {{"DRAM", 20e9}});
  const std::string without = roofline_svg("no bands", bare, {});
  EXPECT_EQ(count(without, "roof-band"), 0);
  EXPECT_EQ(without.find("roof, 95% interval"), std::string::npos);
}

// What the report's zoom redraws from: the plot box and axis bounds, every point's, roof's and
// ridge's data coordinates.
TEST(RooflineSvgZoom, TheChartCarriesItsDataCoordinates) {
  const std::vector<roofline::Results> inputs{samples::sample_results({3, 0, 0})};
  const DeviceView view = device_views(inputs)[0];
  const std::string svg = roofline_svg("zoom", view.device.roofline(), plot_points(view));
  const ChartLayout layout;
  const Box plot = layout.plot();
  EXPECT_NE(svg.find("data-plot=\"" + px(plot.x) + " " + px(plot.y) + " " + px(plot.width) + " " +
                     px(plot.height) + "\""),
            std::string::npos);
  EXPECT_TRUE(std::regex_search(
      svg, std::regex("data-extent=\"[-0-9.e+]+ [-0-9.e+]+ [-0-9.e+]+ [-0-9.e+]+\"")));
  const auto matches = [&](const std::string& pattern) {
    const std::regex re(pattern);
    return std::distance(std::sregex_iterator(svg.begin(), svg.end(), re), std::sregex_iterator());
  };
  EXPECT_EQ(matches("<circle class=\"point[^>]*data-ai=\"[^\"]+\" data-perf=\"[^\"]+\""), 3);
  EXPECT_EQ(matches("<path class=\"ridge\"[^>]*data-ai=\"[^\"]+\" data-perf="),
            count(svg, "<path class=\"ridge\""));
  EXPECT_EQ(count(svg, "data-x0=\""), count(svg, "<line class=\"roof "));
  EXPECT_EQ(count(svg, "data-low=\""), 3);
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

TEST(OverlaySvg, EachRunInItsColourAndAnArrowWithTheChangeToTheLaterRun) {
  std::vector<roofline::Results> inputs{samples::sample_results({2, 0, 0}),
                                        samples::sample_results({3, 0, 0})};
  // The later run: the first result 25% faster, the second 20% slower.
  for (int i = 0; i < 2; ++i) {
    roofline::Summary& t = *inputs[1].results[i].time;
    const double f = i == 0 ? 0.8 : 1.25;
    for (double* v : {&t.median, &t.min, &t.max, &t.mean, &t.ci_low, &t.ci_high}) *v *= f;
  }
  std::vector<ChartLayer> layers;
  for (const DeviceView& v : device_views(inputs))
    layers.push_back({"run " + std::to_string(v.input + 1), v.device.roofline(), plot_points(v)});
  const std::string svg = overlay_svg("overlay", layers);
  EXPECT_NE(svg.find("class=\"chart roofline overlay\""), std::string::npos);
  EXPECT_EQ(count(svg, "<circle class=\"point"), 5);
  EXPECT_EQ(count(svg, "<g class=\"pair\""), 2);  // m = 1 and m = 2 ran in both
  EXPECT_EQ(count(svg, "<line class=\"arrow\""), 2);
  EXPECT_EQ(count(svg, "<path class=\"arrow-head\""), 2);
  EXPECT_NE(svg.find(">+25%</text>"), std::string::npos);
  EXPECT_NE(svg.find(">\u221220%</text>"), std::string::npos);
  EXPECT_NE(svg.find("\n+25% FLOP/s against [1] ("), std::string::npos)
      << "in the later point's card";
  EXPECT_EQ(samples::overlapping_labels(svg), std::vector<std::string>{});
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
