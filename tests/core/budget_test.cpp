// The time budget: fitted from the pace measured so far, it shrinks repetitions first, then the
// sample time, never below the floors, and says what it shrank.
#include "roofline/budget.hpp"

#include <gtest/gtest.h>

#include "roofline/harness.hpp"

namespace {

using roofline::Budget;
using roofline::MeasureOptions;

const MeasureOptions kWanted{
    .repetitions = 9, .min_sample_seconds = 0.004, .warmup_seconds = 0.005};

// Ten short calls finished at exactly the samples' pace (41 ms a case, no overhead).
void ten_cases_at_the_samples_pace(Budget& budget) {
  budget.finished(kWanted, 10 * (0.005 + 9 * 0.004), std::vector<double>(10, 1e-6));
}

TEST(Budget, AsWantedUntilAPaceIsKnownAndWhenThePlanFits) {
  Budget budget(1000);
  budget.plan(110);
  EXPECT_EQ(budget.fit(kWanted).repetitions, 9);  // nothing measured yet
  ten_cases_at_the_samples_pace(budget);
  const MeasureOptions fitted = budget.fit(kWanted);  // 100 more at 41 ms: 4.1 s of 1000
  EXPECT_EQ(fitted.repetitions, 9);
  EXPECT_EQ(fitted.min_sample_seconds, 0.004);
  EXPECT_EQ(budget.summary(), "");
}

TEST(Budget, FewerRepetitionsFirst) {
  Budget budget(3.5);
  budget.plan(110);
  ten_cases_at_the_samples_pace(budget);
  // 100 more: 9 repetitions need 4.1 s, 8 need 3.7 s, 7 need 3.3 s.
  const MeasureOptions fitted = budget.fit(kWanted);
  EXPECT_EQ(fitted.repetitions, 7);
  EXPECT_EQ(fitted.min_sample_seconds, 0.004);
  EXPECT_EQ(budget.summary(), "shrank repetitions 9 -> 7 to fit");
}

TEST(Budget, ThenShorterSamplesButNeverBelowTheFloors) {
  Budget budget(0.5);
  budget.plan(110);
  ten_cases_at_the_samples_pace(budget);
  MeasureOptions fitted = budget.fit(kWanted);
  EXPECT_EQ(fitted.repetitions, Budget::kFloorRepetitions);
  EXPECT_EQ(fitted.min_sample_seconds, Budget::kFloorSampleSeconds);
  EXPECT_EQ(fitted.warmup_seconds, kWanted.warmup_seconds);
  EXPECT_EQ(budget.summary(), "shrank repetitions 9 -> 6, minimum sample time 4 -> 1 ms to fit");
  // A caller who asked for less than a floor keeps what it asked for.
  const MeasureOptions few{.repetitions = 3, .min_sample_seconds = 0.0005};
  fitted = budget.fit(few);
  EXPECT_EQ(fitted.repetitions, 3);
  EXPECT_EQ(fitted.min_sample_seconds, 0.0005);
}

TEST(Budget, LongCallsAreNotShortenedBySampleTime) {
  // Calls of 50 ms outlast any minimum sample time: only fewer repetitions save time.
  Budget budget(1.6);
  budget.plan(6);
  budget.finished(kWanted, 0.005 + 9 * 0.05, {0.05});
  const MeasureOptions fitted =
      budget.fit(kWanted);  // 5 more: 1.78 s at 7 repetitions, 1.53 s at 6
  EXPECT_EQ(fitted.repetitions, 6);
  EXPECT_EQ(fitted.min_sample_seconds, 0.004);
}

TEST(Budget, StepsNotTakenAreGivenBack) {
  Budget budget(3.5);
  budget.plan(210);
  budget.plan(-100);  // a sweep that stopped early
  ten_cases_at_the_samples_pace(budget);
  EXPECT_EQ(budget.fit(kWanted).repetitions, 7);
}

TEST(Budget, ForecastsOnceWhenEvenTheFloorsWillNotFit) {
  Budget fits(1000);
  fits.plan(110);
  ten_cases_at_the_samples_pace(fits);
  fits.fit(kWanted);
  EXPECT_EQ(fits.forecast(), "");
  // Not before a tenth of the cases finished: 10 of 120 give no pace to go by.
  Budget early(0.2, Budget::WhenSpent::stop);
  early.plan(120);
  ten_cases_at_the_samples_pace(early);
  early.fit(kWanted);
  EXPECT_EQ(early.forecast(), "");
  // 90 more cases at the floors (6 samples of 1 ms, 5 ms warm-up): 0.99 s, with 0.2 s left.
  Budget short_of_time(0.2, Budget::WhenSpent::stop);
  short_of_time.plan(100);
  ten_cases_at_the_samples_pace(short_of_time);
  short_of_time.fit(kWanted);
  const std::string said = short_of_time.forecast();
  EXPECT_NE(said.find("the 90 case(s) still planned take about 1 s even at the floors"),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("--resume measures the rest"), std::string::npos) << said;
  short_of_time.fit(kWanted);
  EXPECT_EQ(short_of_time.forecast(), "");  // said once
}

TEST(Budget, StopsWhenSpentOnlyWhereAskedTo) {
  EXPECT_TRUE(Budget(0, Budget::WhenSpent::stop).stops_now());
  EXPECT_FALSE(Budget(0).stops_now());  // a probe's: runs over
  EXPECT_FALSE(Budget(1000, Budget::WhenSpent::stop).stops_now());
}

TEST(Budget, SaysWhenItRanOver) {
  Budget budget(0);
  ten_cases_at_the_samples_pace(budget);
  EXPECT_NE(budget.summary().find("over its 0 s budget"), std::string::npos) << budget.summary();
}

// Seconds spent outside the budget (the probe's energy pass) are not counted as running over.
TEST(Budget, ExemptWorkMovesTheDeadline) {
  Budget budget(0.5);
  const double before = budget.seconds_left();
  budget.exempt(60);
  EXPECT_GT(budget.seconds_left(), before + 59);
  ten_cases_at_the_samples_pace(budget);
  EXPECT_EQ(budget.summary(), "");
}

}  // namespace
