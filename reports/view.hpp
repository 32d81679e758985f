#pragma once
// What the report shows, gathered once from the inputs: one view per device of each input, and
// per result the point it puts on the chart (or why it has none).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "roofline/results.hpp"

namespace reports {

struct DeviceView {
  std::size_t input = 0;  // index of the input it comes from
  const roofline::Results* source = nullptr;
  roofline::Device device;  // from the machine profile; id only when the profile lacks it
  std::vector<const roofline::Result*> records;  // the results run on it, in input order
  // Tells apart views whose titles would be the same (one device in two inputs): ", input 2 (run
  // of <time>)"; empty otherwise.
  std::string distinction;
};

// Devices in profile order (those with ceilings or results), then devices that only results name.
std::vector<DeviceView> device_views(const std::vector<roofline::Results>& inputs);
// Whether two views show one device of one probe (its id, the profile's host and time): runs of
// one profile given as several inputs. False where either has no input.
bool same_probe(const DeviceView& a, const DeviceView& b);
// The views point into the inputs, which must outlive them.
std::vector<DeviceView> device_views(std::vector<roofline::Results>&&) = delete;

struct PlotPoint {
  const roofline::Result* result = nullptr;
  roofline::Precision precision = roofline::Precision::fp32;
  double ai = 0;             // FLOP/byte
  double performance = 0;    // FLOP/s at the median time
  double low = 0, high = 0;  // FLOP/s at the time CI bounds of the median
  bool unstable = false;
  std::string label;       // "avx2_8chain m=64", with " (unstable)" when it is
  std::string anchor;      // id of its row in the report's results table; empty when it has none
  std::string above_roof;  // above_roof_note's; empty when it lies under its roof
};

// The chart point of a verified result with FLOPs and bytes; nullopt for a failed result or one
// that has no place on a log-log chart (no FLOPs, e.g. copy).
std::optional<PlotPoint> plot_point(const roofline::Result& r);
std::vector<PlotPoint> plot_points(const DeviceView& view);
// "above its roof, likely a different execution path: …" (roofline::above_roof_cause) for a
// result above its roof on the device; empty otherwise.
std::string above_roof_note(const roofline::Device& device, const roofline::Result& r);
// The id of a result's row in the HTML results table, unique over the report: "result-2-17".
std::string result_anchor(const DeviceView& view, const roofline::Result& r);

// What tells results of one variant apart: the values of its family's declared panel and size
// parameters ("op=triad n=1048576", nested SAXPY's "m=64", GEMM's "shape=square n=1024"); for a
// result without a study, all its parameters (params_text), or nothing for an imported one.
std::string result_key(const roofline::Result& r);
// All parameters as "n=1048576, m=64, isa=avx2".
std::string params_text(const nlohmann::json& params);
using roofline::bandwidth;
// A title for a device of an input: "AMD EPYC 7763 (cpu) on host-a", and its distinction. Its
// name and host cut to kTitleNameCharacters: the title recurs in every chart, table and line, and
// a name from a file may be megabytes long.
inline constexpr std::size_t kTitleNameCharacters = 60;
std::string device_title(const DeviceView& view);
// The title with the name and host whole: where the report shows a device's name once.
std::string full_device_title(const DeviceView& view);
// A file-name-safe form of text: letters, digits, '-' and '_'; others become '_'.
std::string slug(std::string_view text);

}  // namespace reports
