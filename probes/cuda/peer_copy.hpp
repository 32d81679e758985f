#pragma once
// Copies from the probed GPU to another GPU of the host (cudaMemcpyPeerAsync on the default
// stream, timed by CUDA events), the way NVIDIA's p2pBandwidthLatencyTest measures them: with
// peer access enabled both ways (the copy engines write over NVLink or PCIe peer-to-peer), or
// disabled (the driver stages the copy through host memory).
#include <cstddef>
#include <memory>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

struct PeerCopy {
  int source = 0, destination = 1;  // CUDA ordinals
  std::size_t bytes = 0;
  bool peer_access = true;
};

// Whether the two GPUs can enable peer access to each other.
bool can_access_peer(int source, int destination);

// Family "bandwidth", variant "peer_copy" or "peer_copy_staged", level "peer". The copy is
// verified by sampling the destination after one copy into a poisoned buffer. Throws
// roofline::InputError for an empty copy, one device twice, or peer access the GPUs lack.
std::unique_ptr<roofline::Case> make_peer_copy_case(const roofline::Device& device,
                                                    const PeerCopy& copy);

}  // namespace probes::cuda
