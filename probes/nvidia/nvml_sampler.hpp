#pragma once
// An NVIDIA GPU's sensors through NVML (roofline/sensors.hpp): the board's energy counter, watched
// through a window long enough for it (EnergyWatch), and the SM and memory clocks, the
// temperature and the clock-event reasons, read at each window's end.
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "probes/nvidia/energy_watch.hpp"
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
  double expected_seconds_ = 0;
  std::unique_ptr<EnergyWatch> energy_;  // none for a window too short for the counter
};

}  // namespace probes::nvidia
