#pragma once
// The HTML report: the embedded templates filled with charts and tables.
#include <string>
#include <vector>

#include "reports/view.hpp"
#include "roofline/results.hpp"

namespace reports {

struct DeviceCharts {
  std::string roofline, sweep;  // SVG text; empty when the device has nothing to draw
  std::string heatmaps;  // the parameter sweeps' heat maps (HTML); empty without their results
  std::string counters;  // the hardware-counter section (HTML); empty when none counted
};

// Several inputs' roofs and points of one device id on one chart.
struct Overlay {
  std::string device_id;
  std::string svg;
};

// `charts[i]` belongs to `views[i]`.
std::string html_report(const std::vector<roofline::Results>& inputs,
                        const std::vector<DeviceView>& views,
                        const std::vector<DeviceCharts>& charts,
                        const std::vector<Overlay>& overlays);

}  // namespace reports
