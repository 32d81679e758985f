#pragma once
// What the CUDA probe's steps share: the cases kept for the energy pass, a failed measurement's
// line among the probe's failures, and a compute ceiling's measurement with the SM clock beside it.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "probes/nvidia/nvml.hpp"
#include "roofline/case.hpp"
#include "roofline/harness.hpp"
#include "roofline/results.hpp"

namespace probes::cuda {

// The cases behind the device's ceilings, by the ceiling's index in Device::compute or
// Device::memory, kept (released) for the energy pass, which runs once every ceiling is measured
// so that its seconds take nothing from a time budget's measurements.
struct CeilingCases {
  std::vector<std::pair<std::size_t, std::unique_ptr<roofline::Case>>> compute, memory;
};

// "<family> <variant> <params>: <why it failed>"
inline std::string failure_text(const roofline::Result& r) {
  return r.family + " " + r.variant + " " + r.params.dump() + ": " + r.failure();
}

// A case measured with the SM clock NVML read while it ran.
struct ClockedResult {
  roofline::Result result;
  nvidia::ClockReading clock;
};

// `c` measured with `clock` read during it; nullopt, with its failure_text in `failures`, where
// the measurement failed.
inline std::optional<ClockedResult> measure_clocked(roofline::Case& c, nvidia::NvmlDevice& clock,
                                                    const roofline::MeasureOptions& measure,
                                                    std::vector<std::string>& failures) {
  ClockedResult out;
  out.clock = nvidia::clock_during(clock, [&] { out.result = roofline::measure(c, measure); });
  if (out.result.ok()) return out;
  failures.push_back(failure_text(out.result));
  return std::nullopt;
}

}  // namespace probes::cuda
