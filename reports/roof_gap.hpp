#pragma once
// Whether a point's distance to its roof says more than the uncertainty of the two: the point's
// 95% interval (PlotPoint::low/high) and its roof's (roofline::RoofInterval).
#include <optional>
#include <string>

#include "reports/view.hpp"
#include "roofline/model.hpp"

namespace reports {

struct RoofGap {
  std::string roof;            // "DRAM", "fp64 compute": the roof that bounds the point
  double gap = 0;              // (roof − point) / roof at the point's AI; negative above the roof
  double intervals = 0;        // how far the two intervals reach toward each other, over the roof
  bool roof_interval = false;  // whether the roof has an interval (else the point's alone)
  // The gap is beyond the intervals: the point's interval and the roof's do not meet.
  bool real() const { return (gap < 0 ? -gap : gap) > intervals; }
};

// The gap of a placed point to the roof of its level and precision in `roofs` (the lower of the
// memory and compute roofs at its AI); nullopt where `roofs` lack either.
std::optional<RoofGap> roof_gap(const PlotPoint& p, const roofline::Roofline& roofs);

// "gap to the DRAM roof 23% > intervals 4%: real", "gap to the DRAM roof 1%, within the intervals
// (4%): at the roof", "above the fp64 compute roof by 6% > intervals 2%: real".
std::string gap_text(const RoofGap& g);

}  // namespace reports
