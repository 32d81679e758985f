#pragma once
// The OpenCL cases of the `nested_saxpy` family.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "roofline/case.hpp"

namespace kernels::opencl {

// How nested_saxpy.cl is launched: `chains` independent chains of `width`-wide vectors per
// work-item, in work-groups of `group` work-items; a grid that covers the arrays, or with
// groups_per_unit > 0 that many work-groups per compute unit (at most those that cover them), each
// striding over the arrays; the depth loop unrolled `unroll` times (1: as the compiler likes).
struct NestedSaxpyLaunch {
  int width = 1, chains = 1;
  std::size_t group = 256;
  unsigned groups_per_unit = 0;
  int unroll = 1;
};

// "w4_c4_wg256", "w4_c4_wg256_grid4", "w4_c1_wg256_u32": the launch as a variant name.
std::string nested_saxpy_launch_name(const NestedSaxpyLaunch& launch);

// One case: depth m over n elements of precision p, built from nested_saxpy.cl with m, the width
// and the chains as compile-time constants (one program per depth, precision and launch).
std::unique_ptr<roofline::Case> make_nested_saxpy_case(roofline::CaseInfo info,
                                                       std::shared_ptr<Runtime> runtime, int m,
                                                       roofline::Precision p, std::size_t n,
                                                       const NestedSaxpyLaunch& launch);

// Why the OpenCL backend runs no fp16 or bf16 nested SAXPY (the device fact
// nested_saxpy_not_offered), for a device with or without cl_khr_fp16.
std::vector<std::string> nested_saxpy_not_offered(bool has_fp16);

}  // namespace kernels::opencl
