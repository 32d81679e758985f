#pragma once
// The roofline chart's key: what each marker shape, line, band and mark stands for. The chart
// puts its series (families or runs, and precisions' roofs) before it.
#include <string>
#include <vector>

#include "reports/chart_frame.hpp"
#include "reports/marker_shapes.hpp"

namespace reports {

// The arrows from a result's first run to a later one.
inline constexpr const char* kArrowColour = "#222222";

// A ridge point's diamond centred at (x, y), as an SVG path.
std::string ridge_diamond(double x, double y);

// The shapes drawn, then lines, marks and (where drawn) roof bands and arrows.
std::vector<LegendEntry> roofline_key(const std::vector<Shape>& shapes, bool bands, bool arrows);

}  // namespace reports
