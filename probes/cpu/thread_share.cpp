#include "probes/cpu/thread_share.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace probes::cpu {

namespace {

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return (v[(n - 1) / 2] + v[n / 2]) / 2;
}

}  // namespace

std::vector<double> concurrent_rates(const std::vector<std::vector<double>>& thread_call_seconds,
                                     double flops_per_thread) {
  std::size_t calls = thread_call_seconds.empty() ? 0 : thread_call_seconds[0].size();
  for (const auto& thread : thread_call_seconds) calls = std::min(calls, thread.size());
  std::vector<double> rates(calls, 0.0);
  for (const auto& thread : thread_call_seconds)
    for (std::size_t c = 0; c < calls; ++c) rates[c] += flops_per_thread / thread[c];
  return rates;
}

std::vector<double> median_seconds(const std::vector<std::vector<double>>& thread_call_seconds) {
  std::vector<double> medians;
  for (const auto& calls : thread_call_seconds)
    if (!calls.empty()) medians.push_back(median_of(calls));
  return medians;
}

ThreadShare thread_share(double single_seconds, double single_clock_hz,
                         std::span<const double> thread_seconds, double clock_hz) {
  const double clock_ratio = single_clock_hz > 0 && clock_hz > 0 ? single_clock_hz / clock_hz : 1;
  std::vector<double> ratios;
  for (double s : thread_seconds)
    if (s > 0) ratios.push_back(single_seconds / s * clock_ratio);
  if (ratios.empty()) return {};
  return {.median = median_of(ratios),
          .slowest = *std::min_element(ratios.begin(), ratios.end()),
          .threads = static_cast<int>(ratios.size())};
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
