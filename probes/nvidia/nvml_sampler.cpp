#include "probes/nvidia/nvml_sampler.hpp"

#include <cstdio>
#include <string>

#include "probes/nvidia/drop_cause.hpp"

namespace probes::nvidia {
namespace {

using roofline::Sensed;

// NVML's energy counter advances in steps too coarse for short windows: on an H200 two probes'
// energy ceilings from windows of about 60 ms disagreed by 0.06-9.3x, and one such window read
// 1135 W under a 700 W cap (2026-11-30). A window shorter than this has no energy.
constexpr double kShortestEnergyWindow = 1.0;  // seconds

// Why a window of `seconds` (about that long where `expected`) has no energy.
std::string unresolved(double seconds, bool expected) {
  char why[160];
  std::snprintf(why, sizeof why,
                "a window of %s%.3g s: NVML's energy counter does not resolve windows under %g s",
                expected ? "about " : "", seconds, kShortestEnergyWindow);
  return why;
}

// A read's value, or NVML's reason for its failure.
Sensed sensed(std::optional<double> value, const NvmlDevice& nvml) {
  return value ? Sensed{value, ""} : Sensed::missing(nvml.reason());
}

}  // namespace

NvmlSampler::NvmlSampler(const std::string& pci_bus_id) : nvml_(pci_bus_id) {}

// A window expected shorter than the counter resolves reads no energy: a read costs 4 ms on an
// H200, and around every few-millisecond sample it made the quick stream run 1.6 times as long
// (docs/performance.md).
void NvmlSampler::start(double seconds) {
  energy_.reset();
  if (seconds >= kShortestEnergyWindow)
    energy_ = std::make_unique<EnergyWatch>([this] { return nvml_.read_energy_j(); });
  started_ = std::chrono::steady_clock::now();
  expected_seconds_ = seconds;
}

roofline::Sensors NvmlSampler::stop() {
  roofline::Sensors s;
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  if (!energy_) {
    s.energy_j = Sensed::missing(unresolved(expected_seconds_, true));
  } else if (const std::optional<double> watts = energy_->stop(); !watts) {
    s.energy_j =
        Sensed::missing(energy_->failed() ? nvml_.reason() : "NVML's energy counter was read once");
  } else if (s.seconds < kShortestEnergyWindow) {
    s.energy_j = Sensed::missing(unresolved(s.seconds, false));
  } else {
    s.energy_j = {*watts * s.seconds, ""};
  }
  energy_.reset();
  s.clock_hz = sensed(nvml_.read_hz(), nvml_);
  s.memory_clock_hz = sensed(nvml_.read_memory_hz(), nvml_);
  s.temperature_c = sensed(nvml_.read_temperature_c(), nvml_);
  if (const auto bits = nvml_.read_clock_limiters())
    s.clock_events = limiter_list(*bits);
  else
    s.clock_events_unavailable = nvml_.reason();
  return s;
}

Sensed NvmlSampler::power_cap_w() { return sensed(nvml_.power_limit_w(), nvml_); }

std::vector<std::string> NvmlSampler::disturbances() {
  std::vector<std::string> out;
  if (!nvml_.available()) return out;
  if (const auto on = nvml_.persistence_mode(); on && !*on)
    out.emplace_back("persistence mode is off (the driver may unload between runs)");
  if (const auto set = nvml_.application_clocks_set(); set && !*set)
    out.emplace_back(
        "clocks are not locked (application clocks at their defaults: the SM clock boosts and "
        "falls with power and heat)");
  if (const auto others = nvml_.other_processes(); others && !others->empty()) {
    std::string pids;
    for (unsigned pid : *others) pids += (pids.empty() ? "" : ", ") + std::to_string(pid);
    out.push_back("another process uses the GPU (pid " + pids + ")");
  }
  return out;
}

}  // namespace probes::nvidia
