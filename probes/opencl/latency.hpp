#pragma once
// A device's dispatch latency, from a one-work-item kernel that counts its launches: enqueued and
// finished (launch_round_trip), and enqueued many times back to back and finished once
// (launch_gap, per launch). Each timed run is kLaunchesPerRun launches on the runtime's queue
// (profiling enabled), host clock; each run's count is checked.
#include <memory>
#include <string>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "roofline/backend.hpp"

namespace probes::opencl {

inline constexpr int kLaunchesPerRun = 256;

// Both kinds' ceilings into device.latency; failed ones are added to `failures`.
void probe_dispatch_latency(roofline::Device& device,
                            std::shared_ptr<kernels::opencl::Runtime> runtime,
                            const roofline::ProbeOptions& options,
                            std::vector<std::string>& failures);

}  // namespace probes::opencl
