#include "probes/opencl/nvidia_l2.hpp"

#include <array>
#include <string_view>
#include <utility>

namespace probes::opencl {

std::optional<double> nvidia_l2_bytes(const std::string& device_name) {
  constexpr double kMiB = 1024.0 * 1024.0;
  constexpr std::array<std::pair<std::string_view, double>, 3> kL2 = {{
      {"H200", 60 * kMiB},
      {"H100", 50 * kMiB},
      {"A100", 40 * kMiB},
  }};
  for (const auto& [part, bytes] : kL2)
    if (device_name.find(part) != std::string::npos) return bytes;
  return std::nullopt;
}

}  // namespace probes::opencl
