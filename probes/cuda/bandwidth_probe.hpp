#pragma once
// The CUDA probe's bandwidth sweep: per stream kernel a launch searched in the L2 and in DRAM
// (probes/cuda/bandwidth.hpp), then every working set with its side's launch, which the device's
// facts keep (facts["bandwidth_launches"]) so that a ceiling's case can be run again.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

// The sweep's working sets on the current device (up to half of its free memory).
std::vector<double> sweep_sizes(const roofline::Device& device,
                                const roofline::ProbeOptions& options);

// Per stream kernel, a launch searched inside the L2 (at a quarter of its size, on the plateau
// where an H100's two L2 partitions each hold what is read) and one in DRAM, then the
// sweep over `sizes`, each working set with the launch of its side of the L2 (device.sweep).
// Returns the search summaries keyed by "<op> L2" and "<op> DRAM".
std::map<std::string, std::string> probe_bandwidth(roofline::Device& device,
                                                   const std::vector<double>& sizes,
                                                   const roofline::ProbeOptions& options,
                                                   std::vector<std::string>& failures);

// The bandwidth sweep's case of `kernel` at working set `ws`, with the launch that measured it,
// placed in `level`; nullptr where the probe kept none (a kernel of no stream operation, a
// host-link copy).
std::unique_ptr<roofline::Case> sweep_case(const roofline::Device& device,
                                           const std::string& kernel, double ws,
                                           const std::string& level);

}  // namespace probes::cuda
