#include "probes/cpu/thread_share.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace probes::cpu {

ThreadShare thread_share(double single_seconds, double single_clock_hz,
                         std::span<const double> thread_seconds, double clock_hz) {
  const double clock_ratio = single_clock_hz > 0 && clock_hz > 0 ? single_clock_hz / clock_hz : 1;
  std::vector<double> ratios;
  for (double s : thread_seconds)
    if (s > 0) ratios.push_back(single_seconds / s * clock_ratio);
  if (ratios.empty()) return {};
  std::sort(ratios.begin(), ratios.end());
  const std::size_t n = ratios.size();
  return {.median = (ratios[(n - 1) / 2] + ratios[n / 2]) / 2,
          .slowest = ratios.front(),
          .threads = static_cast<int>(n)};
}

std::string describe(const ThreadShare& share) {
  char text[160];
  std::snprintf(text, sizeof text,
                "per-thread FMA throughput vs one thread alone at the same clock: median %.2f, "
                "slowest %.2f",
                share.median, share.slowest);
  return text;
}

}  // namespace probes::cpu
