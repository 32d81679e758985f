#pragma once
// What every backend's latency probe shares: a case whose every timed run makes a fixed number of
// calls becomes a latency ceiling of per-call times.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/results.hpp"

namespace probes {

// The ceiling of kind r.variant from a verified case whose runs each made `calls` calls.
roofline::LatencyCeiling latency_ceiling(const roofline::Result& r, int calls, int threads,
                                         const std::string& method);

// Plans `cases` (one-thread launch cases of `calls` calls per timed run) for the time budget,
// measures them under `title` and replaces the device's latency ceilings with those that verified,
// the method of case i from `method`; the others go to `failures`.
void probe_launch_cases(roofline::Device& device,
                        std::vector<std::unique_ptr<roofline::Case>>& cases, int calls,
                        const roofline::ProbeOptions& options, const std::string& title,
                        const std::function<std::string(std::size_t)>& method,
                        std::vector<std::string>& failures);

}  // namespace probes
