#pragma once
// A time budget for measuring (--quick): the cases are planned up front, and before each group the
// harness fits the cases still planned to the seconds left, at the pace measured so far, by
// shrinking first the repetitions and then each sample's minimum time. Never below floors that keep
// a result honest: 6 samples (the fewest whose extremes bound the median with 95% confidence) and
// 1 ms samples (thousands of the clock's ticks). A plan that does not fit even at the floors says
// so as soon as its pace shows it (forecast), then either stops once the budget is spent (a run:
// what is left waits for --resume) or runs over (a probe, which takes fewer sweep steps instead).
#include <chrono>
#include <string>
#include <vector>

namespace roofline {

struct MeasureOptions;

class Budget {
 public:
  static constexpr int kFloorRepetitions = 6;
  static constexpr double kFloorSampleSeconds = 0.001;

  enum class WhenSpent { run_over, stop };
  explicit Budget(double seconds, WhenSpent when_spent = WhenSpent::run_over);

  // `wanted` at the floors (or below them where wanted so): the least the budget shrinks it to.
  static MeasureOptions floors(const MeasureOptions& wanted);

  // `cases` more cases are to be measured within the budget; negative: fewer (a sweep that
  // stopped early gives back the steps it did not take).
  void plan(int cases);
  // At least `cases` cases are still to come (measure_all's own, whatever its caller planned).
  void expect_at_least(int cases);
  // The options for the next group: `wanted`, shrunk where the cases still planned would not fit
  // the seconds left at the pace of the groups measured so far (none yet: as wanted).
  MeasureOptions fit(const MeasureOptions& wanted);
  // A group measured with `used` took `seconds` in all; `call_seconds` holds the median call time
  // of each of its cases (0 where a case was not timed).
  void finished(const MeasureOptions& used, double seconds,
                const std::vector<double>& call_seconds);

  double seconds_left() const;
  // Work outside the budget (the probe's energy pass, which the user asked for on top of it) took
  // `seconds`: the deadline moves out by as much, so it is not counted as running over.
  void exempt(double seconds);
  double seconds() const { return seconds_; }
  // Whether measuring stops before its next group: a budget that stops when spent, spent.
  bool stops_now() const;
  // For a budget that stops when spent, the first time the cases still planned would take more
  // than 20% over the seconds left even at the floors, at the pace so far: that, and that it will
  // stop; empty otherwise and after it was said once.
  std::string forecast();
  // What the budget shrank and whether it ran over, for the terminal; empty when nothing.
  std::string summary() const;

 private:
  // Seconds one more case is expected to take when measured with `options`.
  double per_case(const MeasureOptions& options) const;

  std::chrono::steady_clock::time_point deadline_;
  double seconds_;
  WhenSpent when_spent_;
  std::string forecast_;  // set by fit, said once by forecast
  bool forecast_said_ = false;
  int planned_ = 0;  // cases planned and not yet finished
  // The pace so far: finished cases, their seconds outside the samples (prepare, verify, the
  // iteration search), and their calls' median seconds.
  int finished_ = 0;
  double overhead_seconds_ = 0;
  std::vector<double> call_seconds_;
  // The least repetitions and sample time used, for the summary.
  int wanted_repetitions_ = 0, least_repetitions_ = 0;
  double wanted_sample_seconds_ = 0, least_sample_seconds_ = 0;
  bool over_ = false;
};

}  // namespace roofline
