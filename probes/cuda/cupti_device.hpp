#pragma once
// What the range profiler needs to know of a device before it counts there: CUPTI's profiler
// initialised, range profiling supported on the device (this is where a vGPU, confidential
// compute or missing privileges show first), its chip name and its counter availability image.
#include <cuda.h>

#include <cstdint>
#include <string>
#include <vector>

#include "probes/cuda/cupti_library.hpp"

namespace probes::cuda {

struct CuptiDevice {
  std::string chip;                        // "GH100"
  std::vector<std::uint8_t> availability;  // counters the device can count now
};

// `ctx` is a context of the device `device`, whose ordinal is `ordinal`. Throws CuptiError naming
// the call that failed, or what is unsupported.
CuptiDevice cupti_device(const CuptiLibrary& lib, CUcontext ctx, CUdevice device, int ordinal);

}  // namespace probes::cuda
