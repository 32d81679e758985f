#include "roofline/stats.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

using roofline::summarize;

TEST(Stats, MedianMinMaxOfOddAndEvenSamples) {
  auto s = summarize({5, 1, 3});
  EXPECT_EQ(s.n, 3);
  EXPECT_DOUBLE_EQ(s.median, 3);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 5);
  EXPECT_DOUBLE_EQ(summarize({4, 1, 3, 2}).median, 2.5);
}

TEST(Stats, CoefficientOfVariationUsesSampleStddev) {
  // mean 2, sample stddev 1 → cv 0.5
  auto s = summarize({1, 2, 3});
  EXPECT_DOUBLE_EQ(s.mean, 2);
  EXPECT_NEAR(s.cv, 0.5, 1e-12);
  EXPECT_TRUE(s.unstable);
  EXPECT_FALSE(summarize({100, 101, 100.5}).unstable);
}

TEST(Stats, FewSamplesGiveTheFullRangeWithItsTrueCoverage) {
  // n = 5: no pair of order statistics reaches 95%; [min, max] covers 1 - 2/32 = 93.75%.
  auto s = summarize({10, 11, 12, 13, 14});
  EXPECT_DOUBLE_EQ(s.ci_low, 10);
  EXPECT_DOUBLE_EQ(s.ci_high, 14);
  EXPECT_NEAR(s.ci_level, 0.9375, 1e-12);
}

TEST(Stats, MedianConfidenceIntervalUsesBinomialOrderStatistics) {
  // n = 10: [x(2), x(9)] covers 1 - 2*(1+10)/1024 = 97.85%; [x(3), x(8)] only 89.1%.
  std::vector<double> v{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  auto s = summarize(v);
  EXPECT_DOUBLE_EQ(s.ci_low, 2);
  EXPECT_DOUBLE_EQ(s.ci_high, 9);
  EXPECT_NEAR(s.ci_level, 1 - 22.0 / 1024, 1e-12);
  EXPECT_GE(s.ci_level, 0.95);
}

TEST(Stats, LargeSampleIntervalIsNarrowAndContainsTheMedian) {
  std::vector<double> v;
  for (int i = 0; i < 101; ++i) v.push_back(i);
  auto s = summarize(v);
  EXPECT_DOUBLE_EQ(s.median, 50);
  EXPECT_LT(s.ci_low, 50);
  EXPECT_GT(s.ci_high, 50);
  EXPECT_GE(s.ci_low, 38);  // about median ± 1.96·√n/2 ≈ ±10 ranks
  EXPECT_LE(s.ci_high, 62);
  EXPECT_GE(s.ci_level, 0.95);
}

TEST(Stats, RejectsEmptyAndNonFiniteSamples) {
  EXPECT_THROW(summarize({}), std::invalid_argument);
  EXPECT_THROW(summarize({1, NAN}), std::invalid_argument);
  EXPECT_THROW(summarize({1, INFINITY}), std::invalid_argument);
}
