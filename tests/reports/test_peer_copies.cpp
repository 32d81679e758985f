// The copies to a host's other GPUs in the report (one row per peer with its fraction of the
// link's theoretical rate, dashes, never zeros, for what was not measured) are stated by
// tests/golden's report, whose GPU has two peers; here, nothing without peers.
#include <gtest/gtest.h>

#include "reports/peer_copies.hpp"
#include "sample_results.hpp"

namespace reports {
namespace {

TEST(PeerCopies, NothingForAGpuWithoutPeers) {
  EXPECT_TRUE(peer_copies_html(samples::sample_device()).empty());
}

}  // namespace
}  // namespace reports
