#pragma once
// The CPU as one Rooflab device: cores and caches from hwloc, identity from cpuid, the memory a
// run may allocate, the nominal clock, ISA levels and the core family for theoretical peaks.
#include "probes/cpu/core_table.hpp"
#include "roofline/profile.hpp"

namespace probes::cpu {

// id "cpu", backend "cpu"; facts hold the cpuid identity, ISA levels, the core family (or why
// none matched) and where the clock and memory figures come from. Theoretical peaks are at the
// nominal clock where it is known.
roofline::Device describe_cpu();

// The device's core family in the embedded table; nullptr when the core is unknown.
const CoreFamily* core_family(const roofline::Device& cpu);

// Replaces the theoretical compute peaks: one next to every measured compute ceiling, at the
// clock measured with it; before any measurement, every path on 1 and all cores at the nominal
// clock (none when that is unknown). An unknown core gets none, and facts say why.
void set_theoretical_peaks(roofline::Device& cpu);

}  // namespace probes::cpu
