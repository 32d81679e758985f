// The per-thread FMA throughput comparison that tells threads sharing FMA units from threads
// that each have a core.
#include "probes/cpu/thread_share.hpp"

#include <gtest/gtest.h>

#include <vector>

using probes::cpu::thread_share;

TEST(ThreadShare, ThreadsAsFastAsOneAloneShareNothing) {
  const std::vector<double> seconds = {1.0, 1.0, 1.0, 1.0};
  const auto share = thread_share(1.0, 3e9, seconds, 3e9);
  EXPECT_DOUBLE_EQ(share.median, 1);
  EXPECT_DOUBLE_EQ(share.slowest, 1);
  EXPECT_EQ(share.threads, 4);
}

TEST(ThreadShare, PairsOfThreadsOnOneCoreRunAtHalfSpeed) {
  // Two threads of four each take twice as long at the same clock; one takes 2.5 times.
  const std::vector<double> seconds = {2.0, 2.0, 1.0, 2.5};
  const auto share = thread_share(1.0, 3e9, seconds, 3e9);
  EXPECT_DOUBLE_EQ(share.median, 0.5);
  EXPECT_DOUBLE_EQ(share.slowest, 0.4);
  EXPECT_LT(share.median, probes::cpu::kSharedBelow);
}

TEST(ThreadShare, ALowerAllCoreClockIsNotSharing) {
  // All cores at 2.4 GHz instead of 3.0: 1.25 times the time, and the same work per cycle.
  const std::vector<double> seconds = {1.25, 1.25};
  const auto share = thread_share(1.0, 3e9, seconds, 2.4e9);
  EXPECT_DOUBLE_EQ(share.median, 1);
  // An unmeasured clock (0) is not normalized for.
  EXPECT_DOUBLE_EQ(thread_share(1.0, 3e9, seconds, 0).median, 0.8);
}

TEST(ThreadShare, NoTimingsGiveNoThreads) {
  EXPECT_EQ(thread_share(1.0, 3e9, {}, 3e9).threads, 0);
  const auto text = probes::cpu::describe(thread_share(1.0, 3e9, std::vector{2.0, 1.0}, 3e9));
  EXPECT_NE(text.find("median 0.75, slowest 0.50"), std::string::npos) << text;
}

TEST(ThreadShare, ConcurrentRatesAddUpEveryThreadOnEachCall) {
  // Two calls of two threads, 10 FLOPs each: a slow thread does not slow the other's count.
  const std::vector<std::vector<double>> calls = {{1.0, 2.0}, {2.0, 5.0}};
  const auto rates = probes::cpu::concurrent_rates(calls, 10);
  ASSERT_EQ(rates.size(), 2u);
  EXPECT_DOUBLE_EQ(rates[0], 10 / 1.0 + 10 / 2.0);
  EXPECT_DOUBLE_EQ(rates[1], 10 / 2.0 + 10 / 5.0);
  const auto medians = probes::cpu::median_seconds({{3.0, 1.0, 2.0}, {4.0, 1.0}});
  ASSERT_EQ(medians.size(), 2u);
  EXPECT_DOUBLE_EQ(medians[0], 2.0);
  EXPECT_DOUBLE_EQ(medians[1], 2.5);
}
