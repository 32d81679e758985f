#pragma once
// The L2 size of an NVIDIA GPU seen through OpenCL. NVIDIA's OpenCL reports the SMs' L1 as its only
// global-memory cache and no query gives the L2, so it is known for the data-centre parts Rooflab
// is measured on (the size the CUDA runtime reports, cudaDeviceProp::l2CacheSize) and unknown
// otherwise.
#include <optional>
#include <string>

namespace probes::opencl {

// From CL_DEVICE_NAME ("NVIDIA H100 80GB HBM3"); nullopt for a part not listed.
std::optional<double> nvidia_l2_bytes(const std::string& device_name);

}  // namespace probes::opencl
