#pragma once
// Device-side timing of one launch, or of calls back to back, with a pair of CUDA events
// (resolution about 0.5 µs).
#include <cuda_runtime_api.h>

#include <functional>
#include <optional>

#include "kernels/cuda/launch_gate.hpp"

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

  // The seconds of `calls` calls of `call` back to back, as the device runs them: in groups of up
  // to kGatedCalls (well inside the launches a stream queues before the host blocks), each behind
  // a closed LaunchGate opened once the whole group is enqueued, so that the device runs a
  // group's calls one after the other at its own pace and not at the host's, whose launch of a
  // few µs each (and any preemption of its thread) otherwise set the time of short calls; the
  // groups' spans between their events, added. One call is timed as time() does.
  double time_calls(int calls, const std::function<void()>& call);
  static constexpr int kGatedCalls = 64;

 private:
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  std::optional<LaunchGate> gate_;  // made by the first calls back to back
};

}  // namespace kernels::cuda
