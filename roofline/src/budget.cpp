#include "roofline/budget.hpp"

#include <algorithm>
#include <cstdio>

#include "roofline/clock.hpp"
#include "roofline/harness.hpp"

namespace roofline {
namespace {

// What one case's samples last: the warm-up, then each repetition at least the minimum sample
// time or one call, whichever is longer.
double sampling_seconds(const MeasureOptions& options, double call_seconds) {
  if (call_seconds <= 0) return 0;  // not timed (failed to verify)
  return options.warmup_seconds +
         options.repetitions * std::max(options.min_sample_seconds, call_seconds);
}

}  // namespace

Budget::Budget(double seconds, WhenSpent when_spent)
    : deadline_(Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(seconds))),
      seconds_(seconds),
      when_spent_(when_spent) {}

void Budget::plan(int cases) { planned_ = std::max(0, planned_ + cases); }

void Budget::expect_at_least(int cases) { planned_ = std::max(planned_, cases); }

double Budget::seconds_left() const {
  return std::chrono::duration<double>(deadline_ - Clock::now()).count();
}

void Budget::exempt(double seconds) {
  deadline_ += std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

bool Budget::stops_now() const { return when_spent_ == WhenSpent::stop && seconds_left() <= 0; }

std::string Budget::forecast() {
  if (forecast_said_ || forecast_.empty()) return "";
  forecast_said_ = true;
  return forecast_;
}

double Budget::per_case(const MeasureOptions& options) const {
  double sampling = 0;
  for (double t : call_seconds_) sampling += sampling_seconds(options, t);
  return overhead_seconds_ / finished_ + sampling / finished_;
}

MeasureOptions Budget::floors(const MeasureOptions& wanted) {
  MeasureOptions floor = wanted;
  floor.repetitions = std::min(wanted.repetitions, kFloorRepetitions);
  floor.min_sample_seconds = std::min(wanted.min_sample_seconds, kFloorSampleSeconds);
  return floor;
}

MeasureOptions Budget::fit(const MeasureOptions& wanted) {
  if (wanted_repetitions_ == 0) {
    wanted_repetitions_ = least_repetitions_ = wanted.repetitions;
    wanted_sample_seconds_ = least_sample_seconds_ = wanted.min_sample_seconds;
  }
  MeasureOptions fitted = wanted;
  if (finished_ == 0 || planned_ == 0) return fitted;
  const double left = seconds_left();
  const auto fits = [&] { return planned_ * per_case(fitted) <= left; };
  // Fewer repetitions first: each costs a whole sample; then shorter samples, halving.
  const MeasureOptions floor = floors(wanted);
  // A budget that runs over has a caller that fits its plan itself, and says so (the probe).
  // A tenth of the cases first: a run's first group alone (its costliest, say) misled it.
  const bool paced = finished_ >= 3 && finished_ * 10 >= finished_ + planned_;
  if (const double need = planned_ * per_case(floor);
      when_spent_ == WhenSpent::stop && paced && forecast_.empty() && need > 1.2 * left) {
    char text[320];
    std::snprintf(text, sizeof text,
                  "at this machine's pace the %d case(s) still planned take about %.0f s even at "
                  "the floors, and %.0f s of %.0f are left: %s",
                  planned_, need, std::max(0.0, left), seconds_,
                  "measuring stops when the budget is spent, and --resume measures the rest");
    forecast_ = text;
  }
  while (!fits() && fitted.repetitions > floor.repetitions) --fitted.repetitions;
  while (!fits() && fitted.min_sample_seconds > floor.min_sample_seconds)
    fitted.min_sample_seconds = std::max(floor.min_sample_seconds, fitted.min_sample_seconds / 2);
  // A budget that had to cut leaves no time to lengthen unstable samples.
  if (fitted.repetitions < wanted.repetitions ||
      fitted.min_sample_seconds < wanted.min_sample_seconds)
    fitted.most_sample_seconds = fitted.min_sample_seconds;
  least_repetitions_ = std::min(least_repetitions_, fitted.repetitions);
  least_sample_seconds_ = std::min(least_sample_seconds_, fitted.min_sample_seconds);
  return fitted;
}

void Budget::finished(const MeasureOptions& used, double seconds,
                      const std::vector<double>& call_seconds) {
  double sampling = 0;
  for (double t : call_seconds) sampling += sampling_seconds(used, t);
  overhead_seconds_ += std::max(0.0, seconds - sampling);
  call_seconds_.insert(call_seconds_.end(), call_seconds.begin(), call_seconds.end());
  finished_ += static_cast<int>(call_seconds.size());
  planned_ = std::max(0, planned_ - static_cast<int>(call_seconds.size()));
  over_ = seconds_left() < 0;
}

std::string Budget::summary() const {
  std::string text;
  char part[160];
  if (least_repetitions_ < wanted_repetitions_) {
    std::snprintf(part, sizeof part, "repetitions %d -> %d", wanted_repetitions_,
                  least_repetitions_);
    text += part;
  }
  if (least_sample_seconds_ < wanted_sample_seconds_) {
    std::snprintf(part, sizeof part, "%sminimum sample time %g -> %g ms", text.empty() ? "" : ", ",
                  wanted_sample_seconds_ * 1e3, least_sample_seconds_ * 1e3);
    text += part;
  }
  if (!text.empty()) text = "shrank " + text + " to fit";
  if (over_) {
    std::snprintf(part, sizeof part, "%sran %.0f s over its %.3g s budget",
                  text.empty() ? "" : "; ", -seconds_left(), seconds_);
    text += part;
  }
  return text;
}

}  // namespace roofline
