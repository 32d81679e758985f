#pragma once
// The CPU cases of the `nested_saxpy` family.
#include <cstddef>
#include <memory>
#include <string>

#include "kernels/cpu/nested_saxpy.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/work.hpp"

namespace kernels::cpu {

// One case: depth call.m over n elements of precision p (fp32 or fp64).
std::unique_ptr<roofline::Case> make_nested_saxpy_case(const roofline::Device& device,
                                                       const std::string& variant,
                                                       const NestedSaxpyCall& call,
                                                       roofline::Precision p, std::size_t n);

}  // namespace kernels::cpu
