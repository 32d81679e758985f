#pragma once
// The theoretical bandwidth each way of the link between two GPUs of a host, the reference a
// peer copy is read against: the NVLinks NVML finds between them times one link's data rate
// (data/cuda_architectures.json), or, with none, the slower of the two GPUs' PCIe links.
#include <optional>
#include <string>

#include "roofline/profile.hpp"

namespace probes::cuda {

struct PeerLink {
  std::string kind;  // "nvlink" or "pcie"
  double bytes_per_s = 0;
  std::string basis;  // how the figure was made, and from what
};

// The link from the probed `device` to the GPU of CUDA ordinal `other`; nothing when NVML or the
// architecture table cannot tell, and `why` says why.
std::optional<PeerLink> peer_link(const roofline::Device& device, int other, std::string& why);

}  // namespace probes::cuda
