// The size study views on the reduce family's results: results grouped into (op, precision)
// panels, the baseline chosen, the relative times computed, and the charts holding one line per
// variant.
#include <gtest/gtest.h>

#include "count.hpp"
#include "reduce_samples.hpp"
#include "reports/size_study.hpp"
#include "reports/view.hpp"

namespace reports {
namespace {

using roofline::Precision;
using samples::count;

class SizeStudy : public ::testing::Test {
 protected:
  void SetUp() override {
    inputs_ = {samples::reduce_results()};
    records_ = device_views(inputs_)[0].records;
    panels_ = study_panels(records_);
  }
  std::vector<roofline::Results> inputs_;  // the records point into them
  std::vector<const roofline::Result*> records_;
  std::vector<StudyPanel> panels_;
};

TEST_F(SizeStudy, GroupsVerifiedResultsByOpAndPrecision) {
  ASSERT_EQ(panels_.size(), 3u);
  EXPECT_EQ(panels_[0].family, "reduce");
  EXPECT_EQ(panels_[0].panel, "sum");
  EXPECT_EQ(panels_[0].precision, Precision::fp32);
  EXPECT_EQ(panels_[1].panel, "dot");
  EXPECT_EQ(panels_[2].precision, Precision::int32);
  // The failed avx2_1acc_1t result is left out.
  ASSERT_EQ(panels_[0].series.size(), samples::kReduceVariants.size());
  for (std::size_t i = 0; i < panels_[0].series.size(); ++i) {
    const SizeSeries& s = panels_[0].series[i];
    EXPECT_EQ(s.variant, samples::kReduceVariants[i]);
    EXPECT_EQ(s.size, samples::kReduceLengths);
    EXPECT_EQ(s.baseline, s.variant.starts_with("openblas"));
    EXPECT_DOUBLE_EQ(s.time[1], samples::reduce_sample_time(s.variant, s.size[1]));
  }
}

TEST_F(SizeStudy, BaselineIsTheLibraryVariantWithTheMostThreads) {
  const auto base = baseline_series(panels_[0]);
  ASSERT_TRUE(base.has_value());
  EXPECT_EQ(panels_[0].series[*base].variant, "openblas_2t");
  EXPECT_FALSE(baseline_series(panels_[2]).has_value());  // int32: no library

  const SizeSeries plain = relative_to(panels_[0].series[0], panels_[0].series[*base]);
  EXPECT_EQ(plain.size, samples::kReduceLengths);
  for (double r : plain.time) EXPECT_DOUBLE_EQ(r, 4.0);
  // Lengths the baseline lacks are left out.
  SizeSeries partial = panels_[0].series[*base];
  partial.size.pop_back();
  partial.time.pop_back();
  EXPECT_EQ(relative_to(panels_[0].series[0], partial).size.size(), 2u);
}

TEST_F(SizeStudy, ChartsHaveOneLinePerVariantAndTheReference) {
  const std::string time = study_time_svg("t", panels_[0], inputs_[0].machine.devices[0]);
  EXPECT_EQ(count(time, "class=\"chart study-time\""), 1);
  EXPECT_EQ(count(time, "<polyline class=\"study-line\""),
            static_cast<int>(samples::kReduceVariants.size()));
  for (const std::string& v : samples::kReduceVariants)
    EXPECT_EQ(count(time, "data-variant=\"" + v + "\""), 1) << v;
  EXPECT_EQ(count(time, "openblas_2t (baseline)"), 1);
  EXPECT_EQ(count(time, "(baseline)"), 1);

  const std::string relative = study_relative_svg("r", panels_[0]);
  EXPECT_EQ(count(relative, "class=\"chart study-relative\""), 1);
  EXPECT_EQ(count(relative, "<polyline class=\"study-line\""),
            static_cast<int>(samples::kReduceVariants.size()));
  EXPECT_EQ(count(relative, "class=\"reference\""), 1);
  EXPECT_NE(relative.find("relative to openblas_2t"), std::string::npos);
  EXPECT_TRUE(study_relative_svg("r", panels_[2]).empty());

  roofline::Device device = inputs_[0].machine.devices[0];
  device.facts = {{"reduce_not_offered", {"openblas sum fp32: its sum is 6.5, exactly 12.75"}}};
  const std::string section = study_section("CPU", records_, device);
  EXPECT_EQ(count(section, "class=\"chart study-time\""), 3);
  EXPECT_EQ(count(section, "class=\"chart study-relative\""), 2);
  EXPECT_EQ(count(section, "no library baseline"), 1);
  EXPECT_EQ(count(section, "Not offered: openblas sum fp32: its sum is 6.5, exactly 12.75."), 1);
  EXPECT_EQ(count(section, "<h3>Reduce: time against vector length (elements)</h3>"), 1);
  EXPECT_EQ(count(section, "Vector length (elements)"), 5);  // the x axis of every chart
  EXPECT_TRUE(study_section("CPU", {}, device).empty());
  // The profile has no latency: no latency-aware roof is drawn.
  EXPECT_EQ(count(section, "latency"), 0);
}

TEST_F(SizeStudy, TheLatencyAwareRoofIsTheCallLatencyPlusTheRoofsTime) {
  roofline::Device device = inputs_[0].machine.devices[0];
  const auto latency = [](const std::string& kind, int threads, double seconds) {
    return roofline::LatencyCeiling{kind, threads, roofline::summarize({seconds}), "m"};
  };
  device.latency = {latency("fork_join", 2, 700e-9), latency("team_wake", 2, 300e-9),
                    latency("barrier", 2, 50e-9), latency("fork_join", 1, 20e-9)};
  const SizeSeries& two = panels_[0].series[2];  // avx2_8acc_2t: sum fp32, 4 bytes a FLOP
  ASSERT_EQ(two.threads, 2);
  const roofline::Roofline roofs = device.roofline(2);
  const std::vector<double> least = latency_roof(two, device);
  ASSERT_EQ(least.size(), 3u);
  // The team's wake, the quicker way to start two threads, then the bytes at the L1 and L2 roofs.
  EXPECT_DOUBLE_EQ(least[0], 300e-9 + 1024 * 4 / *roofs.bandwidth("L1"));
  EXPECT_DOUBLE_EQ(least[2], 300e-9 + 1048576 * 4 / *roofs.bandwidth("L2"));
  const std::vector<double> one = latency_roof(panels_[0].series[0], device);  // plain_1t
  EXPECT_DOUBLE_EQ(one[0], 20e-9 + 1024 * 4 / *device.roofline(1).bandwidth("L1"));

  const std::string time = study_time_svg("t", panels_[0], device);
  EXPECT_EQ(count(time, "<polyline class=\"latency-roof\""), 1);
  EXPECT_EQ(count(time, "latency-aware roof, 2 threads"), 2);  // the line's title and legend
  const std::string efficiency = study_latency_svg("e", panels_[0], device);
  EXPECT_EQ(count(efficiency, "class=\"chart study-latency\""), 1);
  EXPECT_EQ(count(efficiency, "<polyline class=\"study-line\""),
            static_cast<int>(samples::kReduceVariants.size()));
  EXPECT_EQ(count(efficiency, "class=\"reference\""), 1);  // the roof itself, at 1
  EXPECT_EQ(count(study_section("CPU", records_, device), "class=\"chart study-latency\""), 3);

  // Without the level's roof for a point there is no bound to draw for that series.
  device.memory.clear();
  EXPECT_TRUE(latency_roof(two, device).empty());
  EXPECT_TRUE(study_latency_svg("e", panels_[0], device).empty());
}

TEST_F(SizeStudy, ResultsWithoutAStudyAreNotDrawn) {
  for (roofline::Result& r : inputs_[0].results) r.study.reset();
  EXPECT_TRUE(study_panels(device_views(inputs_)[0].records).empty());
}

}  // namespace
}  // namespace reports
