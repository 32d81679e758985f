// The copies to a host's other GPUs in the report: one row per peer with its fraction of the
// link's theoretical rate, dashes (never zeros) for what was not measured, nothing without peers.
#include <gtest/gtest.h>

#include "count.hpp"
#include "reports/peer_copies.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

using samples::count;

nlohmann::json median(double v) {
  return {{"median", v}, {"ci_low", v}, {"ci_high", v}, {"cv", 0}};
}

TEST(PeerCopies, ARowPerPeerWithItsShareOfTheLink) {
  roofline::Device d = samples::sample_device();
  d.facts["peers"] = {
      {{"device", "cuda:1"},
       {"peer_access", true},
       {"bandwidth_bytes_per_s", median(391e9)},
       {"bandwidth_by", "copy_engines"},
       {"link",
        {{"kind", "nvlink"}, {"theoretical_bytes_per_s", 450e9}, {"basis", "18 active NVLinks"}}},
       {"staged_bandwidth_bytes_per_s", median(38.4e9)},
       {"latency_s", median(9.65e-6)}},
      {{"device", "cuda:2"},
       {"peer_access", false},
       {"link", {{"theoretical_unavailable", "NVML not loaded"}}},
       {"staged_bandwidth_bytes_per_s", median(20e9)}}};
  const std::string html = peer_copies_html(d);
  EXPECT_EQ(count(html, "<h3>Copies to the host's other GPUs</h3>"), 1);
  EXPECT_EQ(count(html, "to cuda:1"), 1);
  EXPECT_EQ(count(html, "391 GB/s"), 1);
  EXPECT_EQ(count(html, "0.869 of 450 GB/s (nvlink)"), 1) << html;
  EXPECT_EQ(count(html, "title=\"18 active NVLinks\""), 1) << html;
  EXPECT_EQ(count(html, "9.65 µs"), 1) << html;
  // cuda:2 without peer access: no bandwidth, no share of the link (its reason as the tooltip),
  // no latency.
  EXPECT_EQ(count(html, "title=\"NVML not loaded\""), 1) << html;
  EXPECT_EQ(count(html, "—"), 4) << html;
  EXPECT_EQ(count(html, "20 GB/s"), 1);
}

TEST(PeerCopies, NothingForAGpuWithoutPeers) {
  EXPECT_TRUE(peer_copies_html(samples::sample_device()).empty());
}

}  // namespace
}  // namespace reports
