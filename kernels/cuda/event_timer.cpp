#include "kernels/cuda/event_timer.hpp"

#include <algorithm>

#include "kernels/cuda/cuda_check.hpp"

namespace kernels::cuda {

EventTimer::EventTimer() {
  ROOFLAB_CUDA(cudaEventCreate(&start_));
  ROOFLAB_CUDA(cudaEventCreate(&stop_));
}

EventTimer::~EventTimer() {
  cudaEventDestroy(start_);
  cudaEventDestroy(stop_);
}

double EventTimer::time(const std::function<void()>& launch) {
  ROOFLAB_CUDA(cudaEventRecord(start_));
  launch();
  ROOFLAB_CUDA(cudaEventRecord(stop_));
  ROOFLAB_CUDA(cudaEventSynchronize(stop_));
  float ms = 0;
  ROOFLAB_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
  return ms * 1e-3;
}

double EventTimer::time_calls(int calls, const std::function<void()>& call) {
  if (calls <= 1)
    return time([&] {
      if (calls == 1) call();
    });
  double seconds = 0;
  for (int done = 0; done < calls;) {
    const int group = std::min(kGatedCalls, calls - done);
    if (!gate_) gate_.emplace();
    gate_->close();
    try {
      ROOFLAB_CUDA(cudaEventRecord(start_));
      for (int k = 0; k < group; ++k) call();
      ROOFLAB_CUDA(cudaEventRecord(stop_));
    } catch (...) {
      gate_->open();
      throw;
    }
    gate_->open();
    ROOFLAB_CUDA(cudaEventSynchronize(stop_));
    float ms = 0;
    ROOFLAB_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
    seconds += ms * 1e-3;
    done += group;
  }
  return seconds;
}

}  // namespace kernels::cuda
