#pragma once
// An OpenCL device as a Rooflab device: facts from the device queries, caches for the levels, and
// theoretical peaks for an NVIDIA GPU whose compute capability is in data/cuda_architectures.json;
// unknown otherwise,
// with the reason in facts["theoretical_compute"].
#include "kernels/opencl/runtime.hpp"
#include "roofline/profile.hpp"

namespace probes::opencl {

inline constexpr const char* kGlobalCache = "global cache";  // CL_DEVICE_GLOBAL_MEM_CACHE_SIZE
inline constexpr const char* kLocal = "local";               // CL_DEVICE_LOCAL_MEM_SIZE

roofline::Device describe_device(const kernels::opencl::DeviceHandle& handle);

}  // namespace probes::opencl
