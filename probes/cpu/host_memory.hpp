#pragma once
// How much memory a run may allocate: what the kernel says is available, capped by the headroom
// under a cgroup memory limit (containers, CI runners) and by what `ulimit -v` leaves.
#include <filesystem>
#include <string>
#include <string_view>

namespace probes::cpu {

struct HostMemory {
  double bytes = 0;
  const char* source = "";  // "MemAvailable", "cgroup limit" or "ulimit -v"
};

HostMemory allocatable_memory();

// Refuses (InputError) before allocating `bytes` for `what` when they exceed allocatable_memory(),
// naming both sizes and which limit is the lower; the kernel would kill the process instead.
void check_fits(double bytes, const std::string& what);

// Headroom under the memory limits of the cgroups that `proc_self_cgroup` (the text of
// /proc/self/cgroup) names below `root` (/sys/fs/cgroup): every cgroup v2 memory.max from the
// process's cgroup up to the root, and the v1 memory controller's memory.limit_in_bytes likewise
// (a hybrid host has both lines); infinity when there is no limit.
double cgroup_headroom(std::string_view proc_self_cgroup, const std::filesystem::path& root);

// MemAvailable from the text of /proc/meminfo, in bytes; 0 when the line is missing.
double meminfo_available_bytes(std::string_view meminfo);

}  // namespace probes::cpu
