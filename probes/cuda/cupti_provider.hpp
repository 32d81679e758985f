#pragma once
// Hardware counters of an NVIDIA GPU through the CUDA 13 range profiler: auto range with kernel
// replay, so every kernel launched between start() and stop() is one range, replayed by CUPTI
// once per pass (memory saved and restored); a reading is the sum over the call's ranges.
// Where CUPTI cannot load or the device cannot be profiled, every reading is "n/a" with the
// reason (the failing call and its CUptiResult) and the run goes on.
#include <memory>

#include "probes/cuda/cupti_library.hpp"
#include "roofline/counters.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

// The provider of the CUDA device with ordinal facts["ordinal"], through `lib`.
std::unique_ptr<roofline::CounterProvider> make_cupti_provider(const roofline::Device& device,
                                                               const CuptiLibrary& lib);

}  // namespace probes::cuda
