#include "probes/nvidia/nvml.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <thread>
#include <utility>
#include <vector>

namespace probes::nvidia {

namespace {

// The few NVML declarations used (nvml.h, which the CUDA toolkit does not always ship).
using NvmlReturn = int;
constexpr NvmlReturn kNvmlSuccess = 0;
constexpr int kNvmlClockSm = 1;   // NVML_CLOCK_SM
constexpr int kNvmlClockMem = 2;  // NVML_CLOCK_MEM
using NvmlHandle = void*;
using InitFn = NvmlReturn (*)();
using ByPciFn = NvmlReturn (*)(const char*, NvmlHandle*);
using ClockFn = NvmlReturn (*)(NvmlHandle, int, unsigned*);
using UnsignedReadFn = NvmlReturn (*)(NvmlHandle, unsigned*);
using BitsReadFn = NvmlReturn (*)(NvmlHandle, unsigned long long*);
using ErrorStringFn = const char* (*)(NvmlReturn);
constexpr unsigned kNvmlMaxNvlinks = 18;  // NVML_NVLINK_MAX_LINKS
// nvmlIntNvLinkDeviceType_t: what is at a link's far end.
constexpr unsigned kNvlinkToGpu = 0, kNvlinkToSwitch = 2;
// nvmlPciInfo_t: where NVML names the device at the far end of a link.
struct NvmlPciInfo {
  char bus_id_legacy[16];
  unsigned domain, bus, device, pci_device_id, pci_sub_system_id;
  char bus_id[32];
};
using LinkStateFn = NvmlReturn (*)(NvmlHandle, unsigned, int*);
using LinkRemoteFn = NvmlReturn (*)(NvmlHandle, unsigned, NvmlPciInfo*);
using LinkReadFn = NvmlReturn (*)(NvmlHandle, unsigned, unsigned*);
using ShutdownFn = NvmlReturn (*)();

template <class F>
F symbol(void* library, const char* name) {
  return reinterpret_cast<F>(dlsym(library, name));
}

std::string nvml_error(void* library, const char* call, NvmlReturn status) {
  const auto error_string = symbol<ErrorStringFn>(library, "nvmlErrorString");
  return std::string(call) +
         " failed: " + (error_string ? error_string(status) : "error " + std::to_string(status));
}

}  // namespace

NvmlDevice::NvmlDevice(const std::string& pci_bus_id) {
  library_ = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library_) {
    const char* error = dlerror();
    reason_ = std::string("NVML not loaded: ") + (error ? error : "dlopen failed");
    return;
  }
  const auto init = symbol<InitFn>(library_, "nvmlInit_v2");
  const auto by_pci = symbol<ByPciFn>(library_, "nvmlDeviceGetHandleByPciBusId_v2");
  if (!init || !by_pci || !symbol<ClockFn>(library_, "nvmlDeviceGetClockInfo")) {
    reason_ = "NVML lacks nvmlInit_v2, nvmlDeviceGetHandleByPciBusId_v2 or nvmlDeviceGetClockInfo";
    return;
  }
  if (const NvmlReturn status = init(); status != kNvmlSuccess) {
    reason_ = nvml_error(library_, "nvmlInit_v2", status);
    return;
  }
  NvmlHandle device = nullptr;
  if (const NvmlReturn status = by_pci(pci_bus_id.c_str(), &device); status != kNvmlSuccess) {
    reason_ = nvml_error(library_, "nvmlDeviceGetHandleByPciBusId_v2", status);
    return;
  }
  device_ = device;
}

NvmlDevice::~NvmlDevice() {
  if (!library_) return;
  if (device_) {
    if (const auto shutdown = symbol<ShutdownFn>(library_, "nvmlShutdown")) shutdown();
  }
  dlclose(library_);
}

std::optional<double> NvmlDevice::read_hz() {
  if (!device_) return std::nullopt;
  unsigned mhz = 0;
  const NvmlReturn status =
      symbol<ClockFn>(library_, "nvmlDeviceGetClockInfo")(device_, kNvmlClockSm, &mhz);
  if (status != kNvmlSuccess) {
    reason_ = nvml_error(library_, "nvmlDeviceGetClockInfo", status);
    return std::nullopt;
  }
  return mhz * 1e6;
}

