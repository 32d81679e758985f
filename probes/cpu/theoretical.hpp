#pragma once
// Theoretical peak FLOP/s from hardware facts: cores used × clock × FLOP/cycle of the core family.
#include <string>

#include "probes/cpu/core_table.hpp"
#include "probes/cpu/fma_paths.hpp"
#include "roofline/profile.hpp"

namespace probes::cpu {

// The peak of `threads` cores at `clock_hz` on one path; `clock_kind` says which clock it is
// ("measured", "nominal") in the basis text.
roofline::TheoreticalCompute theoretical_peak(const CoreFamily& core, roofline::Precision precision,
                                              const FmaPath& path, int threads, double clock_hz,
                                              const std::string& clock_kind);

}  // namespace probes::cpu
