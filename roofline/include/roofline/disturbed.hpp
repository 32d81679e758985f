#pragma once
// The policy for disturbed samples: a result whose samples saw the device hold its clocks down
// (power or heat: the clock events its sensors named), or a clock below the one its roof was
// measured at, is flagged with why (Result::disturbed); its figure is not the device's best.
#include <optional>
#include <string>

#include "roofline/profile.hpp"
#include "roofline/results.hpp"

namespace roofline {

// A clock lower than its roof's by more than this is below it: three of NVML's 15 MHz steps at
// an H200's 1.98 GHz are 2.3%.
inline constexpr double kClockBelowRoof = 0.03;

// Why r's samples were disturbed ("the device held its clocks down: software power cap"; "its
// clock (1.605 GHz) was below its roof's (1.980 GHz)"), against the compute ceiling of its
// precision that its roof is (the fastest, at the most threads measured) on `device`, r's; empty
// where they were not, or where its sensors were not read.
std::string disturbance(const Result& r, const Device& device);

// The clock a ceiling was measured at, as the same sensor read it where it has its sensors (a
// CPU's cpufreq and its timed clock differ), else `probe_hz`, the probe's own reading; 0: none.
double ceiling_clock_hz(const std::optional<Sensors>& sensors, double probe_hz = 0);

// Why what `s` saw was disturbed, by the same rule, against a clock of `reference_hz` (0: no
// clock to compare with, clock events alone): an energy window's sensors against the clock its
// ceiling was measured at.
std::string disturbance(const Sensors& s, double reference_hz);

}  // namespace roofline
