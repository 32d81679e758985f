#include "roofline/disturbed.hpp"

#include <cstdio>

namespace roofline {
namespace {

// The compute ceiling r's roof is: the fastest of its precision at the most threads measured.
const ComputeCeiling* roof_of(const Result& r, const Device& device) {
  const int threads = device.max_threads_measured();
  const ComputeCeiling* roof = nullptr;
  for (const ComputeCeiling& c : device.compute)
    if (c.precision == r.work.precision && c.threads == threads &&
        (roof == nullptr || c.flops_per_s.median > roof->flops_per_s.median))
      roof = &c;
  return roof;
}

}  // namespace

double ceiling_clock_hz(const std::optional<Sensors>& sensors, double probe_hz) {
  if (sensors && sensors->clock_hz.value) return *sensors->clock_hz.value;
  return probe_hz;
}

std::string disturbance(const Sensors& s, double reference_hz) {
  std::string why;
  if (!s.clock_events.empty()) {
    why = "the device held its clocks down:";
    for (std::size_t i = 0; i < s.clock_events.size(); ++i)
      why += (i == 0 ? " " : ", ") + s.clock_events[i];
  }
  if (const auto& hz = s.clock_hz.value;
      hz && reference_hz > 0 && *hz < reference_hz * (1 - kClockBelowRoof)) {
    char text[160];
    std::snprintf(text, sizeof text, "its clock (%.3f GHz) was below its roof's (%.3f GHz)",
                  *hz / 1e9, reference_hz / 1e9);
    why += (why.empty() ? "" : "; ") + std::string(text);
  }
  return why;
}

std::string disturbance(const Result& r, const Device& device) {
  if (!r.sensors) return "";
  const ComputeCeiling* roof = roof_of(r, device);
  return disturbance(*r.sensors, roof ? ceiling_clock_hz(roof->sensors, roof->clock_hz) : 0);
}

}  // namespace roofline
