#pragma once
// Statistics of repeated measurements. Every sample is kept; these summarize them.
#include <vector>

namespace roofline {

struct Summary {
  int n = 0;
  double median = 0, min = 0, max = 0, mean = 0;
  double ci_low = 0, ci_high = 0;  // distribution-free CI of the median (binomial order statistics)
  double ci_level = 0;             // its actual coverage (≥ 0.95 when n allows, else the widest)
  double cv = 0;                   // coefficient of variation: stddev / mean
  bool unstable = false;           // cv above kUnstableCv
};

inline constexpr double kUnstableCv = 0.05;

// Throws std::invalid_argument on an empty sample or a non-finite value.
Summary summarize(std::vector<double> samples);

}  // namespace roofline
