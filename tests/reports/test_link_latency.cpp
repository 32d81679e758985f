// The host link sweep and latency tables, in the HTML report per device and the latency in the
// terminal summary, are stated by tests/golden's report (a CPU's latency, a GPU's link and
// latency); here, nothing for a device that has neither.
#include <gtest/gtest.h>

#include "reports/link_latency.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

TEST(LinkLatency, NothingForADeviceWithNeither) {
  EXPECT_TRUE(link_latency_html(samples::sample_device()).empty());
  EXPECT_TRUE(latency_text(samples::sample_device()).empty());
}

}  // namespace
}  // namespace reports
