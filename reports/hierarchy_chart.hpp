#pragma once
// The hierarchical roofline (Intel Advisor, Nsight Compute): per counted kernel, one dot per
// memory level at the AI its measured bytes at that level give, all at the kernel's measured
// FLOP rate, so the dots of a kernel lie on one horizontal line, joined. The gaps between them
// show where caches filter traffic; a dot right of its declared AI shows the model overcounts.
#include <string>
#include <vector>

#include "reports/view.hpp"
#include "roofline/model.hpp"

namespace reports {

struct LevelDot {
  std::string level;
  double ai = 0;  // measured FLOPs / measured bytes at the level
};

struct HierarchyPoint {
  const roofline::Result* result = nullptr;
  roofline::Precision precision = roofline::Precision::fp32;
  double performance = 0;      // measured FLOPs / median time
  std::vector<LevelDot> dots;  // ascending AI
  std::string label;           // "avx2_8chain m=64"
};

// One point per verified result whose counters measured FLOPs and bytes at one level at least.
std::vector<HierarchyPoint> hierarchy_points(const DeviceView& view);

// The colour of a memory level's dots (the same level has the same colour on every chart).
std::string level_colour(const std::string& level);

// The chart as an SVG element, over the device's roofs.
std::string hierarchy_svg(const std::string& title, const roofline::Roofline& roofs,
                          const std::vector<HierarchyPoint>& points);

}  // namespace reports
