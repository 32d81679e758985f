#include "roofline/case.hpp"

#include <stdexcept>

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

CaseInfo case_info(const Device& device, nlohmann::json params, const Work& work, int threads) {
  return case_info(device, "", "", std::move(params), work, threads);
}

void Case::stamp(std::string family, std::string variant, std::optional<SizeStudy> study) {
  info_.family = std::move(family);
  info_.variant = std::move(variant);
  info_.study = std::move(study);
}

double Case::run_calls(int calls) {
  double seconds = 0;
  for (int k = 0; k < calls; ++k) {
    run();
    const std::optional<double> call = last_device_seconds();
    if (!call) throw std::runtime_error("the case reported no device time");
    seconds += *call;
  }
  return seconds;
}

Result result_of(const CaseInfo& info) {
  Result result;
  result.family = info.family;
  result.variant = info.variant;
  result.backend = info.backend;
  result.device = info.device;
  result.params = info.params;
  result.work = info.work;
  result.level = info.level;
  result.study = info.study;
  return result;
}

}  // namespace roofline
