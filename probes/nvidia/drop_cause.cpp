#include "probes/nvidia/drop_cause.hpp"

#include <algorithm>
#include <cstdio>

namespace probes::nvidia {
namespace {

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::string power_text(const WindowReading& alone, const WindowReading& together,
                       std::optional<double> limit_w) {
  if (alone.power_w <= 0 || together.power_w <= 0) return "power not read";
  char text[120];
  std::snprintf(text, sizeof text, "power %.0f W alone, %.0f W at once", alone.power_w,
                together.power_w);
  std::string out = text;
  if (limit_w) {
    std::snprintf(text, sizeof text, " of its %.0f W limit", *limit_w);
    out += text;
  }
  return out;
}

}  // namespace

WindowReading within(const std::vector<Reading>& readings,
                     std::chrono::steady_clock::time_point from,
                     std::chrono::steady_clock::time_point to) {
  std::vector<double> clocks, power;
  WindowReading w;
  for (const Reading& r : readings) {
    if (r.at < from || r.at > to) continue;
    ++w.samples;
    if (r.sm_hz > 0) clocks.push_back(r.sm_hz);
    if (r.power_w > 0) power.push_back(r.power_w);
    w.limiters |= r.limiters;
  }
  w.sm_hz = median_of(clocks);
  w.power_w = median_of(power);
  return w;
}

std::vector<std::string> limiter_list(unsigned long long bits) {
  // nvml.h's nvmlClocksThrottleReason* bits; GpuIdle (0x1), ApplicationsClocksSetting (0x2) and
  // DisplayClockSetting (0x100) are left out.
  constexpr struct {
    unsigned long long bit;
    const char* name;
  } kLimiters[] = {{0x4, "software power cap"},
                   {0x8, "hardware slowdown"},
                   {0x10, "sync boost"},
                   {0x20, "software thermal slowdown"},
                   {0x40, "hardware thermal slowdown"},
                   {0x80, "hardware power brake"}};
  std::vector<std::string> out;
  for (const auto& l : kLimiters)
    if (bits & l.bit) out.emplace_back(l.name);
  return out;
}

std::string limiter_names(unsigned long long bits) {
  std::string out;
  for (const std::string& name : limiter_list(bits)) out += (out.empty() ? "" : ", ") + name;
  return out;
}

std::string drop_cause(const WindowReading& alone, const WindowReading& together,
                       std::optional<double> power_limit_w) {
  if (alone.sm_hz <= 0 || together.sm_hz <= 0)
    return "cause unknown: NVML read no SM clock while it ran";
  const std::string power = power_text(alone, together, power_limit_w);
  const std::string limiters = limiter_names(together.limiters);
  char clocks[120];
  if (together.sm_hz < alone.sm_hz * (1 - kClockFall)) {
    std::snprintf(clocks, sizeof clocks, "the SM clock fell from %.3f to %.3f GHz",
                  alone.sm_hz / 1e9, together.sm_hz / 1e9);
    return std::string(clocks) + " (" + power +
           (limiters.empty() ? "" : "; NVML names " + limiters) + ")";
  }
  std::snprintf(clocks, sizeof clocks, "the SM clock held at %.3f GHz", together.sm_hz / 1e9);
  return std::string(clocks) + " (" + power + (limiters.empty() ? "" : "; NVML names " + limiters) +
         "): not the board's power or heat; the host the GPUs share (its CPU threads launching "
         "the work, the host link) is the likely cause";
}

}  // namespace probes::nvidia
