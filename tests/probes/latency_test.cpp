// A latency case's samples become per-call times: each timed run made a fixed number of calls.
#include "probes/latency.hpp"

#include <gtest/gtest.h>

namespace {

TEST(Latency, TheCeilingIsTheSamplesPerCall) {
  roofline::Result r;
  r.variant = "fork_join";
  r.samples = {2e-3, 4e-3, 3e-3};
  const roofline::LatencyCeiling c = probes::latency_ceiling(r, 2000, 16, "an empty region");
  EXPECT_EQ(c.kind, "fork_join");
  EXPECT_EQ(c.threads, 16);
  EXPECT_EQ(c.seconds.n, 3);
  EXPECT_DOUBLE_EQ(c.seconds.median, 1.5e-6);
  EXPECT_DOUBLE_EQ(c.seconds.min, 1e-6);
  EXPECT_DOUBLE_EQ(c.seconds.max, 2e-6);
  EXPECT_EQ(c.method, "an empty region");
}

}  // namespace
