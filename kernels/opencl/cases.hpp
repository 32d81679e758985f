#pragma once
// The kernel families the OpenCL backend runs (`rooflab run -d opencl:P:D`).
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::opencl {

std::vector<std::string> families();  // "nested_saxpy", "reduce", "stream"

// "variant precision: reason" for each reduce ladder variant and element type the device cannot
// run (the device facts' "reduce_not_offered"). Throws ClError for a failing query.
std::vector<std::string> reduce_not_offered(const cl::Device& device);

// The cases of the requested families (nested_saxpy and stream when options.families is empty) in
// fp32 and, with cl_khr_fp64, fp64. Throws roofline::InputError naming a bad family, variant or
// size (an array beyond the device's largest allocation), before anything is allocated.
std::vector<std::unique_ptr<roofline::Case>> make_cases(const roofline::Device& device,
                                                        std::shared_ptr<Runtime> runtime,
                                                        const roofline::RunOptions& options);

// Whether `device` is of this OpenCL device type ("CPU", "GPU"; the device_type fact).
bool is_device_type(const roofline::Device& device, std::string_view type);

// A case description of this backend on `device`, its level from the working set.
roofline::CaseInfo opencl_case_info(const roofline::Device& device, std::string family,
                                    std::string variant, nlohmann::json params,
                                    const roofline::Work& work);

}  // namespace kernels::opencl
