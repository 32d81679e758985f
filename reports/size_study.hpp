#pragma once
// The size study of every family that declares one (kernels/family.hpp; each result carries it
// as roofline::SizeStudy), per device, family, panel value and element type: median time against
// the swept size (log-log, one line per variant), and each variant's time relative to the
// baseline variant (a vendor library) against the size. Points of a parameter sweep (params
// "sweep") belong to the heat map (sweep_heatmap.hpp), not here.
#include <optional>
#include <string>
#include <vector>

#include "roofline/results.hpp"

namespace reports {

struct SizeSeries {
  std::string variant;
  bool baseline = false;                         // its study says so: a vendor library's variant
  int threads = 0;                               // params "threads"; 0 when absent
  std::vector<double> size;                      // the study's parameter, ascending
  std::vector<double> time;                      // median seconds per call at each size
  std::vector<const roofline::Result*> results;  // the result at each size
};

// One (family, panel value, element type) of a device's results: its series, in order of first
// appearance.
struct StudyPanel {
  std::string family;
  roofline::SizeStudy study;  // of the family (its baseline flag unused)
  std::string panel;          // the value of params[study.panel] ("sum"); empty without one
  roofline::Precision precision = roofline::Precision::fp32;
  std::vector<SizeSeries> series;
};

// The verified results with a size study grouped into panels (in order of first appearance),
// each variant's medians sorted by size.
std::vector<StudyPanel> study_panels(const std::vector<const roofline::Result*>& records);

// The baseline of a panel: the baseline variant with the most threads; nullopt when the panel
// has none (int32 on the CPU: OpenBLAS has no integer kernels).
std::optional<std::size_t> baseline_series(const StudyPanel& panel);

// time / baseline time at each size both were measured at (sizes of `s` without a baseline
// point are left out).
SizeSeries relative_to(const SizeSeries& s, const SizeSeries& baseline);

// Each point's latency-aware roof (roofline/model.hpp): the least time of a call at the series'
// threads, the device's call latency (Device::call_latency) plus the point's work at its level's
// roofs; empty when the profile lacks the latency or any point's roof.
std::vector<double> latency_roof(const SizeSeries& s, const roofline::Device& device);

// With the device's latency-aware roof (of the series with the most threads) drawn as a dashed
// line where the profile has it.
std::string study_time_svg(const std::string& title, const StudyPanel& panel,
                           const roofline::Device& device);
// Each series' latency-aware roof over its time at each size (1 is the roof, higher is
// impossible); empty when no series has the roof.
std::string study_latency_svg(const std::string& title, const StudyPanel& panel,
                              const roofline::Device& device);
// Empty when the panel has no baseline.
std::string study_relative_svg(const std::string& title, const StudyPanel& panel);

// The HTML section of a device (per family a heading, the charts of every panel that swept
// sizes, one note naming those that did not, then what the device does not offer of it and why:
// Device::not_offered); empty without results that have a size study.
std::string study_section(const std::string& device_title,
                          const std::vector<const roofline::Result*>& records,
                          const roofline::Device& device);

}  // namespace reports
