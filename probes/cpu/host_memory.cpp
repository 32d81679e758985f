#include "probes/cpu/host_memory.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "probes/bandwidth_sweep.hpp"
#include "roofline/input_error.hpp"

namespace probes::cpu {

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The bytes of a "Key:  N kB" line of a /proc file's text; 0 where it has none.
double kib_line_bytes(std::string_view text, std::string_view key) {
  const std::size_t at = text.find(key);
  if (at == std::string_view::npos) return 0;
  std::istringstream value(std::string(text.substr(at + key.size())));
  double kib = 0;
  value >> kib;
  return kib * 1024;
}

// A byte count from a cgroup file; `otherwise` for "max" or a missing file.
double cgroup_value(const std::filesystem::path& path, double otherwise) {
  const std::string text = read_text(path);
  if (text.empty() || text.starts_with("max")) return otherwise;
  return std::stod(text);
}

constexpr double kNoLimit = std::numeric_limits<double>::infinity();

// The least headroom under `limit_file` from `dir` up to `top`, each beside its `usage_file`.
double headroom_up_to(const std::filesystem::path& top, std::filesystem::path dir,
                      const char* limit_file, const char* usage_file) {
  double headroom = kNoLimit;
  for (; dir.string().size() >= top.string().size(); dir = dir.parent_path()) {
    const double limit = cgroup_value(dir / limit_file, kNoLimit);
    if (limit < kNoLimit) headroom = std::min(headroom, limit - cgroup_value(dir / usage_file, 0));
    if (dir == top || dir == dir.parent_path()) break;
  }
  return headroom;
}

}  // namespace

double cgroup_headroom(std::string_view proc_self_cgroup, const std::filesystem::path& root) {
  std::istringstream lines{std::string(proc_self_cgroup)};
  double headroom = kNoLimit;
  for (std::string line; std::getline(lines, line);) {
    // hierarchy-ID:controller-list:cgroup-path
    const std::size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    std::string controllers(1, ',');  // appended: GCC 12 warns falsely about "," + std::string
    controllers.append(line, first + 1, second - first - 1).append(1, ',');
    const std::string path = line.substr(second + 1);
    const std::filesystem::path relative = std::filesystem::path(path).relative_path();
    if (line.starts_with("0::"))  // v2
      headroom =
          std::min(headroom, headroom_up_to(root, root / relative, "memory.max", "memory.current"));
    else if (controllers.find(",memory,") != std::string::npos)  // v1
      headroom =
          std::min(headroom, headroom_up_to(root / "memory", root / "memory" / relative,
                                            "memory.limit_in_bytes", "memory.usage_in_bytes"));
  }
  return headroom;
}

double meminfo_available_bytes(std::string_view meminfo) {
  return kib_line_bytes(meminfo, "MemAvailable:");
}

HostMemory allocatable_memory() {
  HostMemory memory{meminfo_available_bytes(read_text("/proc/meminfo")), "MemAvailable"};
  const double headroom = cgroup_headroom(read_text("/proc/self/cgroup"), "/sys/fs/cgroup");
  if (headroom < memory.bytes) memory = {std::max(headroom, 0.0), "cgroup limit"};
  // `ulimit -v` caps the address space, which the libraries' mappings already take part of.
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    const double left = static_cast<double>(limit.rlim_cur) -
                        kib_line_bytes(read_text("/proc/self/status"), "VmSize:");
    if (left < memory.bytes) memory = {std::max(left, 0.0), "ulimit -v"};
  }
  return memory;
}

void check_fits(double bytes, const std::string& what) {
  const HostMemory memory = allocatable_memory();
  if (memory.bytes > 0 && bytes > memory.bytes)
    throw roofline::InputError(what + " needs " + probes::bytes_text(bytes) + ", more than the " +
                               probes::bytes_text(memory.bytes) + " this process may allocate (" +
                               memory.source + ")");
}

}  // namespace probes::cpu
