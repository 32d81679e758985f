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

// The clock the roof was measured at, as the same sensor read it where the profile has its
// sensors (a CPU's cpufreq and its timed clock differ), else the probe's own reading; 0: none.
double roof_clock_hz(const ComputeCeiling& roof) {
  if (roof.sensors && roof.sensors->clock_hz.value) return *roof.sensors->clock_hz.value;
  return roof.clock_hz;
}

}  // namespace

std::string disturbance(const Result& r, const Device& device) {
  if (!r.sensors) return "";
  std::string why;
  if (!r.sensors->clock_events.empty()) {
    why = "the device held its clocks down:";
    for (std::size_t i = 0; i < r.sensors->clock_events.size(); ++i)
      why += (i == 0 ? " " : ", ") + r.sensors->clock_events[i];
  }
  const ComputeCeiling* roof = roof_of(r, device);
  const double roof_hz = roof ? roof_clock_hz(*roof) : 0;
  if (const auto& hz = r.sensors->clock_hz.value;
      hz && roof_hz > 0 && *hz < roof_hz * (1 - kClockBelowRoof)) {
    char text[160];
    std::snprintf(text, sizeof text, "its clock (%.3f GHz) was below its roof's (%.3f GHz)",
                  *hz / 1e9, roof_hz / 1e9);
    why += (why.empty() ? "" : "; ") + std::string(text);
  }
  return why;
}

}  // namespace roofline
