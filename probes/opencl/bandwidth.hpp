#pragma once
// The global-memory bandwidth probe: for read, write, copy, triad and daxpy, the launch (vector
// width, work-group size) is searched at the sweep's largest working set, in device memory, and
// on a GPU with a known L2 at a quarter of it too; the best launch of each kernel (of its side of
// the L2) then sweeps working sets from 16 KiB up (quick: read and triad only, one point per
// octave, and on such a GPU every kernel inside its L2), and the sweep's plateaus become the
// ceilings of the cache levels and device memory (probes/levels.hpp; a GPU's L2 ceiling is its
// best point). Inside a GPU's L2 each line is read once a pass by one work-group, not through
// L1 (kernels/opencl/stream.cl, L2_ONLY), as CUDA's probe reads it, and the L2 search adds grid
// strides of a resident grid, CUDA's L2 launch.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "kernels/opencl/stream_cases.hpp"
#include "roofline/backend.hpp"
#include "roofline/profile.hpp"

namespace probes::opencl {

// In-place daxpy as on the CPU probe: on a CPU device it streams faster than the others (PoCL on
// a 2-core EPYC: 33 GB/s against triad's 27), and the nested SAXPY streams the same way.
inline constexpr std::array kBandwidthKernels = {kernels::StreamOp::read, kernels::StreamOp::write,
                                                 kernels::StreamOp::copy, kernels::StreamOp::triad,
                                                 kernels::StreamOp::daxpy};

// Family "bandwidth", variant "<kernel>_<launch>": fp32 arrays of a `working_set` in all, in the
// memory level `level` (default: the level the working set lives in).
std::unique_ptr<roofline::Case> make_bandwidth_case(
    kernels::StreamOp op, const kernels::opencl::StreamLaunch& launch, double working_set,
    const roofline::Device& device, std::shared_ptr<kernels::opencl::Runtime> runtime,
    std::optional<std::string> level = std::nullopt);

// The largest working set: max_working_set when given, else 6× the largest cache (and at least
// 64 MiB), never more than one allocation or a quarter of the device's memory.
double sweep_top(const roofline::Device& device, const kernels::opencl::Runtime& runtime,
                 double max_working_set);

// The launches searched, within the device's limits: widths 1 to 16 in work-groups of 64 to 1024,
// blocked on a CPU device and strided on any other (kernels/opencl/stream_cases.hpp). Quick
// searches widths 1, 4 and the preferred float width in work-groups of 256, and of 128 too on a
// GPU (an H200's best launches in the full search: 4-wide in 128 or 256; each candidate costs
// seconds of host work there); on a CPU device widths 4, the preferred one and 16 in work-groups of
// 64 (PoCL on a 2-core EPYC: 8 and 16 wide best, the group size within noise).
std::vector<kernels::opencl::StreamLaunch> launch_candidates(
    const roofline::Device& device, const kernels::opencl::Runtime& runtime, bool quick);

struct BandwidthProbe {
  // Each kernel's best, by its name; on a GPU with a known L2 its best there as "<kernel> L2".
  std::map<std::string, kernels::opencl::StreamLaunch> launches;
  std::vector<roofline::SweepPoint> sweep;
  std::vector<roofline::MemoryCeiling> ceilings;
  std::vector<roofline::Result> failed;
  // Each L2 search candidate's verified rate (bytes/s), by kernel, then launch name: what the
  // L2 launch won by.
  nlohmann::json l2_search = nlohmann::json::object();
};

// A probe's best launches (BandwidthProbe::launches) as the device facts keep them, and back.
nlohmann::json launches_to_facts(const std::map<std::string, kernels::opencl::StreamLaunch>& l);
std::optional<kernels::opencl::StreamLaunch> launch_from_facts(const roofline::Device& device,
                                                               const std::string& kernel);

// The ceilings place DRAM from options.host_dram_from (set for a device sharing the host's
// memory) where the device's own sweep shows it sooner (probes::shared_dram_onset).
BandwidthProbe probe_global_bandwidth(const roofline::Device& device,
                                      std::shared_ptr<kernels::opencl::Runtime> runtime,
                                      const roofline::ProbeOptions& options);

}  // namespace probes::opencl
