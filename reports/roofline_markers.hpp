#pragma once
// The roofline chart's markers: one per point, or past kMostMarkers one per spot of the points
// that would cover each other; and across an overlay's runs, the markers of one result.
#include <cstddef>
#include <string>
#include <vector>

#include "reports/axis.hpp"
#include "reports/view.hpp"

namespace reports {

// What one point marker stands for: a point, or (past kMostMarkers) every point of its spot.
struct Marker {
  const PlotPoint* first = nullptr;  // where it is drawn, and how
  std::size_t count = 1;
  double performance_low = 0, performance_high = 0;  // over its points' medians
  std::size_t layer = 0;

  std::string label() const {
    return count == 1 ? first->label : first->label + " and " + std::to_string(count - 1) + " more";
  }
};

// The markers of one layer's points on the axes (x: AI, y: FLOP/s): one per point; past
// kMostMarkers one per spot of kPointRadius * 2 pixels square, precision and stability.
std::vector<Marker> place_markers(const std::vector<PlotPoint>& points, std::size_t layer,
                                  const LogAxis& x, const LogAxis& y);

// What makes results of two runs the same measurement: family, variant, precision, parameters.
std::string match_key(const roofline::Result& r);

// A pair of markers of one result in two runs: the first run's and a later one's.
struct Pair {
  const Marker* from = nullptr;
  const Marker* to = nullptr;
};

// Each later run's marker of a result (match_key), with the first run's marker of it; markers
// of several points pair with none.
std::vector<Pair> pairs_of(const std::vector<std::vector<Marker>>& markers);

}  // namespace reports
