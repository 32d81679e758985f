#pragma once
// What the calling thread's current CUDA device reports of itself (SMs, L2 bytes), for launch
// plans sized on the device they run on.
#include <cuda_runtime_api.h>

#include "kernels/cuda/cuda_check.hpp"

namespace kernels::cuda {

// cudaDeviceGetAttribute of the current device; throws CudaError where a call fails.
inline int current_device_attribute(cudaDeviceAttr attribute) {
  int device = 0, value = 0;
  ROOFLAB_CUDA(cudaGetDevice(&device));
  ROOFLAB_CUDA(cudaDeviceGetAttribute(&value, attribute, device));
  return value;
}

}  // namespace kernels::cuda
