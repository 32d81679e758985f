#pragma once
// The GPU architecture facts a theoretical peak needs and no OpenCL query gives: FMA lanes per
// compute unit per precision, and the L2 size (NVIDIA's OpenCL reports only one cache level).
#include <optional>
#include <string>

namespace probes::opencl {

struct GpuArchitecture {
  std::string name;                    // "Hopper (GH100)"
  int fp32_lanes = 0, fp64_lanes = 0;  // FMA lanes per compute unit (SM)
  double l2_bytes = 0;
  std::string source;
};

// The architecture of a device from CL_DEVICE_VENDOR and CL_DEVICE_NAME; nullopt when unknown.
std::optional<GpuArchitecture> gpu_architecture(const std::string& vendor, const std::string& name);

}  // namespace probes::opencl
