#pragma once
// What every CPU case records about itself.
#include <nlohmann/json.hpp>
#include <string>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/work.hpp"

namespace kernels::cpu {

// Backend "cpu", the device's id, and the memory level the work's working set lives in with
// the given number of threads.
roofline::CaseInfo cpu_case_info(const roofline::Device& device, std::string family,
                                 std::string variant, nlohmann::json params,
                                 const roofline::Work& work, int threads);

}  // namespace kernels::cpu
