#pragma once
// Copies between host and device memory over the host link (PCIe, NVLink-C2C): host to device,
// device to host and both at once on two streams, from pinned (cudaMallocHost) or pageable host
// memory. Each run is one copy (or pair) waited for, timed on the host clock: what a caller that
// must have its data across waits. Every copy is checked word by word before it is timed.
#include <memory>
#include <string>
#include <vector>

#include "probes/host_link.hpp"
#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

using probes::LinkDirection;
enum class HostMemory { pinned, pageable };

inline constexpr HostMemory kHostMemories[] = {HostMemory::pinned, HostMemory::pageable};

struct LinkConfig {
  LinkDirection direction = LinkDirection::h2d;
  HostMemory memory = HostMemory::pinned;
  double bytes = 0;  // per copy, each way; a multiple of 4
};

std::unique_ptr<roofline::Case> make_link_case(const roofline::Device& device,
                                               const LinkConfig& config);

// The link sweep (probes::link_sizes, every direction and host memory) into device.link, its
// pinned ceilings into device.memory (level host_link) and the link's theoretical rate from NVML
// into device.theoretical_memory, or a probe note saying why there is none. Failed copies are
// added to `failures`.
void probe_host_link(roofline::Device& device, const roofline::ProbeOptions& options,
                     std::vector<std::string>& failures);

}  // namespace probes::cuda
