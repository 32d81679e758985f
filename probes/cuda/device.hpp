#pragma once
// NVIDIA GPUs as Rooflab devices: facts from the CUDA runtime (properties and attributes) and
// theoretical peaks from the architecture table and the memory interface.
#include <vector>

#include "roofline/backend.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

// Whether the CUDA runtime sees a device; the reason from cudaGetDeviceCount when it does not.
roofline::Availability cuda_availability();

// One device per CUDA ordinal ("cuda:N"): name, compute capability, SMs, clocks, L2 (the one
// cache level), shared memory per SM, memory bus width and clock in facts, theoretical peaks.
// Throws kernels::cuda::CudaError when a query fails.
std::vector<roofline::Device> describe_cuda_devices();

// Fills the theoretical compute peaks (per precision the architecture has natively) and the DRAM
// and shared-memory bandwidths from the device's facts. Without a table entry for its compute
// capability, facts["architecture"] says so and only the DRAM bandwidth is set.
void set_theoretical_peaks(roofline::Device& device);

}  // namespace probes::cuda
