#pragma once
// The rates a device keeps on random operands (roofline::SustainedCompute) beside the bursts its
// compute roofs are: per precision, the sustained rate, the same call's burst, the roof, and the
// clock, power and limiters read while it ran.
#include <string>

#include "roofline/profile.hpp"

namespace reports {

// A table and a note; empty where the profile has no sustained rates.
std::string sustained_html(const roofline::Device& device);

}  // namespace reports
