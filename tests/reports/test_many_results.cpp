// A report of many results stays a report of bounded size: the chart draws a marker per spot,
// not per point, labels a bounded number, and the tables stop at kHtmlTableRows with a note.
// (The 10^6-result timing is in docs/performance.md; this checks the sizes at 20,000.)
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <regex>
#include <sstream>

#include "count.hpp"
#include "reports/report.hpp"
#include "reports/roofline_chart.hpp"
#include "reports/row_limit.hpp"
#include "sample_results.hpp"
#include "temp_dir.hpp"

namespace reports {
namespace {

using samples::count;

constexpr int kVerified = 20000;
constexpr int kFailed = 1500;

// The sample's points, spread over two decades of FLOP/s as a large sweep's would be.
roofline::Results many_results() {
  roofline::Results r = samples::sample_results({kVerified, kFailed, 0});
  for (std::size_t i = 0; i < r.results.size(); ++i)
    if (r.results[i].time) r.results[i].time->median *= std::pow(10.0, (i % 997) / 498.0);
  return r;
}

// The sum of what the markers stand for: 1 for a point's marker, data-count for a spot's.
long points_drawn(const std::string& svg) {
  long n = count(svg, "<circle class=\"point\"") + count(svg, "<circle class=\"point unstable\"");
  static const std::regex spot("class=\"point group[^\"]*\"[^>]*data-count=\"(\\d+)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), spot); it != std::sregex_iterator();
       ++it)
    n += std::stol((*it)[1]);
  return n;
}

// The rows of the table of class `table_class` (the first one), without its header.
int body_rows(const std::string& html, const std::string& table_class) {
  const std::size_t start =
      html.find("<tbody>", html.find("<table class=\"" + table_class + "\">"));
  const std::size_t end = html.find("</table>", start);
  if (start == std::string::npos || end == std::string::npos) return -1;
  return count(std::string_view(html).substr(start, end - start), "<tr");
}

TEST(ManyResults, TheChartDrawsEveryPointWithBoundedMarkersAndLabels) {
  const std::vector<roofline::Results> inputs{many_results()};
  const std::vector<DeviceView> views = device_views(inputs);
  const std::vector<PlotPoint> points = plot_points(views[0]);
  ASSERT_EQ(points.size(), static_cast<std::size_t>(kVerified));
  const std::string svg = roofline_svg("many", views[0].device.roofline(), points);
  EXPECT_EQ(points_drawn(svg), kVerified);
  EXPECT_LE(count(svg, "<circle class=\"point"), static_cast<int>(kMostMarkers));
  EXPECT_GT(count(svg, "<circle class=\"point group"), 0);
  EXPECT_LE(count(svg, "point-label"), 200);
  EXPECT_LT(svg.size(), 1'000'000u);
}

TEST(ManyResults, TablesStopAtTheirRowLimitAndSayWhereTheRestIs) {
  test_support::TempDir dir;
  const ReportOptions options{dir.path() / "report.html", {}, dir.path() / "csv"};
  const std::vector<roofline::Results> inputs{many_results()};
  write_report(inputs, options);
  std::stringstream html;
  html << std::ifstream(options.html).rdbuf();
  EXPECT_LT(html.str().size(), 2'000'000u);
  EXPECT_EQ(body_rows(html.str(), "results"), static_cast<int>(kHtmlTableRows));
  EXPECT_EQ(body_rows(html.str(), "failed"), static_cast<int>(kHtmlTableRows));
  EXPECT_NE(html.str().find(rows_left_out(kHtmlTableRows, kVerified)), std::string::npos);
  EXPECT_NE(html.str().find(rows_left_out(kHtmlTableRows, kFailed)), std::string::npos);
  // The CSV keeps every result.
  std::stringstream csv;
  csv << std::ifstream(dir.path() / "csv" / "results.csv").rdbuf();
  EXPECT_EQ(count(csv.str(), "\r\n"), 1 + kVerified + kFailed);

  const std::string terminal = summary_table(inputs);
  EXPECT_NE(terminal.find(rows_left_out(kTerminalTableRows, kVerified + kFailed)),
            std::string::npos);
  EXPECT_LT(count(terminal, "\n"), static_cast<int>(kTerminalTableRows) + 30);
}

}  // namespace
}  // namespace reports
