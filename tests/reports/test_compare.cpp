#include <gtest/gtest.h>

#include "reports/compare.hpp"
#include "roofline/stats.hpp"

namespace {

roofline::Result timed(const std::string& variant, roofline::Precision p, int m,
                       std::vector<double> samples) {
  roofline::Result r;
  r.family = "nested_saxpy";
  r.variant = variant;
  r.backend = "cpu";
  r.device = "cpu";
  r.params = {{"m", m}};
  r.work.precision = p;
  r.verification.passed = true;
  r.samples = samples;
  r.time = roofline::summarize(std::move(samples));
  return r;
}

using roofline::Precision;

}  // namespace

TEST(Compare, VerdictsFollowTheConfidenceIntervals) {
  roofline::Results a, b;
  const std::vector<double> base = {1.00, 1.01, 0.99, 1.02, 0.98, 1.00, 1.01, 0.99, 1.00};
  std::vector<double> half, close;
  for (double t : base) half.push_back(t / 2), close.push_back(t * 1.005);
  a.results = {timed("v", Precision::fp32, 1, base), timed("v", Precision::fp64, 1, base),
               timed("v", Precision::fp32, 2, half), timed("gone", Precision::fp32, 1, base)};
  b.results = {timed("v", Precision::fp32, 1, half), timed("v", Precision::fp64, 1, close),
               timed("v", Precision::fp32, 2, base), timed("new", Precision::fp32, 1, base)};
  const auto set = reports::compare(a, b);
  ASSERT_EQ(set.pairs.size(), 3u);
  EXPECT_EQ(set.pairs[0].verdict, reports::Verdict::faster);
  EXPECT_NEAR(set.pairs[0].speedup, 2.0, 1e-9);
  EXPECT_EQ(set.pairs[1].verdict, reports::Verdict::same);  // fp64 pairs with fp64, not fp32
  EXPECT_EQ(set.pairs[1].b->work.precision, Precision::fp64);
  EXPECT_EQ(set.pairs[2].verdict, reports::Verdict::slower);
  EXPECT_EQ(set.only_in_a, 1);
  EXPECT_EQ(set.only_in_b, 1);
  const std::string table = reports::comparison_table(set);
  EXPECT_NE(table.find("3 compared, 1 only in A, 1 only in B"), std::string::npos) << table;
}

TEST(Compare, FailedResultsAreNotCompared) {
  roofline::Results a, b;
  a.results = {timed("v", Precision::fp32, 1, {1, 1.1, 0.9})};
  b.results = a.results;
  b.results[0].verification.passed = false;
  const auto set = reports::compare(a, b);
  EXPECT_TRUE(set.pairs.empty());
  EXPECT_EQ(set.only_in_a, 1);
  EXPECT_EQ(set.only_in_b, 0);
}
