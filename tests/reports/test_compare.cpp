#include <gtest/gtest.h>

#include "reports/compare.hpp"
#include "reports/compare_html.hpp"
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
  EXPECT_EQ(set.pairs[1].verdict, reports::Verdict::unknown);  // fp64 pairs with fp64, not fp32
  EXPECT_EQ(set.pairs[1].b->work.precision, Precision::fp64);
  EXPECT_EQ(set.pairs[2].verdict, reports::Verdict::slower);
  EXPECT_EQ(set.only_in_a, 1);
  EXPECT_EQ(set.only_in_b, 1);
  EXPECT_EQ(reports::comparison_counts(set),
            "3 compared: B faster 1, slower 1, can't tell 1; 1 only in A, 1 only in B");
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

// Six repetitions (the fewest a quick run keeps) give no 95% CI of the median narrower than their
// whole range, so one slow repetition in B reaches A's times: a 12.8x ratio of medians that this
// measurement cannot call, and says why (the gemm of tests/golden's compare, as a table).
TEST(Compare, ALargeRatioWithOverlappingIntervalsIsUndecidedAndSaysWhy) {
  roofline::Results a, b;
  const std::vector<double> slow = {12.8, 12.9, 12.7, 12.8, 12.8, 12.9};
  const std::vector<double> fast_but_one_cold = {1.0, 1.0, 1.01, 0.99, 1.0, 13.0};
  a.results = {timed("v", Precision::fp32, 1, slow)};
  b.results = {timed("v", Precision::fp32, 1, fast_but_one_cold)};
  const auto set = reports::compare(a, b);
  ASSERT_EQ(set.pairs.size(), 1u);
  EXPECT_NEAR(set.pairs[0].speedup, 12.8, 1e-9);
  EXPECT_EQ(set.pairs[0].verdict, reports::Verdict::unknown);
  EXPECT_EQ(reports::verdict_reason(set.pairs[0]),
            "CIs overlap; each is its samples' min-max (n=6 and 6)");

  // Nine repetitions give a narrower CI ([x(2), x(8)]) that leaves the cold one out: faster.
  std::vector<double> nine = fast_but_one_cold;
  nine.insert(nine.end(), {1.0, 1.01, 0.99});
  b.results = {timed("v", Precision::fp32, 1, nine)};
  const auto decided = reports::compare(a, b);
  EXPECT_EQ(decided.pairs[0].verdict, reports::Verdict::faster);
  EXPECT_EQ(reports::verdict_reason(decided.pairs[0]), "CIs apart");
}

// The page's text is tests/golden's compare.html; here, names that need escaping.
TEST(Compare, TheHtmlPageEscapesFileAndVariantNames) {
  roofline::Results a;
  a.results = {timed("v<1>", Precision::fp32, 1, {1.00, 1.01, 0.99})};
  const std::string html = reports::comparison_page(reports::compare(a, a), "a&.json", "b.json");
  EXPECT_NE(html.find("B (b.json) against A (a&amp;.json)"), std::string::npos) << html;
  EXPECT_NE(html.find("v&lt;1&gt;"), std::string::npos) << html;
}
