// Where one line of a size study overtakes another: the log-log interpolated size, who leads on
// either side, whether the intervals around the change are apart, and the words and CSV rows that
// state them for the devices' best variants and consecutive ladder steps.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>

#include "count.hpp"
#include "reports/crossovers.hpp"
#include "reports/csv.hpp"

namespace reports {
namespace {

using samples::count;

const std::vector<double> kSizes = {1024, 4096, 16384, 65536};

// A curve of times t(size) with intervals of ± `spread` of each.
StudyCurve curve(const std::string& name, double (*t)(double), double spread = 0.01) {
  StudyCurve c{name, {}, {}, {}, {}};
  for (double s : kSizes) {
    c.size.push_back(s);
    c.time.push_back(t(s));
    c.low.push_back(t(s) * (1 - spread));
    c.high.push_back(t(s) * (1 + spread));
  }
  return c;
}
double per_element(double n) { return 1e-9 * n; }
double launch_bound(double n) { return 5e-6 + 0.1e-9 * n; }
double slow(double n) { return 2e-9 * n; }

TEST(Crossings, AreInterpolatedLogLogBetweenTheSizesAroundTheChange) {
  const std::vector<Crossing> c = crossings(curve("cpu", per_element), curve("gpu", launch_bound));
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].below, 4096);
  EXPECT_EQ(c[0].above, 16384);
  EXPECT_TRUE(c[0].second_leads_above);
  EXPECT_TRUE(c[0].clear);
  // The lines meet at 5556 elements; log-log interpolation between the two points gets near it.
  EXPECT_NEAR(c[0].size, 5556, 0.2 * 5556);
  // Where log(second / first) is linear in log(size) the interpolation is exact.
  const double d0 = std::log(launch_bound(4096) / per_element(4096));
  const double d1 = std::log(launch_bound(16384) / per_element(16384));
  EXPECT_NEAR(std::log(c[0].size), std::log(4096) + d0 / (d0 - d1) * std::log(4.0), 1e-12);
  // Swapped, the same size, the other leader.
  const std::vector<Crossing> back =
      crossings(curve("gpu", launch_bound), curve("cpu", per_element));
  ASSERT_EQ(back.size(), 1u);
  EXPECT_DOUBLE_EQ(back[0].size, c[0].size);
  EXPECT_FALSE(back[0].second_leads_above);
}

TEST(Crossings, NoneWhereOneLeadsThroughoutOrTheyOnlyTouch) {
  EXPECT_TRUE(crossings(curve("a", per_element), curve("b", slow)).empty());
  StudyCurve touching = curve("b", slow);
  touching.time[1] = per_element(4096);  // equal at one size, slower on both sides
  EXPECT_TRUE(crossings(curve("a", per_element), touching).empty());
  // Only sizes both measured count.
  StudyCurve sparse = curve("gpu", launch_bound);
  sparse.size = {1024, 65536, 262144, 1048576};
  EXPECT_EQ(crossings(curve("cpu", per_element), sparse).size(), 1u);
  EXPECT_TRUE(crossings(curve("cpu", per_element), StudyCurve{}).empty());
}

TEST(Crossings, OverlappingIntervalsAroundTheChangeAreNotClear) {
  const std::vector<Crossing> c =
      crossings(curve("cpu", per_element, 0.9), curve("gpu", launch_bound, 0.9));
  ASSERT_EQ(c.size(), 1u);
  EXPECT_FALSE(c[0].clear);
}

TEST(SizeLabel, CountsInBinaryThousands) {
  EXPECT_EQ(size_label(512), "512");
  EXPECT_EQ(size_label(96 * 1024), "96K");
  EXPECT_EQ(size_label(1.5 * 1024 * 1024), "1.5M");
  EXPECT_EQ(size_label(2.0 * 1024 * 1024 * 1024), "2G");
}

