#pragma once
// The OpenCL cases of the `nested_saxpy` family.
#include <cstddef>
#include <memory>

#include "kernels/opencl/runtime.hpp"
#include "roofline/case.hpp"

namespace kernels::opencl {

// One case: depth m over n elements of precision p in work-groups of `group` work-items, built
// from nested_saxpy.cl with m as a compile-time constant (one program per depth and precision).
std::unique_ptr<roofline::Case> make_nested_saxpy_case(roofline::CaseInfo info,
                                                       std::shared_ptr<Runtime> runtime, int m,
                                                       roofline::Precision p, std::size_t n,
                                                       std::size_t group);

}  // namespace kernels::opencl
