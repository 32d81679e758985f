#pragma once
// The research views of the reduce family, per device, operation and element type: median time
// against vector length (log-log, one line per variant), and each variant's time relative to a
// baseline variant (a vendor library) against vector length. Any backend's reduce results fit:
// they need params "n" (elements) and "op"; a library baseline (OpenBLAS, CUB, CLBlast) names its
// "library" in its params, and "threads" (when present) picks among several baselines. Points of
// a parameter sweep (params "sweep") belong to the heat map (reduce_heatmap.hpp), not here.
#include <optional>
#include <string>
#include <vector>

#include "roofline/results.hpp"

namespace reports {

struct LengthSeries {
  std::string variant;
  bool baseline = false;       // a vendor library's variant: its params name the "library"
  int threads = 0;             // params "threads"; 0 when absent
  std::vector<double> length;  // elements, ascending
  std::vector<double> time;    // median seconds per call at each length
};

// One (operation, element type) of the reduce results of a device: its series, in order of
// first appearance.
struct ReducePanel {
  std::string op;  // "sum", "dot"
  roofline::Precision precision = roofline::Precision::fp32;
  std::vector<LengthSeries> series;
};

// The verified reduce results grouped into panels (in order of first appearance), each
// variant's medians sorted by length.
std::vector<ReducePanel> reduce_panels(const std::vector<const roofline::Result*>& records);

// The baseline of a panel: the library variant with the most threads; nullopt when the panel
// has none (int32 on the CPU: OpenBLAS has no integer kernels).
std::optional<std::size_t> baseline_series(const ReducePanel& panel);

// time / baseline time at each length both were measured at (lengths of `s` without a baseline
// point are left out).
LengthSeries relative_to(const LengthSeries& s, const LengthSeries& baseline);

std::string reduce_time_svg(const std::string& title, const ReducePanel& panel);
// Empty when the panel has no baseline.
std::string reduce_relative_svg(const std::string& title, const ReducePanel& panel);

// The HTML section of a device (headings and both charts of every panel, then what the device
// did not offer and why: its facts' reduce_not_offered lines); empty without reduce results.
std::string reduce_section(const std::string& device_title,
                           const std::vector<const roofline::Result*>& records,
                           const std::vector<std::string>& not_offered);

}  // namespace reports
