#include "probes/opencl/bandwidth.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "kernels/opencl/cases.hpp"
#include "kernels/opencl/device_support.hpp"
#include "probes/bandwidth_sweep.hpp"
#include "probes/levels.hpp"
#include "roofline/budget.hpp"
#include "roofline/harness.hpp"
#include "roofline/stats.hpp"

namespace probes::opencl {
namespace {

using kernels::StreamOp;
using kernels::opencl::is_device_type;
using kernels::opencl::StreamLaunch;

constexpr double kMinWorkingSet = 16 * 1024;
constexpr double kBeyondCache = 6;  // the top: 1.5× the 4× of the largest cache STREAM asks for
// A GPU streams a few hundred MiB in about 100 µs, where the launch's ramp-up and tail still cost
// percents: its top is 16× the largest cache (960 MiB on an H200).
constexpr double kBeyondGpuCache = 16;
constexpr double kLeastTop = 64.0 * 1024 * 1024;
// A GPU launch moves at least this much, in passes over a smaller working set, so that it lasts
// far longer than its ramp-up and tail: 2 GiB, about 0.2 ms inside an H100's L2 (the CUDA probe's
// timed runs move 8 GiB; with 256 MiB, 25 µs there, an H200's CUDA L2 read lost a fifth). On a
// CPU device one pass per launch, as the CPU probe times it: the harness repeats launches to fill
// a sample.
constexpr double kGpuBytesPerLaunch = 2.0 * 1024 * 1024 * 1024;
// Quick sweeps a load and a load-store kernel below the top, and on a GPU with a known L2 every
// kernel inside it; the others have their device-memory point from the search.
const std::set<StreamOp> kQuickSweep = {StreamOp::read, StreamOp::triad};
// A GPU's L2 launch is searched at a quarter of the L2, on the plateau where an H100's two L2
// partitions each hold what is read (the CUDA probe's; docs/methodology.md).
constexpr double kL2SearchFraction = 0.25;
// Work-items one compute unit of a GPU holds at once (an NVIDIA SM since Volta: 2048): the grid
// strides of the L2 search are that resident grid.
constexpr std::size_t kResidentItemsPerUnit = 2048;
// Vectors an L2 grid-stride work-item loads before it stores: CUDA's larger Items.
constexpr unsigned kL2Batch = 4;

// The L2 a GPU reports (nullopt elsewhere): the launch search and the sweep treat it apart.
std::optional<double> gpu_l2(const roofline::Device& device) {
  if (!is_device_type(device, "GPU")) return std::nullopt;
  for (const roofline::Cache& c : device.caches)
    if (c.level == "L2") return c.size_bytes;
  return std::nullopt;
}

// Each kernel's best launch among `cases`' verified results (the others go to `failed`).
std::map<std::string, std::pair<StreamLaunch, roofline::Result>> best_launches(
    std::vector<roofline::Result> searched, std::vector<roofline::Result>& failed) {
  std::map<std::string, std::pair<StreamLaunch, roofline::Result>> best;
  for (roofline::Result& r : searched) {
    if (!r.ok()) {
      failed.push_back(std::move(r));
      continue;
    }
    const std::string kernel = r.params.at("kernel");
    auto it = best.find(kernel);
    if (it != best.end() && roofline::bandwidth(r) <= roofline::bandwidth(it->second.second))
      continue;
    const StreamLaunch launch{.width = r.params.at("width"),
                              .group = r.params.at("group"),
                              .blocked = r.params.at("layout") == "blocked",
                              .groups_per_unit = r.params.at("groups_per_unit"),
                              .batch = r.params.at("batch"),
                              .cg_loads = r.params.at("cg_loads")};
    best.insert_or_assign(kernel, std::make_pair(launch, std::move(r)));
  }
  return best;
}

}  // namespace

std::unique_ptr<roofline::Case> make_bandwidth_case(
    StreamOp op, const StreamLaunch& launch, double working_set, const roofline::Device& device,
    std::shared_ptr<kernels::opencl::Runtime> runtime, std::optional<std::string> level) {
  const int arrays = kernels::stream_arrays(op);
  const auto n = static_cast<std::size_t>(
      std::max(1.0, std::round(working_set / arrays / sizeof(float) / 1024)) * 1024);
  roofline::Work work = kernels::stream_work(
      op, roofline::Precision::fp32, static_cast<std::int64_t>(n), kernels::Store::temporal);
  StreamLaunch fitted = launch.blocked ? kernels::opencl::blocked_launch(launch.width, launch.group,
                                                                         n, device.compute_units)
                                       : launch;
  if (is_device_type(device, "GPU"))
    fitted.passes =
        static_cast<unsigned>(std::max(1.0, std::ceil(kGpuBytesPerLaunch / work.bytes)));
  // Inside a GPU's L2 each line is read once a pass by one work-group, not through L1, as CUDA's
  // probe reads it (stream.cl, L2_ONLY): the L2 roof is the rate of distinct lines.
  const std::optional<double> l2 = gpu_l2(device);
  fitted.l2_only = l2 && working_set <= *l2;
  work.flops *= fitted.passes;
  work.bytes *= fitted.passes;
  work.bytes_write_allocate *= fitted.passes;
  const std::string kernel(kernels::to_string(op));
  const nlohmann::json params = {
      {"kernel", kernel},
      {"store", "temporal"},
      {"threads", device.compute_units},
      {"n", n},
      {"width", launch.width},
      {"group", launch.group},
      {"layout", kernels::opencl::layout_name(launch)},
      {"groups_per_unit", launch.groups_per_unit},
      {"items", kernels::opencl::items_per_work_item(op, fitted, n, device.compute_units)},
      {"passes", fitted.passes},
      {"l2_only", fitted.l2_only},
      {"batch", launch.batch},
      {"cg_loads", launch.cg_loads},
      {"working_set", work.working_set}};
  roofline::CaseInfo info = kernels::opencl::opencl_case_info(
      device, "bandwidth", kernel + "_" + kernels::opencl::launch_name(launch), params, work);
  if (level) info.level = *level;
  return kernels::opencl::make_stream_case(std::move(info), std::move(runtime), op,
                                           roofline::Precision::fp32, n, fitted);
}

nlohmann::json launches_to_facts(const std::map<std::string, StreamLaunch>& launches) {
  nlohmann::json facts = nlohmann::json::object();
  for (const auto& [kernel, l] : launches)
    facts[kernel] = {{"width", l.width},     {"group", l.group},
                     {"blocked", l.blocked}, {"groups_per_unit", l.groups_per_unit},
                     {"batch", l.batch},     {"cg_loads", l.cg_loads}};
  return facts;
}

std::optional<StreamLaunch> launch_from_facts(const roofline::Device& device,
                                              const std::string& kernel) {
  const nlohmann::json& all = device.facts.value("bandwidth_launches", nlohmann::json::object());
  if (!all.contains(kernel)) return std::nullopt;
  const nlohmann::json& l = all.at(kernel);
  return StreamLaunch{.width = l.at("width"),
                      .group = l.at("group"),
                      .blocked = l.at("blocked"),
                      .groups_per_unit = l.value("groups_per_unit", 0u),
                      .batch = l.value("batch", 1u),
                      .cg_loads = l.value("cg_loads", false)};
}

double sweep_top(const roofline::Device& device, const kernels::opencl::Runtime& runtime,
                 double max_working_set) {
  double top = max_working_set;
  if (top <= 0) {
    const double beyond = is_device_type(device, "GPU") ? kBeyondGpuCache : kBeyondCache;
    for (const roofline::Cache& c : device.caches) top = std::max(top, beyond * c.size_bytes);
    top = std::max(top, kLeastTop);
  }
  top = std::min(top, static_cast<double>(runtime.max_alloc_bytes()));
  if (device.memory_bytes > 0) top = std::min(top, device.memory_bytes / 4);
  return std::max(top, kMinWorkingSet);
}

std::vector<StreamLaunch> launch_candidates(const roofline::Device& device,
                                            const kernels::opencl::Runtime& runtime, bool quick) {
  const bool gpu = is_device_type(device, "GPU"), cpu = is_device_type(device, "CPU");
  const int preferred = static_cast<int>(std::clamp<cl_uint>(
      kernels::opencl::checked(
          [&] { return runtime.device().getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT>(); }),
      1, 16));
  std::set<int> widths = {1, 2, 4, 8, 16};
  std::set<std::size_t> wanted_groups = {64, 128, 256, 512, 1024};
  if (quick && cpu) {
    // On a 2-vCPU guest widths 4, 8 and 16 read within noise of each other at the DRAM size the
    // search runs (each won some probes), and each of its cases cost 0.8 s, mostly the host's
    // prepare and check of 192 MiB: quick takes the device's preferred width.
    widths = {preferred};
    wanted_groups = {64};
  } else if (quick) {
    widths = {1, 4, preferred};
    wanted_groups = gpu ? std::set<std::size_t>{128, 256} : std::set<std::size_t>{256};
  }
  std::set<std::size_t> groups;
  for (std::size_t g : wanted_groups)
    groups.insert(kernels::opencl::group_size(runtime.device(), g));
  std::vector<StreamLaunch> launches;
  for (int width : widths)
    for (std::size_t group : groups)
      launches.push_back({.width = width, .group = group, .blocked = cpu});
  return launches;
}

BandwidthProbe probe_global_bandwidth(const roofline::Device& device,
                                      std::shared_ptr<kernels::opencl::Runtime> runtime,
                                      const roofline::ProbeOptions& options) {
  BandwidthProbe probe;
  const double top = sweep_top(device, *runtime, options.max_working_set);
  const std::vector<StreamLaunch> candidates = launch_candidates(device, *runtime, options.quick);
  const std::optional<double> l2 = gpu_l2(device);

  // Inside the L2 also grid strides, CUDA's L2 launches (each work-item its own vectors every
  // pass, one full pass apart), beside the strided blocks that a work-group keeps from pass to
  // pass: a resident grid, and a quarter of one whose work-items load kL2Batch vectors before
  // they store (CUDA's Items). On NVIDIA's OpenCL each of these with ld.global.cg loads too.
  const bool cg = l2 && kernels::opencl::query_device_support(runtime->device()).nv_ptx_warps;
  std::vector<StreamLaunch> l2_candidates = candidates;
  for (const StreamLaunch& c : candidates) {
    if (c.width != 4 || c.blocked) continue;
    const auto resident =
        static_cast<unsigned>(std::max<std::size_t>(kResidentItemsPerUnit / c.group, 1));
    std::vector<StreamLaunch> more = {
        {.width = c.width, .group = c.group, .groups_per_unit = resident},
        {.width = c.width,
         .group = c.group,
         .groups_per_unit = std::max(resident / kL2Batch, 1u),
         .batch = kL2Batch}};
    if (cg)
      for (StreamLaunch l : {c, more[0], more[1]}) {
        l.cg_loads = true;
        more.push_back(l);
      }
    l2_candidates.insert(l2_candidates.end(), more.begin(), more.end());
  }

  // The search, in device memory, and on a GPU with a known L2 inside it too.
  const auto search = [&](double working_set, const std::string& where,
                          const std::vector<StreamLaunch>& launches, nlohmann::json* rates) {
    std::vector<std::unique_ptr<roofline::Case>> cases;
    for (StreamOp op : kBandwidthKernels)
      for (const StreamLaunch& launch : launches)
        cases.push_back(make_bandwidth_case(op, launch, working_set, device, runtime));
    std::vector<roofline::Result> results =
        roofline::measure_all(cases, options.measure, "bandwidth launch search " + where);
    if (rates)  // the variant is "<kernel>_<launch>"
      for (const roofline::Result& r : results)
        if (r.ok()) {
          const std::string kernel = r.params.at("kernel");
          (*rates)[kernel][r.variant.substr(kernel.size() + 1)] = roofline::bandwidth(r);
        }
    return best_launches(std::move(results), probe.failed);
  };
  auto in_dram = search(top, device.id, candidates, nullptr);
  const double l2_search = l2 ? std::min(kL2SearchFraction * *l2, top) : 0;
  auto in_l2 = l2 ? search(l2_search, device.id + " L2", l2_candidates, &probe.l2_search)
                  : std::map<std::string, std::pair<StreamLaunch, roofline::Result>>{};

  // The sweep below the top (5% short of it) with each kernel's best launch of its side of the
  // L2; the top point is the search's best, and so is the L2 search's point.
  const probes::WorkingSetGrid grid{.min_working_set = kMinWorkingSet,
                                    .max_working_set = top / 1.05,
                                    .points_per_octave = options.quick ? 1 : 3};
  std::vector<roofline::Result> kept;
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (StreamOp op : kBandwidthKernels) {
    const std::string kernel(kernels::to_string(op));
    const auto dram_it = in_dram.find(kernel);
    if (dram_it == in_dram.end()) continue;
    kept.push_back(dram_it->second.second);
    probe.launches[kernel] = dram_it->second.first;
    const auto l2_it = in_l2.find(kernel);
    if (l2_it != in_l2.end()) {
      kept.push_back(l2_it->second.second);
      probe.launches[kernel + " L2"] = l2_it->second.first;
    }
    const bool whole = !options.quick || kQuickSweep.contains(op);
    if (!whole && !l2) continue;
    for (double ws : probes::sweep_working_sets(grid, device.caches, device.compute_units)) {
      const bool inside_l2 = l2 && ws <= *l2;
      if (!whole && !inside_l2) continue;
      if (inside_l2 && std::abs(ws / l2_search - 1) < probes::kSameWorkingSet - 1) continue;
      const StreamLaunch& launch =
          inside_l2 && l2_it != in_l2.end() ? l2_it->second.first : dram_it->second.first;
      cases.push_back(make_bandwidth_case(op, launch, ws, device, runtime));
    }
  }
  for (roofline::Result& r :
       roofline::measure_all(cases, options.measure, "bandwidth sweep " + device.id)) {
    if (r.ok())
      kept.push_back(std::move(r));
    else
      probe.failed.push_back(std::move(r));
  }
  probe.sweep = probes::sweep_points(kept);
  std::sort(probe.sweep.begin(), probe.sweep.end(), [](const auto& a, const auto& b) {
    return std::tie(a.kernel, a.working_set) < std::tie(b.kernel, b.working_set);
  });
  probe.ceilings = probes::memory_ceilings(
      probe.sweep, device.caches,
      l2 ? probes::CachePlateau::best_point : probes::CachePlateau::pooled, options.host_dram_from);
  for (roofline::MemoryCeiling& c : probe.ceilings) {
    const bool l2_side = l2 && c.level == "L2";
    const auto it = probe.launches.find(l2_side ? c.kernel + " L2" : c.kernel);
    if (it == probe.launches.end()) continue;
    c.method += "; launch " + kernels::opencl::launch_name(it->second) + ", the best of " +
                std::to_string(l2_side ? l2_candidates.size() : candidates.size()) +
                " searched at " + bytes_text(l2_side ? l2_search : top) +
                (l2_side ? " (vector width, work-group size, grid, batch, loads)"
                         : " (vector width, work-group size)") +
                "; profiling-event time";
  }
  return probe;
}

}  // namespace probes::opencl
