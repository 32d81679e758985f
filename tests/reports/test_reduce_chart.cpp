// The reduce family's views: results grouped into (op, precision) panels, the baseline chosen,
// the relative times computed, and the charts holding one line per variant.
#include <gtest/gtest.h>

#include "count.hpp"
#include "reduce_samples.hpp"
#include "reports/reduce_chart.hpp"
#include "reports/view.hpp"

namespace reports {
namespace {

using roofline::Precision;
using samples::count;

class ReduceViews : public ::testing::Test {
 protected:
  void SetUp() override {
    inputs_ = {samples::reduce_results()};
    records_ = device_views(inputs_)[0].records;
    panels_ = reduce_panels(records_);
  }
  std::vector<roofline::Results> inputs_;  // the records point into them
  std::vector<const roofline::Result*> records_;
  std::vector<ReducePanel> panels_;
};

TEST_F(ReduceViews, GroupsVerifiedResultsByOpAndPrecision) {
  ASSERT_EQ(panels_.size(), 3u);
  EXPECT_EQ(panels_[0].op, "sum");
  EXPECT_EQ(panels_[0].precision, Precision::fp32);
  EXPECT_EQ(panels_[1].op, "dot");
  EXPECT_EQ(panels_[2].precision, Precision::int32);
  // The failed avx2_1acc_1t result is left out.
  ASSERT_EQ(panels_[0].series.size(), samples::kReduceVariants.size());
  for (std::size_t i = 0; i < panels_[0].series.size(); ++i) {
    const LengthSeries& s = panels_[0].series[i];
    EXPECT_EQ(s.variant, samples::kReduceVariants[i]);
    EXPECT_EQ(s.length, samples::kReduceLengths);
    EXPECT_EQ(s.baseline, s.variant.starts_with("openblas"));
    EXPECT_DOUBLE_EQ(s.time[1], samples::reduce_sample_time(s.variant, s.length[1]));
  }
}

TEST_F(ReduceViews, BaselineIsTheLibraryVariantWithTheMostThreads) {
  const auto base = baseline_series(panels_[0]);
  ASSERT_TRUE(base.has_value());
  EXPECT_EQ(panels_[0].series[*base].variant, "openblas_2t");
  EXPECT_FALSE(baseline_series(panels_[2]).has_value());  // int32: no library

  const LengthSeries plain = relative_to(panels_[0].series[0], panels_[0].series[*base]);
  EXPECT_EQ(plain.length, samples::kReduceLengths);
  for (double r : plain.time) EXPECT_DOUBLE_EQ(r, 4.0);
  // Lengths the baseline lacks are left out.
  LengthSeries partial = panels_[0].series[*base];
  partial.length.pop_back();
  partial.time.pop_back();
  EXPECT_EQ(relative_to(panels_[0].series[0], partial).length.size(), 2u);
}

TEST_F(ReduceViews, ChartsHaveOneLinePerVariantAndTheReference) {
  const std::string time = reduce_time_svg("t", panels_[0]);
  EXPECT_EQ(count(time, "class=\"chart reduce-time\""), 1);
  EXPECT_EQ(count(time, "<polyline class=\"reduce-line\""),
            static_cast<int>(samples::kReduceVariants.size()));
  for (const std::string& v : samples::kReduceVariants)
    EXPECT_EQ(count(time, "data-variant=\"" + v + "\""), 1) << v;
  EXPECT_EQ(count(time, "openblas_2t (baseline)"), 1);
  EXPECT_EQ(count(time, "(baseline)"), 1);

  const std::string relative = reduce_relative_svg("r", panels_[0]);
  EXPECT_EQ(count(relative, "class=\"chart reduce-relative\""), 1);
  EXPECT_EQ(count(relative, "<polyline class=\"reduce-line\""),
            static_cast<int>(samples::kReduceVariants.size()));
  EXPECT_EQ(count(relative, "class=\"reference\""), 1);
  EXPECT_NE(relative.find("relative to openblas_2t"), std::string::npos);
  EXPECT_TRUE(reduce_relative_svg("r", panels_[2]).empty());

  const std::string section =
      reduce_section("CPU", records_, {"openblas sum fp32: its sum is 6.5, exactly 12.75"});
  EXPECT_EQ(count(section, "class=\"chart reduce-time\""), 3);
  EXPECT_EQ(count(section, "class=\"chart reduce-relative\""), 2);
  EXPECT_EQ(count(section, "no library baseline"), 1);
  EXPECT_EQ(count(section, "Not offered: openblas sum fp32: its sum is 6.5, exactly 12.75."), 1);
  EXPECT_TRUE(reduce_section("CPU", {}, {"openblas sum fp32: not offered"}).empty());
}

}  // namespace
}  // namespace reports
