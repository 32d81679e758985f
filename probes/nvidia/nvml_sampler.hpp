#pragma once
// An NVIDIA GPU's sensors through NVML (roofline/sensors.hpp): the board's energy counter, the SM
// and memory clocks, the temperature and the clock-event reasons, read at each sample's start
// and end only.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "probes/nvidia/nvml.hpp"
#include "roofline/sensors.hpp"

namespace probes::nvidia {

class NvmlSampler : public roofline::Sampler {
 public:
  // The GPU with this PCI bus id; where NVML cannot open it, every figure says why.
  explicit NvmlSampler(const std::string& pci_bus_id);
  void start(double seconds) override;
  roofline::Sensors stop() override;
  roofline::Sensed power_cap_w() override;
  std::vector<std::string> disturbances() override;

 private:
  NvmlDevice nvml_;
  std::chrono::steady_clock::time_point started_;
  std::optional<double> energy_at_start_;
  std::string energy_unavailable_;
};

}  // namespace probes::nvidia
