#pragma once
// The roofline chart's colours. The rule that keeps roofs and points apart: roofs are dark
// (CIELAB lightness L* below kRoofLightnessBelow), points light (L* above kPointLightnessAbove),
// so that a point is told from a roof by its lightness whatever the two hues, colour-blind
// readers included; within each set the hues tell precisions (roofs) and families (points) apart.
#include <array>
#include <string>

#include "roofline/work.hpp"

namespace reports {

inline constexpr double kRoofLightnessBelow = 45;
inline constexpr double kPointLightnessAbove = 55;

// The colour of a precision's compute roofs and ridges (dark).
std::string precision_colour(roofline::Precision p);
// Memory roofs, which no precision owns (dark grey).
inline constexpr const char* kMemoryRoofColour = "#555555";

// The colours of families' points, in order of first appearance (light).
inline constexpr std::array<const char*, 10> kPointColours = {
    "#f28e2b", "#5fa8e8", "#6cc05c", "#ef6f6c", "#c38fd6",
    "#e8c547", "#7fcfc8", "#ff9da7", "#c9a27e", "#b8b8b8"};

// CIELAB L* (0 black – 100 white) of a "#rrggbb" colour, sRGB with the D65 white.
double lightness(const std::string& colour);

}  // namespace reports
