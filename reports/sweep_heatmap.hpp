#pragma once
// A family's parameter sweep as a heat map: the two parameters its study names (SizeStudy's
// sweep_rows × sweep_columns, the reduce family's threads per block × items per thread) →
// bandwidth (declared bytes / median time, with its 95% interval), one map per device, family,
// panel value and element type, at the largest size swept. Sweep results carry params "sweep", both
// axes and the study's size parameter (and its panel parameter, where it has one).
#include <optional>
#include <string>
#include <vector>

#include "roofline/results.hpp"

namespace reports {

struct HeatmapCell {
  bool measured = false;            // a sweep result exists for this row and column
  std::optional<double> bandwidth;  // bytes/s when verified; empty for a failed result
  // The bandwidth's 95% interval (declared bytes over the median time's interval), low to high.
  std::pair<double, double> interval{};
  std::string variant;
};

struct SweepHeatmap {
  std::string family;
  roofline::SizeStudy study;  // of the family: its size, panel and sweep parameters
  std::string panel;          // the value of params[study.panel]; empty without one
  roofline::Precision precision = roofline::Precision::fp32;
  double size = 0;                 // params[study.param] (the largest, when several were swept)
  std::vector<int> rows;           // params[study.sweep_rows], ascending
  std::vector<int> columns;        // params[study.sweep_columns], ascending
  std::vector<HeatmapCell> cells;  // row-major: rows.size() × columns.size()

  const HeatmapCell& at(std::size_t row, std::size_t column) const {
    return cells[row * columns.size() + column];
  }
  // The verified cell with the highest bandwidth; nullopt when none is.
  std::optional<std::pair<std::size_t, std::size_t>> best() const;
  // Whether a verified cell's interval overlaps the best cell's: not told apart from it.
  bool tied_with_best(std::size_t row, std::size_t column) const;
};

// The sweep results grouped into maps (in order of first appearance), at the largest size each
// (family, panel value, precision) was swept at.
std::vector<SweepHeatmap> sweep_heatmaps(const std::vector<const roofline::Result*>& records);

// A colour for a fraction in [0, 1] of the map's range (viridis, dark to light).
std::string heat_colour(double fraction);

std::string sweep_heatmap_svg(const std::string& title, const SweepHeatmap& map);

// The HTML section of a device (per family a heading and a heat map per sweep); empty without
// sweep results.
std::string sweep_heatmap_section(const std::string& device_title,
                                  const std::vector<const roofline::Result*>& records);

}  // namespace reports
