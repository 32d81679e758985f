#pragma once
// Copies from the probed GPU to another GPU of the host (cudaMemcpyPeerAsync on the default
// stream, timed by CUDA events), the way NVIDIA's p2pBandwidthLatencyTest measures them: with
// peer access enabled both ways (the copy engines write over NVLink or PCIe peer-to-peer), or
// disabled (the driver stages the copy through host memory). Or, with peer access, by the
// destination's SMs loading the source's memory (a grid-stride kernel of 16-byte vectors).
#include <cstddef>
#include <memory>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

struct PeerCopy {
  int source = 0, destination = 1;  // CUDA ordinals
  std::size_t bytes = 0;
  bool peer_access = true;
  // The destination's SMs copy (they load from the source's memory) instead of the copy engines.
  bool sm_loads = false;
};

// The SM copy: `bytes` (a multiple of 16) from `from` (another GPU's memory, peer access on) to
// `to` on the current GPU, on its default stream (peer_copy.cu).
void launch_peer_pull(const void* from, void* to, std::size_t bytes, int blocks, int threads);

// Whether the two GPUs can enable peer access to each other.
bool can_access_peer(int source, int destination);

// Family "bandwidth", variant "peer_copy", "peer_copy_staged" or "peer_copy_sm_loads", level
// "peer". The copy is verified by sampling the destination after one copy into a poisoned buffer.
// Throws roofline::InputError for an empty copy, one device twice, peer access the GPUs lack, or
// an SM copy without peer access or of bytes not a multiple of 16.
std::unique_ptr<roofline::Case> make_peer_copy_case(const roofline::Device& device,
                                                    const PeerCopy& copy);

}  // namespace probes::cuda
