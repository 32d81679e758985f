// The HTML report in a real browser: headless Chromium loads it offline, the charts are in the
// DOM and the page's own script counts the plotted points.
#include <gtest/gtest.h>

#include <regex>

#include "browser.hpp"
#include "count.hpp"
#include "reduce_samples.hpp"
#include "reports/report.hpp"
#include "sample_results.hpp"
#include "temp_dir.hpp"

namespace reports {
namespace {

using samples::chromium;
using samples::kNoBrowser;
using samples::rendered_dom;

TEST(Browser, ChromiumRendersTheChartsAndCountsThePoints) {
  const std::filesystem::path browser = chromium();
  if (browser.empty()) {
    GTEST_SKIP() << kNoBrowser;
  }
  test_support::TempDir dir;
  const std::filesystem::path html = dir.path() / "report.html";
  constexpr int kVerified = 7;
  write_report({samples::sample_results({kVerified, 2, 1})}, {html, {}, {}});

  const std::string dom = rendered_dom(browser, dir.path(), html);
  ASSERT_NE(dom.find("<svg"), std::string::npos) << "no SVG in the DOM:\n" << dom.substr(0, 2000);
  EXPECT_NE(dom.find("class=\"chart roofline\""), std::string::npos);
  std::smatch match;
  ASSERT_TRUE(std::regex_search(dom, match, std::regex("data-points-rendered=\"(\\d+)\"")))
      << "the page script did not run";
  EXPECT_EQ(std::stoi(match[1]), kVerified);
  // The nested SAXPY's study against its depth m, fp32 and fp64, drawn by the script in its time
  // view.
  EXPECT_EQ(samples::count(dom, "class=\"chart study-chart\""), 2);
  EXPECT_EQ(samples::count(dom, "<div class=\"study-family\" data-view=\"time\">"), 1);
}

TEST(Browser, ChromiumRendersTheReduceSizeStudyWithEveryVariant) {
  const std::filesystem::path browser = chromium();
  if (browser.empty()) {
    GTEST_SKIP() << kNoBrowser;
  }
  test_support::TempDir dir;
  const std::filesystem::path html = dir.path() / "report.html";
  write_report({samples::reduce_results()}, {html, {}, {}});
  const std::string dom = rendered_dom(browser, dir.path(), html);
  ASSERT_NE(dom.find("data-points-rendered"), std::string::npos) << "the page script did not run";
  // fp32 sum and dot, int32 sum: a chart each, every variant a line in each panel it ran in.
  EXPECT_EQ(samples::count(dom, "class=\"chart study-chart\""), 3);
  for (const std::string& v : samples::kReduceVariants) {
    const int int32_too = v == "plain_1t" || v == "avx2_8acc_1t" ? 1 : 0;
    EXPECT_EQ(samples::count(dom, "class=\"study-series\" data-variant=\"" + v + "\""),
              2 + int32_too)
        << v;
  }
  EXPECT_EQ(samples::count(dom, "data-variant=\"avx2_1acc_1t\""), 0) << "failed: not drawn";
  EXPECT_EQ(samples::count(dom, "class=\"study-line\""), 2 * 5 + 2);
}

}  // namespace
}  // namespace reports
