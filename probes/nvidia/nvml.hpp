#pragma once
// The SM clock, the PCIe link and the memory bus read through NVML, which is part of the driver:
// libnvidia-ml.so.1 is loaded at run time, so the binary needs no driver to start, and a machine
// without one reports why.
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace probes::nvidia {

class NvmlDevice {
 public:
  // The GPU with this PCI bus id ("0000:19:00.0", from cudaDeviceGetPCIBusId or OpenCL's
  // cl_nv_device_attribute_query). Never throws:
  // when NVML or the device cannot be opened, reason() says why and read_hz() returns nothing.
  explicit NvmlDevice(const std::string& pci_bus_id);
  ~NvmlDevice();
  NvmlDevice(const NvmlDevice&) = delete;
  NvmlDevice& operator=(const NvmlDevice&) = delete;

  bool available() const { return device_ != nullptr; }
  const std::string& reason() const { return reason_; }
  // The current SM clock; nothing when unavailable or when the read fails (reason() then says
  // why).
  std::optional<double> read_hz();
  // The board's power draw and the power limit the driver enforces, in watts; nothing when
  // unavailable or when the read fails.
  std::optional<double> read_power_w();
  std::optional<double> power_limit_w();
  // Why the clocks are held down now: nvmlDeviceGetCurrentClocksEventReasons's bits (the older
  // nvmlDeviceGetCurrentClocksThrottleReasons where the driver lacks it; the bits are the same,
  // probes/nvidia/drop_cause.hpp names them); nothing when unavailable or when the read fails.
  std::optional<unsigned long long> read_clock_limiters();
  // The energy the board used since the driver loaded (nvmlDeviceGetTotalEnergyConsumption, mJ,
  // Volta and later), the memory clock, the GPU's temperature (°C); nothing when unavailable or
  // when the read fails (reason() then says why).
  std::optional<double> read_energy_j();
  std::optional<double> read_memory_hz();
  std::optional<double> read_temperature_c();
  // Whether persistence mode is on; whether the application clocks were set away from their
  // defaults (nvidia-smi -ac); nothing when unavailable or when a read fails.
  std::optional<bool> persistence_mode();
  std::optional<bool> application_clocks_set();
  // The processes other than this one that run compute work on the GPU (their pids); nothing when
  // unavailable or when the read fails.
  std::optional<std::vector<unsigned>> other_processes();
  // The PCIe link: the most both ends support and what it runs at now (a link may slow down
  // while idle); nothing when unavailable or when a read fails (reason() then says why).
  struct PcieLink {
    unsigned max_generation = 0, max_width = 0, generation = 0, width = 0;
  };
  std::optional<PcieLink> pcie_link();
  // The memory bus width and the highest memory clock; nothing when unavailable or when a read
  // fails (reason() then says why).
  struct MemoryBus {
    unsigned width_bits = 0;
    double max_clock_hz = 0;
  };
  std::optional<MemoryBus> memory_bus();
  // This GPU's active NVLinks that end at the GPU of `peer_pci_bus_id` ("0000:1a:00.0") and
  // those that end at an NVSwitch (HGX boards: every GPU reaches every other through the
  // switches); both 0 for a GPU without NVLink. Nothing when NVML cannot tell (reason() says why).
  struct Nvlinks {
    unsigned to_peer = 0, to_switch = 0;
  };
  std::optional<Nvlinks> nvlinks(const std::string& peer_pci_bus_id);

 private:
  void* library_ = nullptr;
  void* device_ = nullptr;
  std::string reason_;
};

// Bytes per second one direction of a PCIe link of `generation` and `lanes` carries after its
// line encoding (8b/10b to Gen 2, 128b/130b for Gen 3 to 5); nothing for another generation.
std::optional<double> pcie_bytes_per_s(unsigned generation, unsigned lanes);

// One look at a GPU while work ran: its SM clock, power draw and clock limiters (0 where the read
// failed).
struct Reading {
  std::chrono::steady_clock::time_point at;
  double sm_hz = 0, power_w = 0;
  unsigned long long limiters = 0;
};

// Reads every device every 2 ms on a second thread while `work` runs on this one: per device, its
// readings in time order (none where NVML is unavailable).
std::vector<std::vector<Reading>> readings_during(const std::vector<NvmlDevice*>& devices,
                                                  const std::function<void()>& work);

struct ClockReading {
  double hz = 0;     // median of the samples; 0 when none was read
  int samples = 0;   // samples taken while the work ran
  std::string text;  // "1.980 GHz (median of 23 NVML samples during the probe)" or why not read
};

// The median SM clock of readings_during(`clock`, `work`).
ClockReading clock_during(NvmlDevice& clock, const std::function<void()>& work);

}  // namespace probes::nvidia