// Two devices: a CPU's two-step ladder (plain, then a faster simd step that overtakes it) and a
// GPU whose one variant pays a launch.
class TwoDevices : public ::testing::Test {
 protected:
  void SetUp() override {
    cpu_.source = gpu_.source = &source_;
    cpu_.device.id = "cpu";
    cpu_.device.name = "Some CPU";
    gpu_.device.id = "cuda:0";
    gpu_.device.name = "Some GPU";
    panel_.family = "reduce";
    panel_.panel = "sum";
    panel_.series = {series("plain", &cpu_, [](double n) { return 0.8e-9 * n + 10e-9; }),
                     series("simd", &cpu_, [](double n) { return 0.25e-9 * n + 2000e-9; }),
                     series("cub", &gpu_, [](double n) { return 5e-6 + 0.01e-9 * n; })};
  }
  SizeSeries series(const std::string& name, const DeviceView* view, double (*t)(double)) {
    SizeSeries s;
    s.variant = name;
    s.view = view;
    for (double n : kSizes) {
      roofline::Result& r = results_.emplace_back();
      r.time = roofline::summarize({t(n)});
      s.size.push_back(n);
      s.time.push_back(t(n));
      s.results.push_back(&r);
    }
    return s;
  }
  std::deque<roofline::Result> results_;  // stable addresses
  roofline::Results source_;
  DeviceView cpu_, gpu_;
  StudyPanel panel_;
};

TEST_F(TwoDevices, BestVariantsPerDeviceCrossAndLadderStepsCross) {
  const std::vector<StudyCurve> bests = device_bests(panel_);
  ASSERT_EQ(bests.size(), 2u);
  EXPECT_EQ(bests[0].time[0], 0.8e-9 * 1024 + 10e-9);  // plain leads the CPU at 1K
  EXPECT_EQ(bests[0].time[3], 0.25e-9 * 65536 + 2000e-9);

  const std::vector<Crossover> all = crossovers(panel_);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].kind, "devices");
  EXPECT_EQ(all[0].leads_below, device_label(cpu_, panel_));
  EXPECT_EQ(all[0].leads_above, device_label(gpu_, panel_));
  EXPECT_EQ(all[0].at.below, 4096);
  EXPECT_EQ(all[0].at.above, 16384);
  EXPECT_EQ(all[1].kind, "ladder");
  EXPECT_EQ(all[1].leads_below, "plain on " + device_label(cpu_, panel_));
  EXPECT_EQ(all[1].leads_above, "simd on " + device_label(cpu_, panel_));
  EXPECT_EQ(all[1].at.below, 1024);
  EXPECT_EQ(all[1].at.above, 4096);

  const std::string html = crossover_html(panel_);
  EXPECT_EQ(count(html, "<p class=\"crossovers\">Devices' best variants: "), 1);
  EXPECT_EQ(count(html, " overtakes "), 2);
  EXPECT_EQ(count(html, "<summary>1 crossing between consecutive ladder steps</summary>"), 1);
  EXPECT_EQ(count(html, "simd on " + device_label(cpu_, panel_) + " overtakes plain on " +
                            device_label(cpu_, panel_) + " at about "),
            1);
}

TEST_F(TwoDevices, DevicesThatNeverCrossSayWhoLeadsAndByHowMuch) {
  panel_.series.pop_back();
  panel_.series.push_back(series("slow", &gpu_, [](double n) { return 1e-6 + 1e-9 * n; }));
  const std::string html = crossover_html(panel_);
  EXPECT_EQ(count(html, "cpu is faster than cuda:0 at every size both measured, by "), 1) << html;
  // A tie at a size is no lead.
  panel_.series.back() = series("tie", &gpu_, [](double n) { return 0.8e-9 * n + 10e-9; });
  EXPECT_EQ(count(crossover_html(panel_),
                  "cpu is never slower than cuda:0 at the sizes both measured, and up to "),
            1)
      << crossover_html(panel_);
}

}  // namespace
}  // namespace reports
