#pragma once
// The CPU cases of the `tutorial_scale` family (docs/extending.md).
#include <cstddef>
#include <memory>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cpu {

// y = a·x over n elements of precision p (fp32 or fp64) in one OpenMP loop on `threads` threads,
// named by its row.
std::unique_ptr<roofline::Case> make_tutorial_scale_case(const roofline::Device& device,
                                                         int threads, roofline::Precision p,
                                                         std::size_t n);

}  // namespace kernels::cpu
