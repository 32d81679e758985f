#pragma once
// A profiled program (rooflab profile): what ran and what the profile cost, then its kernels (or
// marked regions) by total time, each with its share, its rate, its intensity per memory level,
// the roof that limits it and the speedup that roof still allows.
#include <string>

#include "reports/view.hpp"
#include "roofline/results.hpp"

namespace reports {

// The program's line: "python3 train.py: exit 0; profiled 12.1 s against 9.8 s plain (1.23×)…".
std::string program_summary(const roofline::ProgramRun& program);

// The HTML section of a device view whose input is a profile; empty otherwise.
std::string program_html(const DeviceView& view);

// The terminal table of a profile's results, slowest first (at most 30 rows), with the summary.
std::string profile_table(const roofline::Results& profile);

}  // namespace reports
