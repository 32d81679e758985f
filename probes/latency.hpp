#pragma once
// What every backend's latency probe shares: a case whose every timed run makes a fixed number of
// calls becomes a latency ceiling of per-call times.
#include <string>

#include "roofline/profile.hpp"
#include "roofline/results.hpp"

namespace probes {

// The ceiling of kind r.variant from a verified case whose runs each made `calls` calls.
roofline::LatencyCeiling latency_ceiling(const roofline::Result& r, int calls, int threads,
                                         const std::string& method);

}  // namespace probes
