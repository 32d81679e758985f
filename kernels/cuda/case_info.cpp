#include "kernels/cuda/case_info.hpp"

namespace kernels::cuda {

roofline::CaseInfo cuda_case_info(const roofline::Device& device, std::string family,
                                  std::string variant, nlohmann::json params,
                                  const roofline::Work& work) {
  roofline::CaseInfo info;
  info.family = std::move(family);
  info.variant = std::move(variant);
  info.backend = "cuda";
  info.device = device.id;
  info.params = std::move(params);
  info.work = work;
  info.level = device.level_for(work.working_set, device.compute_units);
  return info;
}

}  // namespace kernels::cuda
