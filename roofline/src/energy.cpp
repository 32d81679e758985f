#include "roofline/energy.hpp"

#include <cstdio>

#include "roofline/disturbed.hpp"

namespace roofline {
namespace {

// The joules per unit of `work` of what the sensors saw, beyond idle and in all, how they were
// found, and why they were disturbed against `ceiling_hz`, the clock the ceiling was measured
// at; nullopt where there is nothing to attribute.
struct Dynamic {
  double joules_per_unit = 0, whole_joules_per_unit = 0, watts = 0;
  std::string method, disturbed;
};
std::optional<Dynamic> dynamic(const Sensors& s, double work, const char* unit, bool window,
                               double ceiling_hz, double idle_w) {
  if (!s.energy_j.value || !(work > 0) || !(s.seconds > 0)) return std::nullopt;
  const double joules = *s.energy_j.value - idle_w * s.seconds;
  if (!(joules > 0)) return std::nullopt;
  char method[300];
  std::snprintf(method, sizeof method,
                "(%.4g J - %.4g W idle x %.4g s) / %.4g %s: %.4g W while it ran, over %lld calls%s",
                *s.energy_j.value, idle_w, s.seconds, work, unit, *s.energy_j.value / s.seconds,
                s.calls, window ? " back to back (its energy window)" : "");
  return Dynamic{joules / work, *s.energy_j.value / work, *s.energy_j.value / s.seconds, method,
                 disturbance(s, ceiling_hz)};
}

// A ceiling's energy: from its energy window where the probe ran one, else from its samples.
std::optional<Dynamic> dynamic_of(const std::optional<Sensors>& samples,
                                  const std::optional<Sensors>& window, bool per_flop,
                                  double probe_hz, double idle_w) {
  const std::optional<Sensors>& s = window ? window : samples;
  if (!s) return std::nullopt;
  return dynamic(*s, per_flop ? s->flops : s->bytes, per_flop ? "FLOP" : "bytes",
                 window.has_value(), ceiling_clock_hz(samples, probe_hz), idle_w);
}

}  // namespace

DeviceEnergy energy_ceilings(const Device& device, const Sensed& idle_w,
                             const Sensed& power_cap_w) {
  DeviceEnergy e{.idle_w = idle_w, .power_cap_w = power_cap_w, .compute = {}, .memory = {}};
  if (!idle_w.value) return e;
  for (const ComputeCeiling& c : device.compute)
    if (const auto d = dynamic_of(c.sensors, c.energy_window, true, c.clock_hz, *idle_w.value))
      e.compute.push_back({c.precision, c.path, c.threads, d->joules_per_unit,
                           d->whole_joules_per_unit, d->watts, d->method, d->disturbed});
  for (const MemoryCeiling& m : device.memory)
    if (const auto d = dynamic_of(m.sensors, m.energy_window, false, 0, *idle_w.value))
      e.memory.push_back({m.level, m.kernel, m.threads, d->joules_per_unit,
                          d->whole_joules_per_unit, d->watts, d->method, d->disturbed});
  return e;
}

std::optional<double> joules_per_flop(const Device& device, Precision p) {
  if (!device.energy) return std::nullopt;
  const int threads = device.max_threads_measured();
  std::optional<double> best;
  for (const ComputeEnergy& c : device.energy->compute)
    if (c.precision == p && c.threads == threads && (!best || c.joules_per_flop < *best))
      best = c.joules_per_flop;
  return best;
}

std::optional<double> joules_per_byte(const Device& device, const std::string& level) {
  if (!device.energy) return std::nullopt;
  const int threads = device.max_threads_measured();
  std::optional<double> best;
  for (const MemoryEnergy& m : device.energy->memory)
    if (m.level == level && m.threads == threads && (!best || m.joules_per_byte < *best))
      best = m.joules_per_byte;
  return best;
}

std::optional<double> energy_roof(const Device& device, Precision p, const std::string& level,
                                  double ai) {
  const auto flop = joules_per_flop(device, p);
  const auto byte = joules_per_byte(device, level);
  const auto rate = device.roofline().attainable(p, level, ai);
  if (!flop || !byte || !rate || !(ai > 0) || !(*rate > 0) || !device.energy->idle_w.value)
    return std::nullopt;
  return 1 / (*flop + *byte / ai + *device.energy->idle_w.value / *rate);
}

std::optional<double> power_cap_line(const Device& device, Precision p, const std::string& level,
                                     double ai) {
  const auto rate = device.roofline().attainable(p, level, ai);
  if (!device.energy || !device.energy->power_cap_w.value || !rate ||
      !(*device.energy->power_cap_w.value > 0))
    return std::nullopt;
  return *rate / *device.energy->power_cap_w.value;
}

std::optional<double> flops_per_joule(const Result& r) {
  if (!r.sensors || !r.sensors->energy_j.value || !(*r.sensors->energy_j.value > 0) ||
      !(r.sensors->flops > 0))
    return std::nullopt;
  return r.sensors->flops / *r.sensors->energy_j.value;
}

std::optional<double> energy_efficiency(const Result& r, const Device& device) {
  const auto achieved = flops_per_joule(r);
  if (!achieved || !r.placement) return std::nullopt;
  const auto roof = energy_roof(device, r.work.precision, r.placement->level, r.placement->ai);
  if (!roof) return std::nullopt;
  return *achieved / *roof;
}

}  // namespace roofline
