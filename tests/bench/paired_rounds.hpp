#pragma once
// What the paired benchmarks share: their two options, the timing of one call, the median and
// spread of a variant's samples and a kernel type's precision.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#include "roofline/stats.hpp"
#include "roofline/work.hpp"

namespace bench {

struct PairedOptions {
  double working_set = 512.0 * (1 << 20);  // bytes of one kernel's arrays together
  int rounds = 25;                         // each times every kernel once
};

inline void add_paired_options(CLI::App& app, PairedOptions& options) {
  app.add_option("--working-set", options.working_set, "Bytes of each kernel's arrays together")
      ->check(CLI::PositiveNumber);
  app.add_option("--rounds", options.rounds, "Rounds, each timing every kernel once")
      ->check(CLI::Range(1, 10000));
}

template <class T>
constexpr roofline::Precision kPrecisionOf =
    std::is_same_v<T, float> ? roofline::Precision::fp32 : roofline::Precision::fp64;

template <class F>
double seconds_of(F&& run) {
  const auto start = std::chrono::steady_clock::now();
  run();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

inline double median(const std::vector<double>& v) { return roofline::summarize(v).median; }

// Per-round ratios as a table cell: "median (min–max)".
inline std::string spread(const std::vector<double>& r) {
  char cell[64];
  std::snprintf(cell, sizeof cell, "%.3f (%.3f–%.3f)", median(r),
                *std::min_element(r.begin(), r.end()), *std::max_element(r.begin(), r.end()));
  return cell;
}

}  // namespace bench
