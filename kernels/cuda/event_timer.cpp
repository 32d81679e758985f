#include "kernels/cuda/event_timer.hpp"

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

}  // namespace kernels::cuda
