#include "roofline/energy.hpp"

#include <cstdio>

namespace roofline {
namespace {

// The dynamic joules per unit of work of what the sensors saw, and how it was found; nullopt
// where there is none to attribute.
struct Dynamic {
  double joules_per_unit = 0, watts = 0;
  std::string method;
};
std::optional<Dynamic> dynamic(const std::optional<Sensors>& s, double work, double idle_w,
                               const char* unit) {
  if (!s || !s->energy_j.value || !(work > 0) || !(s->seconds > 0)) return std::nullopt;
  const double joules = *s->energy_j.value - idle_w * s->seconds;
  if (!(joules > 0)) return std::nullopt;
  char method[240];
  std::snprintf(method, sizeof method,
                "(%.4g J - %.4g W idle x %.4g s) / %.4g %s: %.4g W while it ran, over %lld calls",
                *s->energy_j.value, idle_w, s->seconds, work, unit, *s->energy_j.value / s->seconds,
                s->calls);
  return Dynamic{joules / work, *s->energy_j.value / s->seconds, method};
}

}  // namespace

DeviceEnergy energy_ceilings(const Device& device, const Sensed& idle_w,
                             const Sensed& power_cap_w) {
  DeviceEnergy e{.idle_w = idle_w, .power_cap_w = power_cap_w, .compute = {}, .memory = {}};
  if (!idle_w.value) return e;
  for (const ComputeCeiling& c : device.compute)
    if (const auto d = dynamic(c.sensors, c.sensors ? c.sensors->flops : 0, *idle_w.value, "FLOP"))
      e.compute.push_back(
          {c.precision, c.path, c.threads, d->joules_per_unit, d->watts, d->method});
  for (const MemoryCeiling& m : device.memory)
    if (const auto d = dynamic(m.sensors, m.sensors ? m.sensors->bytes : 0, *idle_w.value, "bytes"))
      e.memory.push_back({m.level, m.kernel, m.threads, d->joules_per_unit, d->watts, d->method});
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
