#pragma once
// What the CUDA probe's steps share: the cases kept for the energy pass, and a failed
// measurement's line among the probe's failures.
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "roofline/case.hpp"
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

}  // namespace probes::cuda
