#include "probes/cuda/cupti_device.hpp"

namespace probes::cuda {
namespace {

std::string support_text(CUpti_Profiler_Support_Level level) {
  switch (level) {
    case CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED:
      return "unsupported";
    case CUPTI_PROFILER_CONFIGURATION_DISABLED:
      return "disabled";
    case CUPTI_PROFILER_CONFIGURATION_SUPPORTED:
      return "supported";
    default:
      return "unknown";
  }
}

}  // namespace

CuptiDevice cupti_device(const CuptiLibrary& lib, CUcontext ctx, CUdevice device, int ordinal) {
  if (!lib.loaded()) throw CuptiError(lib.error());
  auto init =
      cupti_params<CUpti_Profiler_Initialize_Params>(CUpti_Profiler_Initialize_Params_STRUCT_SIZE);
  ROOFLAB_CUPTI(lib, cuptiProfilerInitialize, init);
  auto supported = cupti_params<CUpti_Profiler_DeviceSupported_Params>(
      CUpti_Profiler_DeviceSupported_Params_STRUCT_SIZE);
  supported.cuDevice = device;
  supported.api = CUPTI_PROFILER_RANGE_PROFILING;
  ROOFLAB_CUPTI(lib, cuptiProfilerDeviceSupported, supported);
  if (supported.isSupported != CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
    throw CuptiError(
        "cuptiProfilerDeviceSupported: range profiling " + support_text(supported.isSupported) +
        " (architecture: " + support_text(supported.architecture) +
        ", vGPU: " + support_text(supported.vGpu) + ", confidential compute: " +
        support_text(supported.confidentialCompute) + ", SLI: " + support_text(supported.sli) +
        ", CMP: " + support_text(supported.cmp) + ", WSL: " + support_text(supported.wsl) + ")");
  CuptiDevice d;
  auto chip =
      cupti_params<CUpti_Device_GetChipName_Params>(CUpti_Device_GetChipName_Params_STRUCT_SIZE);
  chip.deviceIndex = static_cast<std::size_t>(ordinal);
  ROOFLAB_CUPTI(lib, cuptiDeviceGetChipName, chip);
  d.chip = chip.pChipName;
  auto avail = cupti_params<CUpti_Profiler_GetCounterAvailability_Params>(
      CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE);
  avail.ctx = ctx;
  ROOFLAB_CUPTI(lib, cuptiProfilerGetCounterAvailability, avail);
  d.availability.resize(avail.counterAvailabilityImageSize);
  avail.pCounterAvailabilityImage = d.availability.data();
  ROOFLAB_CUPTI(lib, cuptiProfilerGetCounterAvailability, avail);
  return d;
}

}  // namespace probes::cuda
