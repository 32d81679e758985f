#pragma once
// Device-side timing of one launch with a pair of CUDA events (resolution about 0.5 µs).
#include <cuda_runtime_api.h>

#include <functional>

namespace kernels::cuda {

class EventTimer {
 public:
  EventTimer();
  ~EventTimer();
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;

  // Records an event, calls `launch` (which enqueues work on the default stream), records a
  // second event, waits for it and returns the seconds between the two.
  double time(const std::function<void()>& launch);

 private:
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

}  // namespace kernels::cuda
