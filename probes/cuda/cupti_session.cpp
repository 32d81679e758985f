#include "probes/cuda/cupti_session.hpp"

#include <string>

namespace probes::cuda {

CuptiSession::CuptiSession(const CuptiLibrary& lib, CUcontext ctx, const CuptiHost& host)
    : lib_(lib) {
  auto enable = cupti_params<CUpti_RangeProfiler_Enable_Params>(
      CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE);
  enable.ctx = ctx;
  ROOFLAB_CUPTI(lib_, cuptiRangeProfilerEnable, enable);
  object_ = enable.pRangeProfilerObject;
  try {
    configure_and_start(host);
  } catch (...) {
    disable();
    throw;
  }
}

CuptiSession::~CuptiSession() { disable(); }

std::vector<double> CuptiSession::stop(const CuptiHost& host) {
  auto stop =
      cupti_params<CUpti_RangeProfiler_Stop_Params>(CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE);
  stop.pRangeProfilerObject = object_;
  ROOFLAB_CUPTI(lib_, cuptiRangeProfilerStop, stop);
  if (!stop.isAllPassSubmitted)
    throw CuptiError("cuptiRangeProfilerStop: not all passes submitted after kernel replay");
  return decode(host);
}

void CuptiSession::configure_and_start(const CuptiHost& host) {
  std::vector<const char*> names;
  for (const auto& m : host.metrics()) names.push_back(m.c_str());
  auto size = cupti_params<CUpti_RangeProfiler_GetCounterDataSize_Params>(
      CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE);
  size.pRangeProfilerObject = object_;
  size.pMetricNames = names.data();
  size.numMetrics = names.size();
  size.maxNumOfRanges = kMaxRanges;
  size.maxNumRangeTreeNodes = kMaxRanges;
  ROOFLAB_CUPTI(lib_, cuptiRangeProfilerGetCounterDataSize, size);
  data_.resize(size.counterDataSize);
  auto init = cupti_params<CUpti_RangeProfiler_CounterDataImage_Initialize_Params>(
      CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE);
  init.pRangeProfilerObject = object_;
  init.counterDataSize = data_.size();
  init.pCounterData = data_.data();
  ROOFLAB_CUPTI(lib_, cuptiRangeProfilerCounterDataImageInitialize, init);

  auto config = cupti_params<CUpti_RangeProfiler_SetConfig_Params>(
      CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE);
  config.pRangeProfilerObject = object_;
  config.configSize = host.config_image().size();
  config.pConfig = host.config_image().data();
  config.counterDataImageSize = data_.size();
  config.pCounterDataImage = data_.data();
  config.range = CUPTI_AutoRange;  // kernel replay works only with auto range
  config.replayMode = CUPTI_KernelReplay;
  config.maxRangesPerPass = kMaxRanges;
  config.numNestingLevels = 1;
  config.minNestingLevel = 1;
  config.passIndex = 0;
  config.targetNestingLevel = 1;
  ROOFLAB_CUPTI(lib_, cuptiRangeProfilerSetConfig, config);
  auto start =
      cupti_params<CUpti_RangeProfiler_Start_Params>(CUpti_RangeProfiler_Start_Params_STRUCT_SIZE);
  start.pRangeProfilerObject = object_;
  ROOFLAB_CUPTI(lib_, cuptiRangeProfilerStart, start);
}

void CuptiSession::disable() {
  auto disable = cupti_params<CUpti_RangeProfiler_Disable_Params>(
      CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE);
  disable.pRangeProfilerObject = object_;
  lib_.cuptiRangeProfilerDisable(&disable);
}

std::vector<double> CuptiSession::decode(const CuptiHost& host) {
  auto decode = cupti_params<CUpti_RangeProfiler_DecodeData_Params>(
      CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE);
  decode.pRangeProfilerObject = object_;
  ROOFLAB_CUPTI(lib_, cuptiRangeProfilerDecodeData, decode);
  if (decode.numOfRangeDropped > 0)
    throw CuptiError("cuptiRangeProfilerDecodeData: " + std::to_string(decode.numOfRangeDropped) +
                     " kernels dropped (more than " + std::to_string(kMaxRanges) +
                     " launches in one counted call)");
  auto info = cupti_params<CUpti_RangeProfiler_GetCounterDataInfo_Params>(
      CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE);
  info.pCounterDataImage = data_.data();
  info.counterDataImageSize = data_.size();
  ROOFLAB_CUPTI(lib_, cuptiRangeProfilerGetCounterDataInfo, info);
  if (info.numTotalRanges == 0)
    throw CuptiError("cuptiRangeProfilerGetCounterDataInfo: no kernel ran in the counted call");
  std::vector<double> sums(host.metrics().size(), 0.0);
  for (std::size_t r = 0; r < info.numTotalRanges; ++r) {
    const std::vector<double> values = host.evaluate(data_, r);
    for (std::size_t i = 0; i < sums.size(); ++i) sums[i] += values[i];
  }
  return sums;
}

}  // namespace probes::cuda
