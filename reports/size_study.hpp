#pragma once
// The size study of every family that declares one (kernels/family.hpp; each result carries it
// as roofline::SizeStudy), across the report's devices: per family, panel value and element type,
// one line per (device, variant) of median times against the swept size, with what the page's
// views draw from them (throughput, each level's roof over the sizes in it, each variant's
// latency-aware roof). Points of a parameter sweep (params "sweep") belong to the heat map
// (sweep_heatmap.hpp), not here.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "reports/view.hpp"
#include "roofline/results.hpp"

namespace reports {

struct SizeSeries {
  std::string variant;
  const DeviceView* view = nullptr;  // the device it ran on
  bool baseline = false;             // its study says so: a vendor library's variant
  int threads = 0;                   // params "threads"; 0 when absent
  std::string sync;                  // its study's call synchronization (SizeStudy::sync)
  std::vector<double> size;          // the study's parameter, ascending
  std::vector<double> time;          // median seconds per call at each size
  std::vector<const roofline::Result*> results;  // the result at each size
};

// One (family, panel value, element type) of the results: its series, in order of first
// appearance (the devices in report order, each device's ladder in its rows' order).
struct StudyPanel {
  std::string family;
  roofline::SizeStudy study;  // of the family (its baseline flag unused)
  std::string panel;          // the value of params[study.panel] ("sum"); empty without one
  roofline::Precision precision = roofline::Precision::fp32;
  std::vector<SizeSeries> series;
};

// The verified results with a size study of every view grouped into panels (families in order of
// first appearance, a family's panels together), each series' medians sorted by size.
std::vector<StudyPanel> study_panels(const std::vector<DeviceView>& views);

// A result's median time's 95% interval, the median itself for a bound it lacks.
std::pair<double, double> time_interval(const roofline::Result& r);

// "Reduce sum · fp32"
std::string panel_name(const StudyPanel& panel);
// A device in the study's words: its id ("cuda:0"), with its input where the panel holds another
// probe of the same id.
std::string device_label(const DeviceView& view, const StudyPanel& panel);
// "avx2_8acc_2t on cuda:0": a series as words name it; the variant alone where the panel has one
// device.
std::string series_name(const SizeSeries& s, const StudyPanel& panel);
// Whether the panel's series come from more than one device.
bool several_devices(const StudyPanel& panel);

// The relative view's default reference: the baseline variant with the most threads (the first
// device's that has one); nullopt when the panel has none (int32 on the CPU: OpenBLAS has no
// integer kernels).
std::optional<std::size_t> baseline_series(const StudyPanel& panel);

// time / reference time at each size both were measured at (sizes of `s` without a reference
// point are left out).
SizeSeries relative_to(const SizeSeries& s, const SizeSeries& reference);

// The latency a call of the series pays each time by its own synchronization model (its study's
// `sync`): none for "none", and for a call on one CPU thread; the profile's latency of that kind
// at its threads where it names one; otherwise the least per-call latency at its threads
// (Device::call_latency). nullopt where the profile lacks it: no roof is drawn then.
std::optional<double> call_latency(const SizeSeries& s);

// Each point's latency-aware roof (roofline/model.hpp): the least time of a call, its call latency
// plus the point's work at its level's roofs at the series' threads; empty when the profile lacks
// the latency or any point's roof.
std::vector<double> latency_roof(const SizeSeries& s);

// What a panel's throughput view shows: bytes/s where most of its placed points are memory-bound
// (or none is placed), FLOP/s where most are compute-bound.
enum class Throughput { bytes, flops };
Throughput panel_throughput(const StudyPanel& panel);

// A roof of one device as a band over the sizes whose points live in its level (memory roofs) or
// over all of the device's sizes (the compute roof): the throughput view's bound.
struct RoofBand {
  const DeviceView* view = nullptr;
  std::string level;  // "L2", "DRAM"; the compute roof's precision and path
  double size_lo = 0, size_hi = 0;
  double value = 0;          // bytes/s or FLOP/s: the roof's median
  double low = 0, high = 0;  // its 95% interval (the ceiling's); value where it has none
};
std::vector<RoofBand> roof_bands(const StudyPanel& panel, Throughput unit);

}  // namespace reports
