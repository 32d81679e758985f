#pragma once
// The JSON conversions of the records that more than one document holds (the machine profile,
// the results, the cluster profile), shared by their readers and writers.
#include <nlohmann/json.hpp>

#include "roofline/profile.hpp"
#include "roofline/stats.hpp"

namespace roofline {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Summary, n, median, min, max, mean, ci_low, ci_high, ci_level,
                                   cv, unstable)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Provenance, version, git_hash, compiler, flags, build_type, host,
                                   os, cpu_model, threads, thread_binding, affinity, time, command)

}  // namespace roofline
