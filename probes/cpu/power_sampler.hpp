#pragma once
// The CPU's sensors (roofline/sensors.hpp): RAPL's energy counters and the cores' clocks, read
// from sysfs at each sample's start and end.
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "probes/cpu/core_clocks.hpp"
#include "probes/cpu/rapl.hpp"
#include "roofline/sensors.hpp"

namespace probes::cpu {

class PowerSampler : public roofline::Sampler {
 public:
  // The powercap and cpufreq trees (/sys/class/powercap, /sys/devices/system/cpu on Linux).
  PowerSampler(const std::filesystem::path& powercap, const std::filesystem::path& cpus);
  void start(double seconds) override;  // RAPL resolves any window: read always
  roofline::Sensors stop() override;
  roofline::Sensed power_cap_w() override { return rapl_.power_cap_w(); }
  std::vector<std::string> disturbances() override;

 private:
  Rapl rapl_;
  CoreClocks clocks_;
  std::chrono::steady_clock::time_point started_;
  std::optional<std::vector<double>> energy_at_start_;
};

}  // namespace probes::cpu
