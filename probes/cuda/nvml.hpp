#pragma once
// The SM clock read through NVML, which is part of the driver: libnvidia-ml.so.1 is loaded at run
// time, so the binary needs no driver to start, and a machine without one reports why.
#include <functional>
#include <optional>
#include <string>

namespace probes::cuda {

class SmClock {
 public:
  // The GPU with this PCI bus id ("0000:19:00.0", from cudaDeviceGetPCIBusId). Never throws:
  // when NVML or the device cannot be opened, reason() says why and read_hz() returns nothing.
  explicit SmClock(const std::string& pci_bus_id);
  ~SmClock();
  SmClock(const SmClock&) = delete;
  SmClock& operator=(const SmClock&) = delete;

  bool available() const { return device_ != nullptr; }
  const std::string& reason() const { return reason_; }
  // The current SM clock; nothing when unavailable or when the read fails (reason() then says
  // why).
  std::optional<double> read_hz();

 private:
  void* library_ = nullptr;
  void* device_ = nullptr;
  std::string reason_;
};

struct ClockReading {
  double hz = 0;     // median of the samples; 0 when none was read
  int samples = 0;   // samples taken while the work ran
  std::string text;  // "1.980 GHz (median of 23 NVML samples during the probe)" or why not read
};

// Reads the SM clock every 2 ms on a second thread while `work` runs on this one.
ClockReading clock_during(SmClock& clock, const std::function<void()>& work);

}  // namespace probes::cuda
