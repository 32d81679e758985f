// The HTML report in a real browser: headless Chromium loads it offline, the charts are in the
// DOM and the page's own script counts the plotted points.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <regex>
#include <sstream>

#include "count.hpp"
#include "reduce_samples.hpp"
#include "reports/report.hpp"
#include "sample_results.hpp"
#include "temp_dir.hpp"

namespace reports {
namespace {

// The path of an executable found on PATH; empty when there is none.
std::filesystem::path find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return {};
  std::stringstream dirs(path);
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::filesystem::path candidate = std::filesystem::path(dir) / name;
    if (!dir.empty() && access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// Runs a shell command and returns its standard output.
std::string run(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return {};
  std::string out;
  std::array<char, 4096> buffer;
  for (std::size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0;) {
    out.append(buffer.data(), n);
  }
  return out;
}

std::filesystem::path chromium() {
  std::filesystem::path path = find_on_path("chromium");
  if (path.empty()) path = find_on_path("chromium-browser");
  return path;
}

// The DOM of the report as headless Chromium renders it.
std::string rendered_dom(const std::filesystem::path& browser, const test_support::TempDir& dir,
                         const std::filesystem::path& html) {
  return run("timeout 120 " + quoted(browser.string()) +
             " --headless --no-sandbox --disable-gpu --disable-background-networking"
             " --disable-component-update --disable-sync --no-first-run --user-data-dir=" +
             quoted((dir.path() / "profile").string()) + " --dump-dom " +
             quoted("file://" + html.string()) + " 2>/dev/null");
}

TEST(Browser, ChromiumRendersTheChartsAndCountsThePoints) {
  const std::filesystem::path browser = chromium();
  if (browser.empty()) {
    GTEST_SKIP() << "chromium is not on PATH (Debian: apt-get install chromium); CI installs it";
  }
  test_support::TempDir dir;
  const std::filesystem::path html = dir.path() / "report.html";
  constexpr int kVerified = 7;
  write_report({samples::sample_results({kVerified, 2, 1})}, {html, {}, {}});

  const std::string dom = rendered_dom(browser, dir, html);
  ASSERT_NE(dom.find("<svg"), std::string::npos) << "no SVG in the DOM:\n" << dom.substr(0, 2000);
  EXPECT_NE(dom.find("class=\"chart roofline\""), std::string::npos);
  std::smatch match;
  ASSERT_TRUE(std::regex_search(dom, match, std::regex("data-points-rendered=\"(\\d+)\"")))
      << "the page script did not run";
  EXPECT_EQ(std::stoi(match[1]), kVerified);
  EXPECT_EQ(dom.find("study-time"), std::string::npos) << "no size study results, no study charts";
}

TEST(Browser, ChromiumRendersTheReduceSizeStudyWithEveryVariant) {
  const std::filesystem::path browser = chromium();
  if (browser.empty()) {
    GTEST_SKIP() << "chromium is not on PATH (Debian: apt-get install chromium); CI installs it";
  }
  test_support::TempDir dir;
  const std::filesystem::path html = dir.path() / "report.html";
  write_report({samples::reduce_results()}, {html, {}, {}});
  const std::string dom = rendered_dom(browser, dir, html);
  ASSERT_NE(dom.find("data-points-rendered"), std::string::npos) << "the page script did not run";
  // fp32 sum and dot: both views; int32 sum: the time view only.
  EXPECT_EQ(samples::count(dom, "class=\"chart study-time\""), 3);
  EXPECT_EQ(samples::count(dom, "class=\"chart study-relative\""), 2);
  // Each variant in both views of the 2 fp32 panels; plain and avx2_8acc_1t in int32's too.
  for (const std::string& v : samples::kReduceVariants) {
    const int int32_too = v == "plain_1t" || v == "avx2_8acc_1t" ? 1 : 0;
    EXPECT_EQ(samples::count(dom, "class=\"study-line\" data-variant=\"" + v + "\""), 4 + int32_too)
        << v;
  }
  EXPECT_EQ(samples::count(dom, "data-variant=\"avx2_1acc_1t\""), 0) << "failed: not drawn";
  EXPECT_EQ(samples::count(dom, "class=\"study-line\""), 2 * 2 * 5 + 2);
}

}  // namespace
}  // namespace reports
