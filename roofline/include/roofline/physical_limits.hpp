#pragma once
// Nothing is recorded as a roof above what the hardware can do: a ceiling above the physical limit
// of its level (a memory's clock x bus width, a link's rate) or of its precision and path (units x
// clock) measured something else, and is moved from the device's ceilings to its refused list.
#include <string>
#include <vector>

#include "roofline/profile.hpp"

namespace roofline {

// How far above a theoretical peak a median may lie before it is refused: the clocks the peaks
// are computed from are rounded to the MHz, and a median of short samples scatters by a percent.
inline constexpr double kPhysicalLimitMargin = 0.03;

// Moves the ceilings of `d` above their physical limit (d.theoretical_memory by level;
// d.theoretical_compute by precision and path, except on the CPU backend, whose peak counts a
// clock measured beside it that a turbo step can pass) into d.refused, each with its value, the
// limit and why. Returns one line per refused ceiling, for the terminal.
std::vector<std::string> refuse_ceilings_above_limits(Device& d);

}  // namespace roofline
