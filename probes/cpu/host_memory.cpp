#include "probes/cpu/host_memory.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

namespace probes::cpu {

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A byte count from a cgroup file; `otherwise` for "max" or a missing file.
double cgroup_value(const std::filesystem::path& path, double otherwise) {
  const std::string text = read_text(path);
  if (text.empty() || text.starts_with("max")) return otherwise;
  return std::stod(text);
}

constexpr double kNoLimit = std::numeric_limits<double>::infinity();

// Headroom under every memory limit from this process's cgroup up to the root (cgroup v2), or
// under the v1 memory controller's limit.
double cgroup_headroom() {
  const std::filesystem::path root = "/sys/fs/cgroup";
  std::istringstream lines(read_text("/proc/self/cgroup"));
  double headroom = kNoLimit;
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with("0::")) continue;
    for (std::filesystem::path dir = root / line.substr(4);
         dir.string().size() >= root.string().size(); dir = dir.parent_path()) {
      const double limit = cgroup_value(dir / "memory.max", kNoLimit);
      if (limit < kNoLimit)
        headroom = std::min(headroom, limit - cgroup_value(dir / "memory.current", 0));
      if (dir == root) break;
    }
    return headroom;
  }
  const std::filesystem::path v1 = root / "memory";
  const double limit = cgroup_value(v1 / "memory.limit_in_bytes", kNoLimit);
  if (limit < kNoLimit) headroom = limit - cgroup_value(v1 / "memory.usage_in_bytes", 0);
  return headroom;
}

}  // namespace

double meminfo_available_bytes(std::string_view meminfo) {
  constexpr std::string_view kKey = "MemAvailable:";
  const std::size_t at = meminfo.find(kKey);
  if (at == std::string_view::npos) return 0;
  std::istringstream value(std::string(meminfo.substr(at + kKey.size())));
  double kib = 0;
  value >> kib;
  return kib * 1024;
}

HostMemory allocatable_memory() {
  const double available = meminfo_available_bytes(read_text("/proc/meminfo"));
  const double headroom = cgroup_headroom();
  if (headroom < available) return {std::max(headroom, 0.0), "cgroup limit"};
  return {available, "MemAvailable"};
}

}  // namespace probes::cpu
