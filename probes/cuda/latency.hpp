#pragma once
// A GPU's launch latency, from a one-thread kernel: launched and waited for (launch_round_trip),
// launched many times back to back behind a launch gate and timed by the device (launch_gap, per
// launch: the device's own gap between calls, as the harness times a sample's calls), and as a
// one-kernel CUDA graph launched and waited for (graph_launch). Each timed run is
// kLaunchesPerRun calls (round trips and graphs on a non-blocking stream, host clock). The kernel
// counts its launches when given a counter: the verification's run does, and its count is
// checked; timed runs give none, so the timed kernel touches no memory, like an empty kernel (a
// counted launch waits for its write: about 1 µs more a graph launch on an H200).
#include <cuda_runtime_api.h>

#include <memory>
#include <string>
#include <vector>

#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

inline constexpr int kLaunchesPerRun = 256;

enum class LaunchKind { round_trip, gap, graph };
inline constexpr LaunchKind kLaunchKinds[] = {LaunchKind::round_trip, LaunchKind::gap,
                                              LaunchKind::graph};

// Launches the one-thread kernel on `stream` (latency.cu): it adds 1 to *count unless count is
// null.
void launch_count(cudaStream_t stream, unsigned* count);

std::unique_ptr<roofline::Case> make_launch_case(const roofline::Device& device, LaunchKind kind);

// Every launch kind's ceiling into device.latency; failed ones are added to `failures`.
void probe_launch_latency(roofline::Device& device, const roofline::ProbeOptions& options,
                          std::vector<std::string>& failures);

}  // namespace probes::cuda
