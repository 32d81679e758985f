#pragma once
// What every CUDA case records about itself.
#include <nlohmann/json.hpp>
#include <string>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/work.hpp"

namespace kernels::cuda {

// Backend "cuda", the device's id, and the memory level the work's working set lives in.
roofline::CaseInfo cuda_case_info(const roofline::Device& device, std::string family,
                                  std::string variant, nlohmann::json params,
                                  const roofline::Work& work);

}  // namespace kernels::cuda