namespace {

// One value read by an NVML call of `fn`'s shape; nothing (and `reason` says why) when it fails.
template <class Fn, class T>
std::optional<T> read_value(void* library, void* device, const char* name, std::string& reason) {
  if (!device) return std::nullopt;
  const auto read = symbol<Fn>(library, name);
  if (!read) {
    reason = std::string("NVML lacks ") + name;
    return std::nullopt;
  }
  T value{};
  if (const NvmlReturn status = read(device, &value); status != kNvmlSuccess) {
    reason = nvml_error(library, name, status);
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::optional<double> NvmlDevice::read_power_w() {
  const auto mw =
      read_value<UnsignedReadFn, unsigned>(library_, device_, "nvmlDeviceGetPowerUsage", reason_);
  return mw ? std::optional<double>(*mw / 1e3) : std::nullopt;
}

std::optional<double> NvmlDevice::power_limit_w() {
  const auto mw = read_value<UnsignedReadFn, unsigned>(library_, device_,
                                                       "nvmlDeviceGetEnforcedPowerLimit", reason_);
  return mw ? std::optional<double>(*mw / 1e3) : std::nullopt;
}

std::optional<unsigned long long> NvmlDevice::read_clock_limiters() {
  const char* name = symbol<BitsReadFn>(library_, "nvmlDeviceGetCurrentClocksEventReasons")
                         ? "nvmlDeviceGetCurrentClocksEventReasons"
                         : "nvmlDeviceGetCurrentClocksThrottleReasons";
  return read_value<BitsReadFn, unsigned long long>(library_, device_, name, reason_);
}

std::optional<double> NvmlDevice::read_energy_j() {
  const auto mj = read_value<BitsReadFn, unsigned long long>(
      library_, device_, "nvmlDeviceGetTotalEnergyConsumption", reason_);
  return mj ? std::optional<double>(static_cast<double>(*mj) / 1e3) : std::nullopt;
}

namespace {

// One value of an NVML call that takes a selector first (a clock type, a sensor).
std::optional<unsigned> read_selected(void* library, void* device, const char* name, int selector,
                                      std::string& reason) {
  if (!device) return std::nullopt;
  const auto read = symbol<ClockFn>(library, name);
  if (!read) {
    reason = std::string("NVML lacks ") + name;
    return std::nullopt;
  }
  unsigned value = 0;
  if (const NvmlReturn status = read(device, selector, &value); status != kNvmlSuccess) {
    reason = nvml_error(library, name, status);
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::optional<double> NvmlDevice::read_memory_hz() {
  const auto mhz =
      read_selected(library_, device_, "nvmlDeviceGetClockInfo", kNvmlClockMem, reason_);
  return mhz ? std::optional<double>(*mhz * 1e6) : std::nullopt;
}

std::optional<double> NvmlDevice::read_temperature_c() {
  constexpr int kNvmlTemperatureGpu = 0;  // NVML_TEMPERATURE_GPU
  const auto c =
      read_selected(library_, device_, "nvmlDeviceGetTemperature", kNvmlTemperatureGpu, reason_);
  return c ? std::optional<double>(*c) : std::nullopt;
}

std::optional<bool> NvmlDevice::persistence_mode() {
  using ModeFn = NvmlReturn (*)(NvmlHandle, int*);
  const auto mode =
      read_value<ModeFn, int>(library_, device_, "nvmlDeviceGetPersistenceMode", reason_);
  return mode ? std::optional<bool>(*mode == 1) : std::nullopt;  // NVML_FEATURE_ENABLED
}

std::optional<bool> NvmlDevice::application_clocks_set() {
  if (!device_) return std::nullopt;
  using ClockIdFn = NvmlReturn (*)(NvmlHandle, int, int, unsigned*);
  const auto clock = symbol<ClockIdFn>(library_, "nvmlDeviceGetClock");
  if (!clock) {
    reason_ = "NVML lacks nvmlDeviceGetClock";
    return std::nullopt;
  }
  constexpr int kTarget = 1, kDefault = 2;  // NVML_CLOCK_ID_APP_CLOCK_TARGET, _DEFAULT
  unsigned target = 0, fallback = 0;
  for (auto [id, mhz] : {std::pair{kTarget, &target}, std::pair{kDefault, &fallback}})
    if (const NvmlReturn status = clock(device_, kNvmlClockSm, id, mhz); status != kNvmlSuccess) {
      reason_ = nvml_error(library_, "nvmlDeviceGetClock", status);
      return std::nullopt;
    }
  return target != fallback;
}

std::optional<std::vector<unsigned>> NvmlDevice::other_processes() {
  if (!device_) return std::nullopt;
  // nvmlProcessInfo_t (v2 and v3 alike).
  struct ProcessInfo {
    unsigned pid;
    unsigned long long used_gpu_memory;
    unsigned gpu_instance_id, compute_instance_id;
  };
  using ProcessesFn = NvmlReturn (*)(NvmlHandle, unsigned*, ProcessInfo*);
  const char* name = "nvmlDeviceGetComputeRunningProcesses_v3";
  const auto list = symbol<ProcessesFn>(library_, name);
  if (!list) {
    reason_ = std::string("NVML lacks ") + name;
    return std::nullopt;
  }
  ProcessInfo infos[64];
  unsigned count = std::size(infos);
  if (const NvmlReturn status = list(device_, &count, infos); status != kNvmlSuccess) {
    reason_ = nvml_error(library_, name, status);
    return std::nullopt;
  }
  const auto self = static_cast<unsigned>(getpid());
  std::vector<unsigned> others;
  for (unsigned i = 0; i < count; ++i)
    if (infos[i].pid != self) others.push_back(infos[i].pid);
  return others;
}

std::optional<NvmlDevice::PcieLink> NvmlDevice::pcie_link() {
  if (!device_) return std::nullopt;
  PcieLink link;
  const std::pair<const char*, unsigned*> reads[] = {
      {"nvmlDeviceGetMaxPcieLinkGeneration", &link.max_generation},
      {"nvmlDeviceGetMaxPcieLinkWidth", &link.max_width},
      {"nvmlDeviceGetCurrPcieLinkGeneration", &link.generation},
      {"nvmlDeviceGetCurrPcieLinkWidth", &link.width}};
  for (const auto& [name, value] : reads) {
    const auto read = symbol<UnsignedReadFn>(library_, name);
    if (!read) {
      reason_ = std::string("NVML lacks ") + name;
      return std::nullopt;
    }
    if (const NvmlReturn status = read(device_, value); status != kNvmlSuccess) {
      reason_ = nvml_error(library_, name, status);
      return std::nullopt;
    }
  }
  return link;
}

std::optional<NvmlDevice::Nvlinks> NvmlDevice::nvlinks(const std::string& peer_pci_bus_id) {
  if (!device_) return std::nullopt;
  unsigned domain = 0, bus = 0, slot = 0;
  if (std::sscanf(peer_pci_bus_id.c_str(), "%x:%x:%x", &domain, &bus, &slot) != 3) {
    reason_ = "peer PCI bus id \"" + peer_pci_bus_id + "\" is not domain:bus:device.function";
    return std::nullopt;
  }
  const auto state = symbol<LinkStateFn>(library_, "nvmlDeviceGetNvLinkState");
  const auto remote = symbol<LinkRemoteFn>(library_, "nvmlDeviceGetNvLinkRemotePciInfo_v2");
  const auto remote_type = symbol<LinkReadFn>(library_, "nvmlDeviceGetNvLinkRemoteDeviceType");
  if (!state || !remote || !remote_type) {
    reason_ =
        "NVML lacks nvmlDeviceGetNvLinkState, nvmlDeviceGetNvLinkRemotePciInfo_v2 or "
        "nvmlDeviceGetNvLinkRemoteDeviceType";
    return std::nullopt;
  }
  Nvlinks links;
  for (unsigned link = 0; link < kNvmlMaxNvlinks; ++link) {
    int active = 0;
    // Links past the GPU's last, or none at all, answer "not supported" or "invalid argument".
    if (state(device_, link, &active) != kNvmlSuccess || !active) continue;
    unsigned type = 0;
    if (const NvmlReturn r = remote_type(device_, link, &type); r != kNvmlSuccess) {
      reason_ = nvml_error(library_, "nvmlDeviceGetNvLinkRemoteDeviceType", r);
      return std::nullopt;
    }
    if (type == kNvlinkToSwitch) {
      ++links.to_switch;
      continue;
    }
    NvmlPciInfo far{};
    if (const NvmlReturn r = remote(device_, link, &far); r != kNvmlSuccess) {
      reason_ = nvml_error(library_, "nvmlDeviceGetNvLinkRemotePciInfo_v2", r);
      return std::nullopt;
    }
    if (type == kNvlinkToGpu && far.domain == domain && far.bus == bus && far.device == slot)
      ++links.to_peer;
  }
  return links;
}

std::optional<NvmlDevice::MemoryBus> NvmlDevice::memory_bus() {
  if (!device_) return std::nullopt;
  const auto width = symbol<UnsignedReadFn>(library_, "nvmlDeviceGetMemoryBusWidth");
  const auto max_clock = symbol<ClockFn>(library_, "nvmlDeviceGetMaxClockInfo");
  if (!width || !max_clock) {
    reason_ = "NVML lacks nvmlDeviceGetMemoryBusWidth or nvmlDeviceGetMaxClockInfo";
    return std::nullopt;
  }
  unsigned bits = 0, mhz = 0;
  if (const NvmlReturn status = width(device_, &bits); status != kNvmlSuccess) {
    reason_ = nvml_error(library_, "nvmlDeviceGetMemoryBusWidth", status);
    return std::nullopt;
  }
  if (const NvmlReturn status = max_clock(device_, kNvmlClockMem, &mhz); status != kNvmlSuccess) {
    reason_ = nvml_error(library_, "nvmlDeviceGetMaxClockInfo", status);
    return std::nullopt;
  }
  return MemoryBus{.width_bits = bits, .max_clock_hz = mhz * 1e6};
}

std::optional<double> pcie_bytes_per_s(unsigned generation, unsigned lanes) {
  // Transfers per second per lane and the encoding's payload share (PCI Express Base
  // Specification, revisions 1.0 to 5.0).
  constexpr struct {
    double transfers_per_s, payload;
  } kRates[] = {{2.5e9, 8.0 / 10},
                {5e9, 8.0 / 10},
                {8e9, 128.0 / 130},
                {16e9, 128.0 / 130},
                {32e9, 128.0 / 130}};
  if (generation < 1 || generation > std::size(kRates)) return std::nullopt;
  const auto& rate = kRates[generation - 1];
  return rate.transfers_per_s * rate.payload * lanes / 8;
}

std::vector<std::vector<Reading>> readings_during(const std::vector<NvmlDevice*>& devices,
                                                  const std::function<void()>& work) {
  // Written by the sampler alone and read once it has joined.
  std::vector<std::vector<Reading>> readings(devices.size());
  std::atomic<bool> done = false;
  std::thread sampler([&] {
    while (!done.load()) {
      for (std::size_t i = 0; i < devices.size(); ++i) {
        NvmlDevice& d = *devices[i];
        if (!d.available()) continue;
        Reading r{.at = std::chrono::steady_clock::now(),
                  .sm_hz = d.read_hz().value_or(0),
                  .power_w = d.read_power_w().value_or(0),
                  .limiters = d.read_clock_limiters().value_or(0)};
        readings[i].push_back(r);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  });
  try {
    work();
  } catch (...) {
    done = true;
    sampler.join();
    throw;
  }
  done = true;
  sampler.join();
  return readings;
}

ClockReading clock_during(NvmlDevice& clock, const std::function<void()>& work) {
  if (!clock.available()) {
    work();
    return {.hz = 0, .samples = 0, .text = "SM clock not read: " + clock.reason()};
  }
  const auto readings = readings_during({&clock}, work);
  std::vector<double> samples;
  for (const Reading& r : readings.front())
    if (r.sm_hz > 0) samples.push_back(r.sm_hz);
  if (samples.empty())
    return {.hz = 0, .samples = 0, .text = "SM clock not read: " + clock.reason()};
  std::sort(samples.begin(), samples.end());
  const double median = samples[samples.size() / 2];
  char text[160];
  std::snprintf(text, sizeof text,
                "SM clock %.3f GHz (median of %zu NVML samples during the probe)", median / 1e9,
                samples.size());
  return {.hz = median, .samples = static_cast<int>(samples.size()), .text = text};
}

}  // namespace probes::nvidia
