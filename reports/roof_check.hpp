#pragma once
// What a run's roof checks (roofline::Results::roof_checks) say about the roof its results are
// placed under, in words for the report and the terminal.
#include <string>

#include "roofline/results.hpp"

namespace reports {

// One sentence on the device's roof checks, empty when it has none: the fastest bandwidth before
// and after its cases against the roof, and whether the roof held.
std::string roof_check_note(const roofline::Results& r, const std::string& device_id);

}  // namespace reports
