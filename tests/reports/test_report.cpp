// write_report and summary_table on the hand-made results: files, content, failures.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "count.hpp"
#include "reports/report.hpp"
#include "roofline/input_error.hpp"
#include "sample_results.hpp"
#include "temp_dir.hpp"

namespace reports {
namespace {

using samples::count;

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(WriteReport, WritesHtmlSvgAndCsvFiles) {
  test_support::TempDir dir;
  const ReportOptions options{dir.path() / "out" / "report.html", dir.path() / "svg",
                              dir.path() / "csv"};
  write_report({samples::sample_results()}, options);
  const std::string html = read(options.html);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(count(html, "{{"), 0);
  for (const char* name : {"roofline-cpu.svg", "sweep-cpu.svg"}) {
    const std::string svg = read(dir.path() / "svg" / name);
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u) << name;
    EXPECT_EQ(count(svg, "</svg>"), 1) << name;
  }
  EXPECT_EQ(count(read(dir.path() / "csv" / "results.csv"), "\r\n"), 1 + 6);
  EXPECT_GT(count(read(dir.path() / "csv" / "ceilings.csv"), "\r\n"), 1);
}

TEST(WriteReport, HtmlIsSelfContainedAndPlotsOnlyVerifiedPoints) {
  test_support::TempDir dir;
  const ReportOptions options{dir.path() / "report.html", {}, {}};
  write_report({samples::sample_results({5, 3, 1})}, options);
  const std::string html = read(options.html);
  EXPECT_EQ(count(html, "<circle class=\"point"), 5);
  EXPECT_EQ(count(html, "<svg "), 2);  // the roofline and the sweep
  EXPECT_EQ(count(html, " src="), 0);
  EXPECT_EQ(count(html, "<link"), 0);
  EXPECT_EQ(count(html, "@import"), 0);
  // The failed results are in the failed table, escaped, with their message.
  EXPECT_EQ(count(html, "mismatch at index 7: got 1.5, want &quot;2&quot; &lt;&amp;&gt;"), 3);
  EXPECT_NE(html.find("<table class=\"ceilings\">"), std::string::npos);
  EXPECT_NE(html.find("<table class=\"provenance\">"), std::string::npos);
  EXPECT_NE(html.find("rooflab run --quick"), std::string::npos);
  EXPECT_NE(html.find(">94.1%<"), std::string::npos);  // 64 of 68 GFLOP/s theoretical
  EXPECT_NE(html.find("<th>Efficiency, roof now</th>"), std::string::npos);
  // The headline: each roof of the chart in a line, with its ceiling, theoretical and ridges.
  EXPECT_NE(html.find("<li><b>DRAM</b> 20 GB/s"), std::string::npos);
  EXPECT_NE(html.find("ridge: fp64 AI 3.2, fp32 AI 6.4</li>"), std::string::npos);
  EXPECT_NE(html.find("<li><b>fp64 FMA</b> 64 GFLOP/s (vec256, 2 threads) · 94.1% of the "
                      "theoretical 68 GFLOP/s</li>"),
            std::string::npos);
  EXPECT_NE(html.find("<li><b>fp32 FMA</b> 128 GFLOP/s"), std::string::npos);
  // The method's prose is a tooltip, the ceilings table folded away.
  EXPECT_EQ(html.find("<th>Method</th>"), std::string::npos);
  EXPECT_NE(html.find("<details>\n<summary>Ceilings:"), std::string::npos);
}

TEST(WriteReport, SeveralInputsGetOneSectionEachAndDistinctFiles) {
  test_support::TempDir dir;
  const ReportOptions options{dir.path() / "report.html", dir.path(), {}};
  write_report({samples::sample_results({2, 0, 0}), samples::sample_results({3, 1, 0})}, options);
  const std::string html = read(options.html);
  EXPECT_EQ(count(html, "<section class=\"device\""), 2);
  // Each input's cpu chart, then the overlay of both: 2 + 3 points twice.
  EXPECT_EQ(count(html, "<circle class=\"point"), 2 * 5);
  EXPECT_EQ(count(html, "class=\"chart roofline overlay\""), 1);
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "roofline-input1-cpu.svg"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "roofline-input2-cpu.svg"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "overlay-cpu.svg"));
  // One host and device in both: the sections are told apart by input (and the run's time, which
  // these samples do not record).
  EXPECT_EQ(count(html, "<h2>Sample CPU &lt;2 cores&gt; (cpu) on sample-host, input 1</h2>"), 1);
  EXPECT_EQ(count(html, "<h2>Sample CPU &lt;2 cores&gt; (cpu) on sample-host, input 2</h2>"), 1);
}

