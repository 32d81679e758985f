// write_report on the hand-made results: what a report holds and leaves out, whatever its text
// (tests/golden states the text of a report, its files and the terminal summary in full).
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

TEST(WriteReport, HtmlIsSelfContainedAndPlotsOnlyVerifiedPoints) {
  test_support::TempDir dir;
  const ReportOptions options{dir.path() / "report.html", {}, {}};
  write_report({samples::sample_results({5, 3, 1})}, options);
  const std::string html = read(options.html);
  EXPECT_EQ(count(html, "<circle class=\"point"), 5);
  // The roofline and the sweep; the nested SAXPY's study (against m, in fp32 and fp64) is data
  // that the page's script draws.
  EXPECT_EQ(count(html, "<svg "), 2);
  EXPECT_EQ(count(html, "<figure class=\"study-figure\">"), 2);
  EXPECT_EQ(count(html, " src="), 0);
  EXPECT_EQ(count(html, "<link"), 0);
  EXPECT_EQ(count(html, "@import"), 0);
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

TEST(WriteReport, NoHtmlPathIsAnInputError) {
  EXPECT_THROW(write_report({samples::sample_results()}, {}), roofline::InputError);
}

}  // namespace
}  // namespace reports
