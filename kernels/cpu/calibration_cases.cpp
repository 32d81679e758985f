#include "kernels/cpu/calibration_cases.hpp"

#include <algorithm>
#include <string>

#include "kernels/cpu/cases.hpp"
#include "kernels/cpu/isa.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/stream.hpp"

namespace kernels::cpu {
namespace {

constexpr int kCalibrationDepth = 8;

bool is_calibration_kernel(const roofline::CaseInfo& info) {
  const std::string best(to_string(best_isa()));
  if (info.family == kNestedSaxpy.name)
    return info.params.at("m") == kCalibrationDepth && info.params.at("isa") == best &&
           info.work.precision == roofline::Precision::fp32;
  const std::string op = info.params.at("op");
  return info.variant == "simd_" + best && info.params.at("store") == "temporal" &&
         info.work.precision == roofline::Precision::fp64 && (op == "read" || op == "write");
}

}  // namespace

std::vector<std::unique_ptr<roofline::Case>> calibration_cases(const roofline::Device& device) {
  roofline::RunOptions options;
  options.families = {std::string(kNestedSaxpy.name), std::string(kStream.name)};
  auto cases = make_cases(device, options);
  std::erase_if(cases, [](const auto& c) { return !is_calibration_kernel(c->info()); });
  return cases;
}

}  // namespace kernels::cpu
