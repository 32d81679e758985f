// The host link sweep and latency tables: in the HTML report per device, and the latency in the
// terminal summary; nothing for a device that has neither.
#include <gtest/gtest.h>

#include "count.hpp"
#include "reports/link_latency.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

using samples::count;

roofline::Device measured() {
  roofline::Device d = samples::sample_device();
  const auto summary = [](double v) { return roofline::summarize({v * 0.99, v, v * 1.01}); };
  d.latency = {{"fork_join", 1, summary(40e-9), "an empty OpenMP parallel region"},
               {"fork_join", 2, summary(700e-9), "an empty OpenMP parallel region"},
               {"team_wake", 2, summary(250e-9), "the persistent team"}};
  d.link = {{"h2d", "pinned", 4096, {1.5e9}},
            {"h2d", "pinned", 1 << 30, {55e9}},
            {"d2h", "pageable", 1 << 30, {20e9}}};
  return d;
}

TEST(LinkLatency, HtmlListsEveryLatencyAndALinkRowPerDirectionAndMemory) {
  const std::string html = link_latency_html(measured());
  EXPECT_EQ(count(html, "<h3>Launch and synchronization latency</h3>"), 1);
  EXPECT_EQ(count(html, "<h3>Host link: median bandwidth by copy size</h3>"), 1);
  EXPECT_EQ(count(html, "<td>fork_join</td>"), 2);
  EXPECT_EQ(count(html, "700 ns"), 1);
  EXPECT_EQ(count(html, "<th>4 KiB</th>"), 1);
  EXPECT_EQ(count(html, "<th>1 GiB</th>"), 1);
  EXPECT_EQ(count(html, "55 GB/s"), 1);
  // d2h pageable has no 4 KiB point: a dash, not a zero.
  EXPECT_EQ(count(html, "<td>pageable</td>"), 1);
  EXPECT_EQ(count(html, "—"), 1);
  EXPECT_TRUE(link_latency_html(samples::sample_device()).empty());
}

TEST(LinkLatency, TheTerminalShowsAColumnPerThreadCount) {
  const std::string text = latency_text(measured());
  EXPECT_NE(text.find("1 thread"), std::string::npos) << text;
  EXPECT_NE(text.find("2 threads"), std::string::npos) << text;
  EXPECT_NE(text.find("fork_join"), std::string::npos);
  EXPECT_NE(text.find("700 ns"), std::string::npos);
  EXPECT_EQ(count(text, "team_wake"), 1);
  EXPECT_EQ(count(text, "—"), 1);  // the team was not measured with one thread
  EXPECT_TRUE(latency_text(samples::sample_device()).empty());
}

}  // namespace
}  // namespace reports
