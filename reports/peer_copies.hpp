#pragma once
// A GPU's copies to the other GPUs of its host (the probe's facts.peers) as a table: with peer
// access, its fraction of the link's theoretical rate, staged through the host, and the latency.
// Every GPU's section together gives the host's matrix.
#include <string>

#include "roofline/profile.hpp"

namespace reports {

// Under its own heading; empty when the device copied to no peer.
std::string peer_copies_html(const roofline::Device& device);

}  // namespace reports
