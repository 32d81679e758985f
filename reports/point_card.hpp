#pragma once
// A point's card on the roofline: what it is, where it lies and how sure that is, one fact a line.
// The chart makes it the <title> of the point's marker (a tooltip in a static SVG, the hover card
// in the report).
#include <string>

#include "reports/view.hpp"
#include "roofline/model.hpp"

namespace reports {

// `roofs`: those the point is drawn under (its gap to its roof, roof_gap.hpp); `run`: its run's
// name in an overlay (empty otherwise); `before`: the first run's point of the same result in an
// overlay, named `before_run` ("[1] "), or null.
std::string point_card(const PlotPoint& p, const roofline::Roofline& roofs,
                       const std::string& run = {}, const PlotPoint* before = nullptr,
                       const std::string& before_run = {});

// "+12%", "−30%": the change from `before` to `after`, with its sign.
std::string change_text(double before, double after);

}  // namespace reports
