#pragma once
// What a device's sensors saw while a measurement's samples ran: its energy, mean power, clocks,
// temperature and the reasons its clocks were held down. A backend's Sampler reads them at the
// boundaries of each timed sample (roofline/harness.cpp), never per call; each figure is optional
// and says why where it is missing (a VM without RAPL, a counter only root may read).
#include <optional>
#include <string>
#include <vector>

namespace roofline {

// One figure, or why there is none.
struct Sensed {
  std::optional<double> value;
  std::string unavailable;  // empty where value is set

  static Sensed missing(std::string why) { return {std::nullopt, std::move(why)}; }
};

struct Sensors {
  double seconds = 0;  // wall seconds the readings span
  // The calls of the measured kernel run in them and their work: FLOPs, and bytes at the kernel's
  // level (set by the harness).
  long long calls = 0;
  double flops = 0, bytes = 0;
  Sensed energy_j;  // the device's whole energy over those seconds, static power included
  Sensed clock_hz;  // lowest clock of the units that compute (GPU: SM; CPU: mean of the cores')
  Sensed memory_clock_hz;  // lowest (GPUs)
  Sensed temperature_c;    // highest
  // The reasons the device held its clocks down, by name ("software power cap"), every one seen;
  // clock_events_unavailable says why they were not read.
  std::vector<std::string> clock_events;
  std::string clock_events_unavailable;

  // energy_j / seconds, or why there is none.
  Sensed mean_power_w() const;
};

// Adds a later stretch of readings to `total`: seconds, calls, work and energy add, the lowest
// clocks and the highest temperature are kept, clock events are united; a figure either lacks is
// missing with its reason.
void accumulate(Sensors& total, const Sensors& more);

// A device's sensors, read at the start and the end of each sample (start, then stop); one per
// device, used by one thread.
class Sampler {
 public:
  virtual ~Sampler() = default;
  // A window of about `seconds` begins: a sampler whose energy counter resolves no window that
  // short reads no energy for it (NVML's read takes 4 ms on an H200, as long as a quick sample:
  // docs/performance.md).
  virtual void start(double seconds) = 0;
  // What was seen since start().
  virtual Sensors stop() = 0;
  // The power the device is held to (W): a GPU's enforced limit, a CPU package's RAPL limit.
  virtual Sensed power_cap_w() = 0;
  // What makes figures move at the start, one clause each ("persistence mode is off", "another
  // process uses the GPU: pid 4242"); empty where nothing does.
  virtual std::vector<std::string> disturbances() = 0;
};

}  // namespace roofline
