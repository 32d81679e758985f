#include "reports/axis.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace reports {
namespace {

double radix(LogBase base) { return base == LogBase::decimal ? 10.0 : 2.0; }

// log_radix(value), rounded when within floating-point noise of an integer.
double exponent_of(double value, LogBase base) {
  const double e = std::log(value) / std::log(radix(base));
  return std::fabs(e - std::round(e)) < 1e-9 ? std::round(e) : e;
}

}  // namespace

LogAxis::LogAxis(double lo, double hi, double start, double end, LogBase base)
    : start_(start), end_(end), base_(base) {
  if (!(lo > 0) || !(hi >= lo) || !std::isfinite(hi)) {
    throw std::invalid_argument("log axis needs 0 < lo <= hi, got [" + std::to_string(lo) + ", " +
                                std::to_string(hi) + "]");
  }
  const double r = radix(base);
  const double e_lo = std::floor(exponent_of(lo, base));
  double e_hi = std::ceil(exponent_of(hi, base));
  if (e_hi <= e_lo) e_hi = e_lo + 1;
  lo_ = std::pow(r, e_lo);
  hi_ = std::pow(r, e_hi);
}

double LogAxis::map(double value) const {
  const double t = std::log(value / lo_) / std::log(hi_ / lo_);
  return start_ + t * (end_ - start_);
}

std::vector<Tick> LogAxis::ticks(const std::function<std::string(double)>& label,
                                 int max_labels) const {
  const TickValues tv = log_tick_values(lo_, hi_, base_, max_labels);
  std::vector<Tick> out;
  out.reserve(tv.values.size());
  for (std::size_t i = 0; i < tv.values.size(); ++i) {
    const double v = tv.values[i];
    out.push_back({v, map(v), tv.labelled[i] ? label(v) : std::string()});
  }
  return out;
}

TickValues log_tick_values(double lo, double hi, LogBase base, int max_labels) {
  TickValues tv;
  const double r = radix(base);
  const int e_lo = static_cast<int>(std::ceil(exponent_of(lo, base)));
  const int e_hi = static_cast<int>(std::floor(exponent_of(hi, base)));
  const int span = e_hi - e_lo;
  if (base == LogBase::decimal && span <= 2) {
    // Narrow range: 1-2-5 steps, all labelled.
    for (int e = e_lo - 1; e <= e_hi; ++e) {
      for (const double m : {1.0, 2.0, 5.0}) {
        const double v = m * std::pow(r, e);
        if (v >= lo * (1 - 1e-12) && v <= hi * (1 + 1e-12)) {
          tv.values.push_back(v);
          tv.labelled.push_back(true);
        }
      }
    }
    return tv;
  }
  // Label every `step`-th power so that at most max_labels are labelled; for decimal axes the
  // unlabelled decades stay as minor ticks, for binary axes only labelled powers are kept.
  const int slots = std::max(1, max_labels - 1);
  const int step = std::max(1, (span + slots - 1) / slots);
  for (int e = e_lo; e <= e_hi; ++e) {
    const bool labelled = (e - e_lo) % step == 0;
    if (base == LogBase::binary && !labelled) continue;
    tv.values.push_back(std::pow(r, e));
    tv.labelled.push_back(labelled);
  }
  return tv;
}

}  // namespace reports
