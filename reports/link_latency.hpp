#pragma once
// The host link sweep and the latency ceilings of a device as tables: HTML for the report, plain
// text for the terminal summary. The link's ceilings themselves are memory ceilings of level
// host_link (reports/ceilings.hpp shows them with their theoretical rate).
#include <string>

#include "roofline/profile.hpp"

namespace reports {

// Per kind and thread count, the median call latency with its 95% CI and method; then per
// direction and host memory the link sweep's median bandwidth at each copy size. Each under its
// own heading; empty when the device has neither.
std::string link_latency_html(const roofline::Device& device);

// The latency ceilings, a row per kind and a column per thread count measured; empty without any.
std::string latency_text(const roofline::Device& device);

}  // namespace reports
