#pragma once
// The CUDA kernels that calibrate hardware counters, as `rooflab run` sizes them (working sets in
// DRAM): the in-place nested SAXPY (fp32, depth 8: y read and written in place, 16 FLOPs and
// 12 bytes per element), a pure read and a pure write (fp64), all grid_stride_v16.
#include <memory>
#include <vector>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cuda {

// The read kernel's FLOPs are left out of its declared work here: besides one add per element it
// adds the partial sums of its threads and blocks, so it calibrates bytes only.
std::vector<std::unique_ptr<roofline::Case>> calibration_cases(const roofline::Device& device);

}  // namespace kernels::cuda
