#include "probes/cuda/cupti_host.hpp"

namespace probes::cuda {

CuptiHost::CuptiHost(const CuptiLibrary& lib, const std::string& chip,
                     const std::vector<std::uint8_t>& availability)
    : lib_(lib), chip_(chip) {
  if (!lib_.loaded()) throw CuptiError(lib_.error());
  auto p = cupti_params<CUpti_Profiler_Host_Initialize_Params>(
      CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE);
  p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  p.pChipName = chip_.c_str();
  p.pCounterAvailabilityImage = availability.empty() ? nullptr : availability.data();
  ROOFLAB_CUPTI(lib_, cuptiProfilerHostInitialize, p);
  host_ = p.pHostObject;
}

CuptiHost::~CuptiHost() {
  auto p = cupti_params<CUpti_Profiler_Host_Deinitialize_Params>(
      CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE);
  p.pHostObject = host_;
  lib_.cuptiProfilerHostDeinitialize(&p);
}

std::string CuptiHost::check(const std::string& metric) const {
  auto p = cupti_params<CUpti_Profiler_Host_GetMetricProperties_Params>(
      CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE);
  p.pHostObject = host_;
  p.pMetricName = metric.c_str();
  const CUptiResult r = lib_.cuptiProfilerHostGetMetricProperties(&p);
  return r == CUPTI_SUCCESS ? std::string()
                            : lib_.error_text(r, "cuptiProfilerHostGetMetricProperties");
}

void CuptiHost::configure(const std::vector<std::string>& metrics) {
  if (!metrics_.empty()) throw CuptiError("CuptiHost::configure: already configured");
  for (const auto& m : metrics)
    if (const std::string why = check(m); !why.empty()) throw CuptiError(m + ": " + why);
  metrics_ = metrics;
  for (const auto& m : metrics_) names_.push_back(m.c_str());
  auto add = cupti_params<CUpti_Profiler_Host_ConfigAddMetrics_Params>(
      CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE);
  add.pHostObject = host_;
  add.ppMetricNames = names_.data();
  add.numMetrics = names_.size();
  ROOFLAB_CUPTI(lib_, cuptiProfilerHostConfigAddMetrics, add);
  auto size = cupti_params<CUpti_Profiler_Host_GetConfigImageSize_Params>(
      CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE);
  size.pHostObject = host_;
  ROOFLAB_CUPTI(lib_, cuptiProfilerHostGetConfigImageSize, size);
  config_.resize(size.configImageSize);
  auto image = cupti_params<CUpti_Profiler_Host_GetConfigImage_Params>(
      CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE);
  image.pHostObject = host_;
  image.configImageSize = config_.size();
  image.pConfigImage = config_.data();
  ROOFLAB_CUPTI(lib_, cuptiProfilerHostGetConfigImage, image);
}

std::size_t CuptiHost::passes() const {
  auto p = cupti_params<CUpti_Profiler_Host_GetNumOfPasses_Params>(
      CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE);
  std::vector<std::uint8_t> config = config_;  // CUPTI takes a non-const pointer
  p.configImageSize = config.size();
  p.pConfigImage = config.data();
  ROOFLAB_CUPTI(lib_, cuptiProfilerHostGetNumOfPasses, p);
  return p.numOfPasses;
}

std::vector<double> CuptiHost::evaluate(const std::vector<std::uint8_t>& counter_data,
                                        std::size_t range) const {
  std::vector<double> values(names_.size());
  auto p = cupti_params<CUpti_Profiler_Host_EvaluateToGpuValues_Params>(
      CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE);
  p.pHostObject = host_;
  p.pCounterDataImage = counter_data.data();
  p.counterDataImageSize = counter_data.size();
  p.rangeIndex = range;
  // CUPTI takes the names without const; it does not write them.
  p.ppMetricNames = const_cast<const char**>(names_.data());
  p.numMetrics = names_.size();
  p.pMetricValues = values.data();
  ROOFLAB_CUPTI(lib_, cuptiProfilerHostEvaluateToGpuValues, p);
  return values;
}

}  // namespace probes::cuda
