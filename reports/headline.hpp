#pragma once
// The few lines a reader wants first about a device: each roof of its chart with the ceiling
// behind it next to the theoretical peak, and the ridge points.
#include <string>

#include "roofline/profile.hpp"

namespace reports {

// An HTML list, one line per memory level (with its ridge points) and per precision's best
// compute roof; empty when the device has no roofs.
std::string headline_html(const roofline::Device& device);

}  // namespace reports
