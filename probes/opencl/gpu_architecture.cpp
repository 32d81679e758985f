#include "probes/opencl/gpu_architecture.hpp"

#include <array>
#include <string_view>

namespace probes::opencl {
namespace {

struct Entry {
  std::string_view name_contains;
  GpuArchitecture architecture;
};

constexpr double kMiB = 1024.0 * 1024.0;

// The CUDA backend's architecture table (data/) is the place for these facts once it lands;
// until then the few data-centre parts Rooflab is measured on. Lanes: the architecture
// whitepapers; L2: cudaDeviceProp::l2CacheSize as the CUDA runtime reports it.
const std::array<Entry, 3> kNvidia = {{
    {"H200",
     {"Hopper (GH100)", 128, 64, 60 * kMiB,
      "NVIDIA H100 Tensor Core GPU Architecture whitepaper (SM: 128 FP32, 64 FP64 lanes); L2 "
      "60 MiB as the CUDA runtime reports it on an H200"}},
    {"H100",
     {"Hopper (GH100)", 128, 64, 50 * kMiB,
      "NVIDIA H100 Tensor Core GPU Architecture whitepaper (SM: 128 FP32, 64 FP64 lanes; L2 "
      "50 MB)"}},
    {"A100",
     {"Ampere (GA100)", 64, 32, 40 * kMiB,
      "NVIDIA A100 Tensor Core GPU Architecture whitepaper (SM: 64 FP32, 32 FP64 lanes; L2 "
      "40 MB)"}},
}};

}  // namespace

std::optional<GpuArchitecture> gpu_architecture(const std::string& vendor,
                                                const std::string& name) {
  if (vendor.find("NVIDIA") == std::string::npos) return std::nullopt;
  for (const Entry& e : kNvidia)
    if (name.find(e.name_contains) != std::string::npos) return e.architecture;
  return std::nullopt;
}

}  // namespace probes::opencl
