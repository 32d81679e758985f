#pragma once
// The reduce family's parameter sweep as a heat map: threads per block (rows) × items per thread
// (columns) → bandwidth (declared bytes / median time), one map per device, operation and element
// type. Sweep results carry params "sweep", "threads_per_block", "items_per_thread" and "n" (the
// CUDA backend's reduce sweep; any backend's fit).
#include <optional>
#include <string>
#include <vector>

#include "roofline/results.hpp"

namespace reports {

struct HeatmapCell {
  bool measured = false;            // a sweep result exists for this row and column
  std::optional<double> bandwidth;  // bytes/s when verified; empty for a failed result
  std::string variant;
};

struct ReduceHeatmap {
  std::string op;
  roofline::Precision precision = roofline::Precision::fp32;
  double length = 0;               // elements (the largest, when the sweep has several)
  std::vector<int> threads;        // rows, ascending
  std::vector<int> items;          // columns, ascending
  std::vector<HeatmapCell> cells;  // row-major: threads.size() × items.size()

  const HeatmapCell& at(std::size_t row, std::size_t column) const {
    return cells[row * items.size() + column];
  }
  // The verified cell with the highest bandwidth; nullopt when none is.
  std::optional<std::pair<std::size_t, std::size_t>> best() const;
};

// The sweep results grouped into maps (in order of first appearance), at the largest length each
// (op, precision) was swept at.
std::vector<ReduceHeatmap> reduce_heatmaps(const std::vector<const roofline::Result*>& records);

// A colour for a fraction in [0, 1] of the map's range (viridis, dark to light).
std::string heat_colour(double fraction);

std::string reduce_heatmap_svg(const std::string& title, const ReduceHeatmap& map);

// The HTML section of a device (a heading and a heat map per sweep); empty without sweep results.
std::string reduce_heatmap_section(const std::string& device_title,
                                   const std::vector<const roofline::Result*>& records);

}  // namespace reports
