#include "probes/cpu/power_sampler.hpp"

namespace probes::cpu {

using roofline::Sensed;

PowerSampler::PowerSampler(const std::filesystem::path& powercap, const std::filesystem::path& cpus)
    : rapl_(powercap), clocks_(cpus) {}

void PowerSampler::start(double) {
  energy_at_start_ = rapl_.read();
  started_ = std::chrono::steady_clock::now();
}

roofline::Sensors PowerSampler::stop() {
  roofline::Sensors s;
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  const std::optional<std::vector<double>> end = rapl_.read();
  if (energy_at_start_ && end)
    s.energy_j = {rapl_.joules(*energy_at_start_, *end), ""};
  else
    s.energy_j = Sensed::missing(rapl_.available() ? "a RAPL counter could not be read"
                                                   : rapl_.unavailable());
  s.clock_hz = clocks_.mean_hz();
  s.memory_clock_hz = Sensed::missing("not read on CPUs");
  s.temperature_c = Sensed::missing("not read on CPUs");
  s.clock_events_unavailable = "not read on CPUs (their reasons live in model-specific registers)";
  return s;
}

std::vector<std::string> PowerSampler::disturbances() {
  const std::string powersave = clocks_.powersave();
  if (powersave.empty()) return {};
  return {powersave};
}

}  // namespace probes::cpu
