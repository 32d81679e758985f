#pragma once
// The CPU kernels that calibrate hardware counters: work known exactly, working sets in DRAM.
#include <memory>
#include <vector>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cpu {

// The in-place nested SAXPY (fp32, depth 8: 16 FLOPs and 12 bytes per element), a pure read and a
// pure write (fp64, temporal stores) with the best SIMD ISA and all threads, sized as `rooflab run`
// sizes them for DRAM.
std::vector<std::unique_ptr<roofline::Case>> calibration_cases(const roofline::Device& device);

}  // namespace kernels::cpu
