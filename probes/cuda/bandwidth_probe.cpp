#include "probes/cuda/bandwidth_probe.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "kernels/cuda/cases.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/gpu_dram.hpp"
#include "probes/cuda/bandwidth.hpp"
#include "probes/cuda/ceiling_cases.hpp"
#include "probes/cuda/measured.hpp"
#include "roofline/budget.hpp"
#include "roofline/harness.hpp"
#include "roofline/stats.hpp"

namespace probes::cuda {
namespace {

using roofline::Precision;
using roofline::Result;

// The searched launch of `op` at a working set of `bytes`, its median rate, and its summary for
// the ceiling's method.
struct SearchedLaunch {
  kernels::cuda::Geometry geometry;
  double bytes_per_s = 0;
  std::string summary;
};

// A launch as the device facts keep it (facts["bandwidth_launches"]), and back.
nlohmann::json geometry_json(const kernels::cuda::Geometry& g) {
  return {{"sms", g.sms},         {"blocks_per_sm", g.blocks_per_sm},
          {"threads", g.threads}, {"vector_bytes", g.vector_bytes},
          {"items", g.items},     {"slice_rows", g.slice_rows}};
}

kernels::cuda::Geometry geometry_from(const nlohmann::json& j) {
  return {.sms = j.at("sms"),
          .blocks_per_sm = j.at("blocks_per_sm"),
          .threads = j.at("threads"),
          .vector_bytes = j.at("vector_bytes"),
          .items = j.at("items"),
          .slice_rows = j.value("slice_rows", 0)};
}

SweepDevice sweep_device(const roofline::Device& device) {
  return {.l2_bytes = device.caches.front().size_bytes,
          .max_threads_per_sm = device.facts.at("max_threads_per_sm").get<int>()};
}

// The median bytes/s of `op` launched as g at a working set of `bytes` (0 when it failed).
double measure_launch(kernels::StreamOp op, const kernels::cuda::Geometry& g, double bytes,
                      const roofline::Device& device, const roofline::ProbeOptions& options,
                      std::vector<std::string>& failures) {
  std::size_t n = 0;
  const auto config = bandwidth_config(op, g, bytes, sweep_device(device), n);
  auto c =
      kernels::cuda::make_stream_case(device, "bandwidth", "search", config, Precision::fp32, n);
  const Result r = roofline::measure(*c, options.measure);
  if (!r.ok()) {
    failures.push_back(failure_text(r));
    return 0.0;
  }
  return roofline::summarize(rates(r, r.work.bytes)).median;
}

SearchedLaunch search_launch(kernels::StreamOp op, double bytes, const roofline::Device& device,
                             const roofline::ProbeOptions& options,
                             std::vector<std::string>& failures) {
  const GeometrySearch search =
      search_geometry(device.compute_units, sweep_device(device).max_threads_per_sm,
                      [&](const kernels::cuda::Geometry& g) {
                        return measure_launch(op, g, bytes, device, options, failures);
                      });
  if (roofline::Budget* budget = options.measure.budget)
    budget->plan(search.tried - kMostSearchedGeometries);  // the geometries it did not try
  std::size_t n = 0;
  char text[200];
  std::snprintf(text, sizeof text, "; launch %s, the best of %d searched at %.0f MiB",
                kernels::cuda::describe(
                    bandwidth_config(op, search.best, bytes, sweep_device(device), n).geometry)
                    .c_str(),
                search.tried, bytes / (1 << 20));
  return {search.best, search.best_bytes_per_s, text};
}

// The key of the read's slices launch in facts["bandwidth_launches"], kept with the working set
// it runs from ("from_bytes").
constexpr const char* kReadSlices = "read L2 slices";

// The launch kept in facts["bandwidth_launches"] for `kernel` at a working set of ws: its DRAM
// or L2 launch, or the read's slices from where they run; nullopt for none.
std::optional<kernels::cuda::Geometry> kept_launch(const nlohmann::json& launches,
                                                   const std::string& kernel, double ws,
                                                   double l2) {
  if (ws <= l2 && kernel == "read" && launches.contains(kReadSlices) &&
      ws >= launches.at(kReadSlices).at("from_bytes").get<double>())
    return geometry_from(launches.at(kReadSlices));
  const std::string key = kernel + (ws <= l2 ? " L2" : " DRAM");
  if (!launches.contains(key)) return std::nullopt;
  return geometry_from(launches.at(key));
}

}  // namespace

std::vector<double> sweep_sizes(const roofline::Device& device,
                                const roofline::ProbeOptions& options) {
  std::size_t free = 0, total = 0;
  ROOFLAB_CUDA(cudaMemGetInfo(&free, &total));
  return sweep_working_sets(device.caches.front().size_bytes, options.quick,
                            options.max_working_set, static_cast<double>(free));
}

std::map<std::string, std::string> probe_bandwidth(roofline::Device& device,
                                                   const std::vector<double>& sizes,
                                                   const roofline::ProbeOptions& options,
                                                   std::vector<std::string>& failures) {
  const double l2 = device.caches.front().size_bytes;
  // The DRAM search runs at the smallest DRAM working set: the larger ones only make each
  // geometry's verification longer.
  const double dram_bytes = std::min(kernels::gpu_dram_smallest(l2), sizes.back());
  const double l2_bytes = std::min(l2 / 4, dram_bytes);
  std::map<std::string, std::string> searched;
  std::vector<Result> sweep;
  for (kernels::StreamOp op : kBandwidthOps) {
    const std::string name(kernels::to_string(op));
    SearchedLaunch in_l2 = search_launch(op, l2_bytes, device, options, failures);
    const SearchedLaunch in_dram = search_launch(op, dram_bytes, device, options, failures);
    nlohmann::json& launches = device.facts["bandwidth_launches"];
    launches[name + " L2"] = geometry_json(in_l2.geometry);
    launches[name + " DRAM"] = geometry_json(in_dram.geometry);
    if (op == kernels::StreamOp::read) {
      const kernels::cuda::Geometry g = slices_geometry(device.compute_units);
      const double rate = measure_launch(op, g, l2_bytes, device, options, failures);
      char text[200];
      std::snprintf(text, sizeof text,
                    "; from %.0f MiB the slices launch (%s): %.2f TB/s there against %.2f",
                    l2_bytes / (1 << 20), kernels::cuda::describe(g).c_str(), rate * 1e-12,
                    in_l2.bytes_per_s * 1e-12);
      if (rate > in_l2.bytes_per_s) {
        in_l2.summary += text;
        launches[kReadSlices] = geometry_json(g);
        launches[kReadSlices]["from_bytes"] = l2_bytes;
      }
    }
    searched[name + " L2"] = in_l2.summary;
    searched[name + " DRAM"] = in_dram.summary;

    std::vector<std::unique_ptr<roofline::Case>> cases;
    for (double ws : sizes) {
      std::size_t n = 0;
      const auto config =
          bandwidth_config(op, *kept_launch(launches, name, ws, l2), ws, sweep_device(device), n);
      cases.push_back(
          kernels::cuda::make_stream_case(device, "bandwidth", name, config, Precision::fp32, n));
    }
    const auto results = roofline::measure_all(cases, options.measure, "bandwidth sweep " + name);
    for (const Result& r : results)
      if (!r.ok()) failures.push_back(failure_text(r));
    sweep.insert(sweep.end(), results.begin(), results.end());
  }
  device.sweep = sweep_points(sweep, device.compute_units);
  return searched;
}

std::unique_ptr<roofline::Case> sweep_case(const roofline::Device& device,
                                           const std::string& kernel, double ws,
                                           const std::string& level) {
  const nlohmann::json launches =
      device.facts.value("bandwidth_launches", nlohmann::json::object());
  const auto op = kernels::stream_op_named(kernel);
  const auto launch = kept_launch(launches, kernel, ws, device.caches.front().size_bytes);
  if (!op || !launch) return nullptr;
  ROOFLAB_CUDA(cudaSetDevice(device.facts.at("ordinal").get<int>()));
  std::size_t n = 0;
  const auto config = bandwidth_config(*op, *launch, ws, sweep_device(device), n);
  return kernels::cuda::make_stream_case(device, "bandwidth", kernel, config, Precision::fp32, n,
                                         level);
}

}  // namespace probes::cuda
