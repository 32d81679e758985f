#pragma once
// One counted call on a CUDA context: the range profiler enabled with a fresh counter data image
// (auto range, kernel replay: each kernel launched until stop() is one range, replayed once per
// pass) and started; disabled again when destroyed, so timed calls run with no profiler attached.
#include <cuda.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "probes/cuda/cupti_host.hpp"
#include "probes/cuda/cupti_library.hpp"

namespace probes::cuda {

// Kernel launches one counted call may make (a case's run() launches one or a few).
inline constexpr std::size_t kMaxRanges = 64;

class CuptiSession {
 public:
  // Throws CuptiError naming the call that failed; nothing stays enabled then.
  CuptiSession(const CuptiLibrary& lib, CUcontext ctx, const CuptiHost& host);
  ~CuptiSession();
  CuptiSession(const CuptiSession&) = delete;
  CuptiSession& operator=(const CuptiSession&) = delete;

  // Stops, decodes and sums every range's values of the host's metrics. Throws CuptiError when a
  // call fails, ranges were dropped or no kernel ran.
  std::vector<double> stop(const CuptiHost& host);

 private:
  void configure_and_start(const CuptiHost& host);
  void disable();
  std::vector<double> decode(const CuptiHost& host);

  const CuptiLibrary& lib_;
  CUpti_RangeProfiler_Object* object_ = nullptr;
  std::vector<std::uint8_t> data_;
};

}  // namespace probes::cuda
