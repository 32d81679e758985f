#pragma once
// Nothing is recorded as a roof that its level or path did not serve: a ceiling above the physical
// limit of its level (a memory's clock x bus width, a link's rate) or of its precision and path
// (units x clock) measured something else; and where no limit is known (the host's DRAM, as a
// CPU or an OpenCL CPU device sees it), a DRAM ceiling comes only from working sets at or past
// the measured DRAM onset. Any other is moved from the device's ceilings to its refused list.
#include <string>
#include <vector>

#include "roofline/profile.hpp"

namespace roofline {

// How far above a theoretical peak a median may lie before it is refused: the clocks the peaks
// are computed from are rounded to the MHz, and a median of short samples scatters by a percent.
inline constexpr double kPhysicalLimitMargin = 0.03;

// Moves into d.refused, each with its value, the bound it breaks and why:
// - the ceilings of `d` above their physical limit (d.theoretical_memory by level;
//   d.theoretical_compute by precision and path, except on the CPU backend, whose peak counts a
//   clock measured beside it that a turbo step can pass);
// - on a device sharing the host's memory (Device::shares_host_memory), the DRAM ceilings from
//   working sets under its DRAM onset (Device::dram_onset), or all of them where no sweep showed
//   that onset; `max_working_set` (--max-working-set, bytes; 0: none) names the cap that stopped
//   the sweep short.
// Returns one line per refused ceiling, for the terminal.
std::vector<std::string> refuse_unfounded_ceilings(Device& d, double max_working_set = 0);

}  // namespace roofline
