#pragma once
// Every GPU of the host at once (roofline::Backend::probe_together): each roof measured on each
// GPU alone, then on all of them at the same time, one host thread per GPU (roofline/at_once.hpp),
// with NVML reading each GPU's SM clock, power draw and clock limiters meanwhile. Each GPU's
// facts["concurrent"] gets, per roof, both figures, their ratio, the ratio of the figure at once
// to the profile's roof of that name (roofline::device_roofs) and those readings; its probe
// notes get the ratios and, for a roof that dropped by more than kMostConcurrentDrop, the likely
// cause (probes/nvidia/drop_cause.hpp).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "roofline/backend.hpp"

namespace probes::cuda {

// A roof that keeps no more than this less at once than alone has held (the 3%).
inline constexpr double kMostConcurrentDrop = 0.03;

struct TogetherRoof {
  std::string name;    // as roofline::device_roofs names it: "DRAM", "fp32 fma"
  bool flops = false;  // the rate is the case's FLOPs per second, else its bytes per second
  // The roof's case on a device, made with that device current; nullptr where it has no such roof.
  std::function<std::unique_ptr<roofline::Case>(const roofline::Device&)> make;
};

// Per roof: each device alone, then all that have it at once. Returns the measurements that
// failed, one line each.
std::vector<std::string> probe_together(const std::vector<roofline::Device*>& devices,
                                        const std::vector<TogetherRoof>& roofs,
                                        const roofline::ProbeOptions& options);

}  // namespace probes::cuda
