#include "probes/cuda/inject/launch_call.hpp"

// The driver calls' parameter structs (generated_cuda_meta.h, which has no include guard).
#include <cupti.h>

namespace probes::cuda {
namespace {

// The launch calls' parameter structs (and CUlaunchConfig) name their fields alike.
template <class Params>
LaunchCall from_dims(const Params& p) {
  return {{p.gridDimX, p.gridDimY, p.gridDimZ}, {p.blockDimX, p.blockDimY, p.blockDimZ}, p.hStream};
}

}  // namespace

const std::vector<CUpti_CallbackId>& launch_callback_ids() {
  static const std::vector<CUpti_CallbackId> ids = {
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
      CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz};
  return ids;
}

std::optional<LaunchCall> launch_call(CUpti_CallbackId id, const void* params) {
  switch (id) {
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
      return from_dims(*static_cast<const cuLaunchKernel_params*>(params));
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz:
      return from_dims(*static_cast<const cuLaunchKernel_ptsz_params*>(params));
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
      return from_dims(*static_cast<const cuLaunchCooperativeKernel_params*>(params));
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz:
      return from_dims(*static_cast<const cuLaunchCooperativeKernel_ptsz_params*>(params));
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
      return from_dims(*static_cast<const cuLaunchKernelEx_params*>(params)->config);
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz:
      return from_dims(*static_cast<const cuLaunchKernelEx_ptsz_params*>(params)->config);
    default:
      return std::nullopt;
  }
}

}  // namespace probes::cuda
