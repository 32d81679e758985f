#pragma once
// Why a GPU's roof drops while its neighbours run: what NVML read while the roof was measured
// alone and at once (probes/nvidia/nvml.hpp). A clock that fell, with the power draw and the
// limiters NVML names, points at the board's power or heat; a clock that held points at the host
// the GPUs share (its CPU threads launching the work, the host link).
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "probes/nvidia/nvml.hpp"

namespace probes::nvidia {

// The readings of a window: median SM clock and power draw (0 where none was read), every
// limiter seen, and how many readings.
struct WindowReading {
  double sm_hz = 0, power_w = 0;
  unsigned long long limiters = 0;
  int samples = 0;
};

WindowReading within(const std::vector<Reading>& readings,
                     std::chrono::steady_clock::time_point from,
                     std::chrono::steady_clock::time_point to);

// The limiters that slow a busy GPU, by name ("software power cap", "hardware thermal slowdown");
// an idle GPU and clocks set by the user are not causes and are left out. Empty when none.
std::vector<std::string> limiter_list(unsigned long long bits);
// The same in one clause: "software power cap, hardware thermal slowdown".
std::string limiter_names(unsigned long long bits);

// An SM clock lower by more than this at once than alone has fallen.
inline constexpr double kClockFall = 0.01;

// The likely cause of a drop, in a clause: the clock that fell (and the power and limiters behind
// it), or the host when the clock held; "unknown" with why when NVML read nothing.
std::string drop_cause(const WindowReading& alone, const WindowReading& together,
                       std::optional<double> power_limit_w);

}  // namespace probes::nvidia
