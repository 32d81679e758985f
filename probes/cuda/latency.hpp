#pragma once
// A GPU's launch latency, from a one-thread kernel that counts its launches: launched and waited
// for (launch_round_trip), launched many times back to back behind a launch gate and timed by
// the device (launch_gap, per launch: the device's own gap between calls, as the harness times a
// sample's calls), and as a one-kernel CUDA graph launched and waited for (graph_launch). Each
// timed run is kLaunchesPerRun calls (round trips and graphs on a non-blocking stream, host
// clock); each run's count is checked.
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

// Launches the counting kernel (one thread adds 1 to *count) on `stream` (latency.cu).
void launch_count(cudaStream_t stream, unsigned* count);

std::unique_ptr<roofline::Case> make_launch_case(const roofline::Device& device, LaunchKind kind);

// Every launch kind's ceiling into device.latency; failed ones are added to `failures`.
void probe_launch_latency(roofline::Device& device, const roofline::ProbeOptions& options,
                          std::vector<std::string>& failures);

}  // namespace probes::cuda
