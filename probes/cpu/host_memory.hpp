#pragma once
// How much memory a run may allocate: what the kernel says is available, capped by the headroom
// under a cgroup memory limit (containers, CI runners).
#include <string_view>

namespace probes::cpu {

struct HostMemory {
  double bytes = 0;
  const char* source = "";  // "MemAvailable" or "cgroup limit"
};

HostMemory allocatable_memory();

// MemAvailable from the text of /proc/meminfo, in bytes; 0 when the line is missing.
double meminfo_available_bytes(std::string_view meminfo);

}  // namespace probes::cpu
