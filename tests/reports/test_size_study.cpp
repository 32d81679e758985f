// The size study on the reduce family's results: results grouped into (op, precision) panels
// across devices, the baseline chosen, the relative times computed, each variant's latency-aware
// roof by its own synchronization, the throughput's roof bands, and the section holding one
// figure per swept panel with the data the page's script draws.
#include <gtest/gtest.h>

#include "count.hpp"
#include "reduce_samples.hpp"
#include "reports/gbench_import.hpp"
#include "reports/study_view.hpp"
#include "reports/view.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

using nlohmann::json;
using roofline::Precision;
using samples::count;

roofline::LatencyCeiling latency(const std::string& kind, int threads, double seconds) {
  return {kind, threads, roofline::summarize({seconds}), "m"};
}

class SizeStudy : public ::testing::Test {
 protected:
  void SetUp() override {
    inputs_ = {samples::reduce_results()};
    Refresh();
  }
  void Refresh() {
    views_ = device_views(inputs_);
    panels_ = study_panels(views_);
  }
  roofline::Device& device() { return inputs_[0].machine.devices[0]; }
  std::vector<roofline::Results> inputs_;  // the views point into them
  std::vector<DeviceView> views_;
  std::vector<StudyPanel> panels_;
};

TEST_F(SizeStudy, GroupsVerifiedResultsByOpAndPrecision) {
  ASSERT_EQ(panels_.size(), 3u);
  EXPECT_EQ(panels_[0].family, "reduce");
  EXPECT_EQ(panels_[0].panel, "sum");
  EXPECT_EQ(panels_[0].precision, Precision::fp32);
  EXPECT_EQ(panels_[1].panel, "dot");
  EXPECT_EQ(panels_[2].precision, Precision::int32);
  EXPECT_EQ(panel_name(panels_[0]), "Reduce sum · fp32");
  EXPECT_FALSE(several_devices(panels_[0]));
  // The failed avx2_1acc_1t result is left out.
  ASSERT_EQ(panels_[0].series.size(), samples::kReduceVariants.size());
  for (std::size_t i = 0; i < panels_[0].series.size(); ++i) {
    const SizeSeries& s = panels_[0].series[i];
    EXPECT_EQ(s.variant, samples::kReduceVariants[i]);
    EXPECT_EQ(series_name(s, panels_[0]), s.variant);  // one device: the variant alone
    EXPECT_EQ(s.view, &views_[0]);
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
  // Lengths the reference lacks are left out.
  SizeSeries partial = panels_[0].series[*base];
  partial.size.pop_back();
  partial.time.pop_back();
  EXPECT_EQ(relative_to(panels_[0].series[0], partial).size.size(), 2u);
}

// A second device's results join the same panels as series of their own, named by their device;
// the default reference stays the first device's library variant.
TEST_F(SizeStudy, DevicesShareAPanelEachWithItsOwnSeries) {
  inputs_.push_back(samples::reduce_results_on_opencl("Some GPU"));
  Refresh();
  ASSERT_EQ(panels_.size(), 3u);
  ASSERT_EQ(panels_[0].series.size(), 2 * samples::kReduceVariants.size());
  EXPECT_TRUE(several_devices(panels_[0]));
  const SizeSeries& second = panels_[0].series[samples::kReduceVariants.size()];
  EXPECT_EQ(second.view, &views_[1]);
  EXPECT_EQ(series_name(second, panels_[0]), "plain_1t on opencl:0:0");
  EXPECT_EQ(panels_[0].series[*baseline_series(panels_[0])].view, &views_[0]);
}

// Runs of one probe split over inputs (one family per run) are one device's study; a result given
// twice keeps its first.
TEST_F(SizeStudy, InputsOfOneProbeAreOneDevice) {
  roofline::Results second = inputs_[0];
  std::erase_if(second.results, [](const roofline::Result& r) { return r.params["op"] == "sum"; });
  for (roofline::Result& r : second.results) r.params["n"] = 2 * r.params["n"].get<double>();
  inputs_.push_back(second);
  Refresh();
  ASSERT_EQ(panels_.size(), 3u);
  EXPECT_FALSE(several_devices(panels_[1]));
  EXPECT_EQ(panels_[1].series[0].view, &views_[0]);
  EXPECT_EQ(panels_[1].series[0].size.size(), 2 * samples::kReduceLengths.size());
  EXPECT_EQ(panels_[0].series[0].size, samples::kReduceLengths);
  inputs_.push_back(inputs_[0]);  // the first run again
  Refresh();
  EXPECT_EQ(panels_[0].series[0].size, samples::kReduceLengths);
  // Another probe of the same device is another device.
  inputs_.back().machine.provenance.time = "2026-11-30T10:00:00Z";
  Refresh();
  EXPECT_TRUE(several_devices(panels_[0]));
}

TEST_F(SizeStudy, TheLatencyAwareRoofChargesEachVariantsOwnSynchronization) {
  device().latency = {latency("fork_join", 2, 700e-9), latency("team_wake", 2, 300e-9),
                      latency("barrier", 2, 50e-9), latency("fork_join", 1, 20e-9)};
  Refresh();
  const SizeSeries& two = panels_[0].series[2];  // avx2_8acc_2t: sum fp32, 4 bytes a FLOP
  ASSERT_EQ(two.threads, 2);
  const roofline::Roofline roofs = device().roofline(2);
  // Derived: the least per-call latency at its threads, the team's wake.
  EXPECT_EQ(call_latency(two), 300e-9);
  const std::vector<double> least = latency_roof(two);
  ASSERT_EQ(least.size(), 3u);
  EXPECT_DOUBLE_EQ(least[0], 300e-9 + 1024 * 4 / *roofs.bandwidth("L1"));
  EXPECT_DOUBLE_EQ(least[2], 300e-9 + 1048576 * 4 / *roofs.bandwidth("L2"));
  // One CPU thread forks nothing, whatever the profile measured for one thread.
  const SizeSeries& one = panels_[0].series[0];  // plain_1t
  EXPECT_EQ(call_latency(one), 0.0);
  EXPECT_DOUBLE_EQ(latency_roof(one)[0], 1024 * 4 / *device().roofline(1).bandwidth("L1"));
  // A declared kind is charged as measured; a library that picks its threads is charged none.
  SizeSeries declared = two;
  declared.sync = "fork_join";
  EXPECT_EQ(call_latency(declared), 700e-9);
  declared.sync = "none";
  EXPECT_EQ(call_latency(declared), 0.0);
  declared.sync = "launch_gap";  // not in this profile: no roof
  EXPECT_FALSE(call_latency(declared).has_value());
  EXPECT_TRUE(latency_roof(declared).empty());
  // Without the level's roof for a point there is no bound to draw for that series.
  device().memory.clear();
  Refresh();
  EXPECT_TRUE(latency_roof(panels_[0].series[2]).empty());
}

TEST_F(SizeStudy, ThroughputBandsSpanTheSizesOfTheirLevel) {
  EXPECT_EQ(panel_throughput(panels_[0]), Throughput::bytes);  // nothing placed: bytes
  const std::vector<RoofBand> bands = roof_bands(panels_[0], Throughput::bytes);
  ASSERT_EQ(bands.size(), 2u);  // the sample puts 1K in L1, 32K and 1M in L2
  EXPECT_EQ(bands[0].level, "L1");
  EXPECT_EQ(bands[0].size_lo, 1024);
  EXPECT_EQ(bands[0].size_hi, 1024);
  EXPECT_EQ(bands[1].level, "L2");
  EXPECT_EQ(bands[1].size_lo, 32768);
  EXPECT_EQ(bands[1].size_hi, 1048576);
  EXPECT_DOUBLE_EQ(bands[1].value, *device().roofline().bandwidth("L2"));
  EXPECT_LE(bands[1].low, bands[1].value);
  EXPECT_GE(bands[1].high, bands[1].value);
  // The compute view's band is the precision's fastest path over all the device's sizes.
  const std::vector<RoofBand> compute = roof_bands(panels_[0], Throughput::flops);
  ASSERT_EQ(compute.size(), 1u);
  EXPECT_EQ(compute[0].size_lo, 1024);
  EXPECT_EQ(compute[0].size_hi, 1048576);
  EXPECT_DOUBLE_EQ(compute[0].value, *device().roofline().peak(Precision::fp32));
}

TEST_F(SizeStudy, TheSectionHoldsAFigurePerSweptPanelWithItsData) {
  device().not_offered = {{"reduce", {"openblas sum fp32: its sum is 6.5, exactly 12.75"}}};
  Refresh();
  const std::string section = study_section(views_);
  EXPECT_EQ(count(section, "<figure class=\"study-figure\">"), 3);
  EXPECT_EQ(count(section, "<h3>Reduce: time against vector length (elements)</h3>"), 1);
  EXPECT_EQ(count(section, "<summary>Not offered on Sample CPU &lt;2 cores&gt; (cpu) (1)"), 1);
  EXPECT_EQ(count(section, "<li>openblas sum fp32: its sum is 6.5, exactly 12.75</li>"), 1);
  EXPECT_TRUE(study_section({}).empty());
  // A second input of the same device says it once.
  inputs_.push_back(inputs_[0]);
  Refresh();
  EXPECT_EQ(count(study_section(views_), "<summary>Not offered on"), 1);
  inputs_.pop_back();
  Refresh();

  const json data = study_data(panels_[0], samples::kReduceVariants);
  EXPECT_EQ(data.at("title"), "Reduce sum · fp32");
  EXPECT_EQ(data.at("x_label"), "Vector length (elements)");
  EXPECT_EQ(data.at("unit"), "B/s");
  EXPECT_EQ(data.at("reference"), 4);  // openblas_2t
  ASSERT_EQ(data.at("devices").size(), 1u);
  ASSERT_EQ(data.at("series").size(), samples::kReduceVariants.size());
  const json& s = data.at("series")[2];
  EXPECT_EQ(s.at("name"), "avx2_8acc_2t");
  EXPECT_EQ(s.at("size"), json(samples::kReduceLengths));
  EXPECT_EQ(s.at("work")[0], 1024 * 4);
  EXPECT_TRUE(s.at("roof")[0].is_null());  // the profile has no latency
  EXPECT_EQ(s.at("above")[0], "");
  EXPECT_EQ(data.at("series")[4].at("colour"), "#222222");  // the reference: black
  EXPECT_TRUE(study_data(panels_[2], samples::kReduceVariants)
                  .at("reference")
                  .is_null());  // int32: no library
}

// A point faster than its latency-aware roof is marked, with why, in its card and under its
// figure.
TEST_F(SizeStudy, APointAboveItsLatencyAwareRoofIsFlaggedWithWhy) {
  device().latency = {latency("team_wake", 2, 50e-6)};  // more than any 2-thread call took
  Refresh();
  const json data = study_data(panels_[0], samples::kReduceVariants);
  const std::string why = data.at("series")[2].at("above")[0];
  EXPECT_NE(why.find("faster than its latency-aware roof"), std::string::npos) << why;
  EXPECT_NE(why.find("paid less than the 50 µs of synchronization"), std::string::npos) << why;
  EXPECT_EQ(data.at("series")[0].at("above")[0], "");  // one thread: charged none
  const std::string section = study_section(views_);
  EXPECT_EQ(count(section, "<details class=\"above-roof\">"), 2);  // sum and dot, fp32
}

TEST_F(SizeStudy, ResultsWithoutAStudyAreNotDrawn) {
  for (roofline::Result& r : inputs_[0].results) r.study.reset();
  Refresh();
  EXPECT_TRUE(panels_.empty());
  EXPECT_TRUE(study_section(views_).empty());
}

// A quick run sizes the stream family into DRAM: one size per variant, nothing to draw, and the
// section says so instead of drawing one-point lines, once for the family, naming it.
TEST_F(SizeStudy, PanelsOfOneSizePerVariantSaySoOnceInsteadOfDrawing) {
  std::vector<roofline::Result>& results = inputs_[0].results;
  const double first = results.front().params.at("n").get<double>();
  std::erase_if(results, [&](const roofline::Result& r) { return r.params.at("n") != first; });
  Refresh();
  const std::string section = study_section(views_);
  EXPECT_EQ(count(section, "<figure"), 0);
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
  json runs = json::array();
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
  std::vector<roofline::Results> inputs(1);
  inputs[0].machine.devices = {samples::sample_device()};
  inputs[0].results = import_gbench({{"context", json::object()}, {"benchmarks", runs}}, "b.json",
                                    inputs[0].machine.devices[0]);
  const std::vector<DeviceView> views = device_views(inputs);
  const std::vector<StudyPanel> panels = study_panels(views);
  ASSERT_EQ(panels.size(), 1u);
  ASSERT_EQ(panels[0].series.size(), 2u);
  EXPECT_EQ(panels[0].series[0].variant, "BM_copy");
  EXPECT_EQ(panels[0].series[0].size, (std::vector<double>{4096, 65536, 1048576}));
  const std::optional<std::size_t> base = baseline_series(panels[0]);
  ASSERT_TRUE(base);
  EXPECT_EQ(panels[0].series[*base].variant, "BM_memcpy");
  const SizeSeries relative = relative_to(panels[0].series[0], panels[0].series[*base]);
  for (const double t : relative.time) EXPECT_NEAR(t, 2.0, 1e-9);
  const std::string section = study_section(views);
  EXPECT_EQ(count(section, "<h3>Gbench: time against working set (bytes)</h3>"), 1);
  EXPECT_EQ(count(section, "<figure class=\"study-figure\">"), 1);
}

}  // namespace
}  // namespace reports
