#pragma once
// The CUDA probe's copies to the host's other GPUs (facts["peers"]).
#include <string>
#include <vector>

#include "roofline/backend.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

// The probe's peer-copy cases per other GPU of the host: with peer access by the copy engines and
// by SM loads, staged, 4 bytes.
inline constexpr int kPeerCasesPerGpu = 4;

// The host's GPUs other than one (0 where CUDA sees one or none).
int other_gpus();

// Copies to every other GPU of the host into facts["peers"], one probe note each: 256 MiB with
// peer access (by the copy engines and by the destination's SM loads; the better is the peer
// bandwidth) and staged through the host, and 4 bytes (latency: the copy's start).
void probe_peers(roofline::Device& device, const roofline::ProbeOptions& options,
                 std::vector<std::string>& failures);

}  // namespace probes::cuda
