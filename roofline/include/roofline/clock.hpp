#pragma once
// The clock of Rooflab's own bookkeeping (budgets, progress, warm-ups): monotonic, so a changed
// wall clock never bends a duration.
#include <chrono>

namespace roofline {

using Clock = std::chrono::steady_clock;

// Seconds from `start` to now.
inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace roofline
