#include "roofline/case.hpp"

namespace roofline {

CaseInfo case_info(const Device& device, std::string family, std::string variant,
                   nlohmann::json params, const Work& work, int threads) {
  return {.family = std::move(family),
          .variant = std::move(variant),
          .backend = device.backend,
          .device = device.id,
          .params = std::move(params),
          .work = work,
          .level = device.level_for(work.working_set, threads)};
}

}  // namespace roofline
