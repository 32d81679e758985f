#pragma once
// Copies between host and device memory: host to device, device to host and both at once on two
// queues, either copied (clEnqueueWriteBuffer / clEnqueueReadBuffer from host memory) or mapped
// (a CL_MEM_ALLOC_HOST_PTR buffer mapped, the host's copy into or out of the mapping, unmapped).
// Each run is one copy (or pair) finished, timed on the host clock. Every copy is checked word by
// word before it is timed. On a CPU device (PoCL) the "link" is the host's own memory.
#include <memory>
#include <string>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "probes/host_link.hpp"
#include "roofline/backend.hpp"
#include "roofline/case.hpp"

namespace probes::opencl {

enum class HostAccess { copied, mapped };
inline constexpr HostAccess kHostAccesses[] = {HostAccess::copied, HostAccess::mapped};

std::unique_ptr<roofline::Case> make_link_case(const roofline::Device& device,
                                               std::shared_ptr<kernels::opencl::Runtime> runtime,
                                               LinkDirection direction, HostAccess access,
                                               double bytes);

// The link sweep (probes::link_sizes, every direction and access) into device.link, its copied
// ceilings into device.memory (level host_link), and a probe note on the theoretical rate, which
// OpenCL does not report. Failed copies are added to `failures`.
void probe_host_link(roofline::Device& device, std::shared_ptr<kernels::opencl::Runtime> runtime,
                     const roofline::ProbeOptions& options, std::vector<std::string>& failures);

}  // namespace probes::opencl
