// The size study views on the reduce family's results: results grouped into (op, precision)
// panels, the baseline chosen, the relative times computed, and the charts holding one line per
// variant.
#include <gtest/gtest.h>

#include "count.hpp"
#include "reduce_samples.hpp"
#include "reports/gbench_import.hpp"
#include "reports/size_study.hpp"
#include "reports/view.hpp"
#include "sample_results.hpp"

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
  device.not_offered = {{"reduce", {"openblas sum fp32: its sum is 6.5, exactly 12.75"}}};
  const std::string section = study_section("CPU", records_, device);
  EXPECT_EQ(count(section, "class=\"chart study-time\""), 3);
  EXPECT_EQ(count(section, "class=\"chart study-relative\""), 2);
  EXPECT_EQ(count(section, "no baseline was run"), 1);
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

// A quick run sizes the stream family into DRAM: one size per variant, nothing to draw, and the
// section says so instead of drawing one-point lines, once for the family, naming it.
TEST_F(SizeStudy, PanelsOfOneSizePerVariantSaySoOnceInsteadOfDrawing) {
  std::vector<roofline::Result>& results = inputs_[0].results;
  const double first = results.front().params.at("n").get<double>();
  std::erase_if(results, [&](const roofline::Result& r) { return r.params.at("n") != first; });
  const std::string section =
      study_section("CPU", device_views(inputs_)[0].records, inputs_[0].machine.devices[0]);
  EXPECT_EQ(count(section, "class=\"chart"), 0);
  EXPECT_EQ(count(section, "one size per variant"), 1);
  EXPECT_EQ(count(section,
                  "<p class=\"note\">Reduce: one size per variant in these results for "
                  "sum · fp32, dot · fp32, sum · int32, so no size study is drawn for "
                  "them.</p>"),
            1);
}

// Imported Google Benchmark runs with a working_set counter: each function's runs join one line
// against the working set, relative to the benchmark labelled the baseline.
TEST(ImportedSizeStudy, EachBenchmarkIsALineAgainstItsWorkingSet) {
  nlohmann::json runs = nlohmann::json::array();
  for (const double ws : {4096.0, 65536.0, 1048576.0})
    for (const std::string function : {"BM_copy", "BM_memcpy"}) {
      const double seconds = ws * (function == "BM_copy" ? 2e-10 : 1e-10);
      runs.push_back({{"name", function + "/" + std::to_string(static_cast<int>(ws))},
                      {"label", function == "BM_memcpy" ? "baseline" : ""},
                      {"real_time", seconds},
                      {"cpu_time", seconds},
                      {"time_unit", "s"},
                      {"flops", 0.0},
                      {"bytes", 2 * ws / seconds},
                      {"working_set", ws}});
    }
  const roofline::Device device = samples::sample_device();
  std::vector<roofline::Result> imported = import_gbench(
      {{"context", nlohmann::json::object()}, {"benchmarks", runs}}, "b.json", device);
  std::vector<const roofline::Result*> records;
  for (const roofline::Result& r : imported) records.push_back(&r);
  const std::vector<StudyPanel> panels = study_panels(records);
  ASSERT_EQ(panels.size(), 1u);
  ASSERT_EQ(panels[0].series.size(), 2u);
  EXPECT_EQ(panels[0].series[0].variant, "BM_copy");
  EXPECT_EQ(panels[0].series[0].size, (std::vector<double>{4096, 65536, 1048576}));
  const std::optional<std::size_t> base = baseline_series(panels[0]);
  ASSERT_TRUE(base);
  EXPECT_EQ(panels[0].series[*base].variant, "BM_memcpy");
  const SizeSeries relative = relative_to(panels[0].series[0], panels[0].series[*base]);
  for (const double t : relative.time) EXPECT_NEAR(t, 2.0, 1e-9);
  const std::string section = study_section("CPU", records, device);
  EXPECT_EQ(count(section, "<h3>Gbench: time against working set (bytes)</h3>"), 1);
  EXPECT_EQ(count(section, "class=\"chart study-relative\""), 1);
}

}  // namespace
}  // namespace reports
