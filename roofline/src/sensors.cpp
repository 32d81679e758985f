#include "roofline/sensors.hpp"

#include <algorithm>
#include <functional>

namespace roofline {
namespace {

// `total` combined with `more` by `keep`; missing (with the first reason) where either is.
void combine(Sensed& total, const Sensed& more, const std::function<double(double, double)>& keep) {
  if (!total.value) return;
  if (!more.value) {
    total = more;
    return;
  }
  total.value = keep(*total.value, *more.value);
}

}  // namespace

Sensed Sensors::mean_power_w() const {
  if (!energy_j.value) return Sensed::missing(energy_j.unavailable);
  if (!(seconds > 0)) return Sensed::missing("no time sensed");
  return {*energy_j.value / seconds, ""};
}

void accumulate(Sensors& total, const Sensors& more) {
  if (total.seconds == 0 && total.calls == 0) {
    total = more;
    return;
  }
  total.seconds += more.seconds;
  total.calls += more.calls;
  total.flops += more.flops;
  total.bytes += more.bytes;
  combine(total.energy_j, more.energy_j, std::plus<double>());
  const auto lowest = [](double a, double b) { return std::min(a, b); };
  combine(total.clock_hz, more.clock_hz, lowest);
  combine(total.memory_clock_hz, more.memory_clock_hz, lowest);
  combine(total.temperature_c, more.temperature_c,
          [](double a, double b) { return std::max(a, b); });
  for (const std::string& e : more.clock_events)
    if (std::find(total.clock_events.begin(), total.clock_events.end(), e) ==
        total.clock_events.end())
      total.clock_events.push_back(e);
  if (total.clock_events_unavailable.empty())
    total.clock_events_unavailable = more.clock_events_unavailable;
}

}  // namespace roofline
