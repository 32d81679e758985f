#include "roofline/stats.hpp"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace roofline {
namespace {

double median_of_sorted(const std::vector<double>& s) {
  const size_t n = s.size();
  return n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

// Distribution-free confidence interval of the median: the order statistics x(j) and x(n+1-j)
// with the largest j whose coverage P(j <= B < n+1-j), B ~ Binomial(n, 1/2), is still ≥ 95%.
// With few samples no j reaches 95%; then the interval is [min, max] and its coverage is stated.
void median_ci(const std::vector<double>& sorted, Summary& s) {
  const int n = static_cast<int>(sorted.size());
  boost::math::binomial_distribution<double> b(n, 0.5);
  int best_j = 1;
  for (int j = 1; 2 * j <= n; ++j) {
    // coverage of [x(j), x(n+1-j)] (1-based) = P(j <= B <= n-j)
    const double coverage = boost::math::cdf(b, n - j) - (j >= 1 ? boost::math::cdf(b, j - 1) : 0);
    if (coverage >= 0.95)
      best_j = j;
    else
      break;
  }
  s.ci_low = sorted[best_j - 1];
  s.ci_high = sorted[n - best_j];
  s.ci_level = n == 1 ? 0 : boost::math::cdf(b, n - best_j) - boost::math::cdf(b, best_j - 1);
}

}  // namespace

Summary summarize(std::vector<double> samples) {
  if (samples.empty()) throw std::invalid_argument("summarize: no samples");
  for (double v : samples)
    if (!std::isfinite(v)) throw std::invalid_argument("summarize: a sample is not finite");
  std::sort(samples.begin(), samples.end());
  Summary s;
  s.n = static_cast<int>(samples.size());
  s.min = samples.front();
  s.max = samples.back();
  s.median = median_of_sorted(samples);
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / s.n;
  double ss = 0;
  for (double v : samples) ss += (v - s.mean) * (v - s.mean);
  const double stddev = s.n > 1 ? std::sqrt(ss / (s.n - 1)) : 0;
  s.cv = s.mean != 0 ? stddev / std::abs(s.mean) : 0;
  s.unstable = s.cv > kUnstableCv;
  median_ci(samples, s);
  return s;
}

}  // namespace roofline
