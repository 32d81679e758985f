#pragma once
// The cores' clocks and governors as Linux's cpufreq reports them: each CPU's scaling_cur_freq
// (kHz) and scaling_governor. A virtual machine often has no cpufreq at all.
#include <filesystem>
#include <string>
#include <vector>

#include "roofline/sensors.hpp"

namespace probes::cpu {

class CoreClocks {
 public:
  // The CPUs under `cpus` (/sys/devices/system/cpu on Linux) that have cpufreq. Never throws.
  explicit CoreClocks(const std::filesystem::path& cpus);
  // The mean of the CPUs' current clocks, or why there is none.
  roofline::Sensed mean_hz() const;
  // "the cpufreq governor is powersave on 16 of 16 CPUs"; empty where no CPU's is powersave.
  std::string powersave() const;

 private:
  std::vector<std::filesystem::path> cpufreq_;  // each CPU's cpufreq folder
  std::string unavailable_;
};

}  // namespace probes::cpu
