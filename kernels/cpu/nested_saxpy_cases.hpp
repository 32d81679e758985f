#pragma once
// The CPU cases of the `nested_saxpy` family.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "kernels/cpu/nested_saxpy.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/work.hpp"

namespace kernels::cpu {

// One case: depth call.m over n elements of precision p (fp32 or fp64).
std::unique_ptr<roofline::Case> make_nested_saxpy_case(const roofline::Device& device,
                                                       const NestedSaxpyCall& call,
                                                       roofline::Precision p, std::size_t n);

// Why the CPU backend runs no fp16 or bf16 nested SAXPY (the device fact nested_saxpy_not_offered).
std::vector<std::string> nested_saxpy_not_offered();

}  // namespace kernels::cpu