TEST(WriteReport, AProfileBesideTheResultsPlacedUnderItIsNoSecondRunToOverlay) {
  test_support::TempDir dir;
  const ReportOptions options{dir.path() / "report.html", {}, {}};
  roofline::Results profile = samples::sample_results({2, 0, 0});
  profile.results.clear();
  write_report({profile, samples::sample_results({2, 0, 0})}, options);
  const std::string html = read(options.html);
  EXPECT_EQ(count(html, "<section class=\"device\""), 2);
  EXPECT_EQ(count(html, "Runs overlaid"), 0);
}

TEST(WriteReport, AVariantWhoseAlgorithmMovesMoreBytesSaysWhatItsOwnCeilingIs) {
  test_support::TempDir dir;
  const ReportOptions options{dir.path() / "report.html", {}, {}};
  roofline::Results results = samples::sample_results({2, 0, 0});
  results.results[0].work.algorithm_bytes = 2 * results.results[0].work.bytes;  // scan-then-fan
  write_report({results}, options);
  const std::string html = read(options.html);
  EXPECT_EQ(count(html, "its algorithm moves 2× the bytes: at most 50% of the roof"), 1);
}

TEST(WriteReport, AResultAboveItsRoofIsMarkedWithItsLikelyCause) {
  test_support::TempDir dir;
  const ReportOptions options{dir.path() / "report.html", {}, {}};
  roofline::Results results = samples::sample_results({2, 0, 0});
  // The first point's 128 MiB lie under the DRAM onset its profile measured, 1.5x above DRAM.
  results.machine.devices[0].facts["dram_from"] = 1 << 30;
  results.results[0].placement->efficiency = 1.5;
  write_report({results}, options);
  const std::string html = read(options.html);
  // In the results table's note and in the point's card on the roofline.
  const std::string note =
      "above its roof, likely a cache-resident working set: its working set (128 MiB) lies under "
      "the DRAM onset (1 GiB)";
  EXPECT_EQ(count(html, note), 2);
  EXPECT_NE(summary_table({results}).find("above roof: a cache-resident working set"),
            std::string::npos);
}

TEST(WriteReport, NoHtmlPathIsAnInputError) {
  EXPECT_THROW(write_report({samples::sample_results()}, {}), roofline::InputError);
}

TEST(SummaryTable, ShowsTopCeilingsResultsAndFlagsFailures) {
  roofline::Results results = samples::sample_results({2, 1, 1});
  // One result was timed beside the roof's kernels: its efficiency against their roof is shown.
  ASSERT_TRUE(results.results[0].placement.has_value());
  results.results[0].placement->efficiency_now = 0.937;
  const std::string table = summary_table({results});
  EXPECT_NE(table.find("Roof now"), std::string::npos);
  EXPECT_NE(table.find("93.7%"), std::string::npos);
  EXPECT_NE(table.find("Sample CPU <2 cores> (cpu) on sample-host"), std::string::npos);
  EXPECT_NE(table.find("fp64 peak"), std::string::npos);
  EXPECT_NE(table.find("64 GFLOP/s"), std::string::npos);  // 2 threads
  EXPECT_NE(table.find("32 GFLOP/s"), std::string::npos);  // 1 thread
  EXPECT_LT(table.find("L1 bandwidth"), table.find("DRAM bandwidth"));
  EXPECT_NE(table.find("FAILED: verification failed: mismatch at index 7"), std::string::npos);
  EXPECT_NE(table.find("unstable"), std::string::npos);
  EXPECT_NE(table.find("m=2"), std::string::npos);
  EXPECT_NE(table.find("1 result(s) FAILED"), std::string::npos);
}

}  // namespace
}  // namespace reports
