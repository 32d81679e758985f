#pragma once
// The CPU's energy counters through Linux's powercap interface to RAPL: each package's and its
// DRAM's counter (energy_uj), which wraps at max_energy_range_uj. Intel's and, on recent kernels,
// AMD's processors expose it; a virtual machine usually does not, and since Linux 5.10 only root
// may read the counters.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "roofline/sensors.hpp"

namespace probes::cpu {

class Rapl {
 public:
  // The zones under `powercap` (/sys/class/powercap on Linux). Never throws: where there are
  // none, or they cannot be read, unavailable() says why.
  explicit Rapl(const std::filesystem::path& powercap);

  bool available() const { return unavailable_.empty(); }
  const std::string& unavailable() const { return unavailable_; }
  // Every counted zone's counter now (µJ), in the zones' order; nothing where a read fails.
  std::optional<std::vector<double>> read() const;
  // The joules between two reads, summed over the zones, each counter wrapping at its range.
  double joules(const std::vector<double>& from, const std::vector<double>& to) const;
  // The packages' long-term power limits summed (constraint_0_power_limit_uw), or why not read.
  roofline::Sensed power_cap_w() const;

 private:
  struct Zone {
    std::filesystem::path dir;
    double range_uj = 0;
  };
  std::vector<Zone> zones_;
  std::string unavailable_;
};

}  // namespace probes::cpu
