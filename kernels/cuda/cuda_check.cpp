#include "kernels/cuda/cuda_check.hpp"

namespace kernels::cuda {

std::string cuda_error_text(cudaError_t status, const std::string& call) {
  return call + ": " + cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ")";
}

void check(cudaError_t status, const char* call) {
  if (status == cudaSuccess) return;
  // A failed call also leaves its error as the runtime's last error; consume it, or the next
  // launch's check would report it again (a sticky error stays in any case).
  cudaGetLastError();
  throw CudaError(cuda_error_text(status, call));
}

void check_launch(const char* kernel) {
  // The message only on failure: every launch passes here, the launch probe's too.
  if (const cudaError_t status = cudaGetLastError(); status != cudaSuccess)
    check(status, (std::string("launch of ") + kernel).c_str());
}

}  // namespace kernels::cuda
