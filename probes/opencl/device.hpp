#pragma once
// An OpenCL device as a Rooflab device: facts from the device queries, caches for the levels, and
// theoretical peaks for an NVIDIA GPU whose compute capability is in data/cuda_architectures.json;
// unknown otherwise,
// with the reason in facts["theoretical_compute"].
#include <cstddef>

#include "kernels/opencl/runtime.hpp"
#include "roofline/profile.hpp"

namespace probes::opencl {

inline constexpr const char* kGlobalCache = "global cache";  // CL_DEVICE_GLOBAL_MEM_CACHE_SIZE
inline constexpr const char* kLocal = "local";               // CL_DEVICE_LOCAL_MEM_SIZE

// The launch of the probes' own kernels (FMA chains, local memory, shared L2 lines): groups of
// 256 work-items where the device takes them, 8 per compute unit.
inline constexpr std::size_t kProbeGroup = 256;
inline constexpr std::size_t kProbeGroupsPerUnit = 8;

roofline::Device describe_device(const kernels::opencl::DeviceHandle& handle);

}  // namespace probes::opencl
