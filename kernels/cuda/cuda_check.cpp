#include "kernels/cuda/cuda_check.hpp"

namespace kernels::cuda {

std::string cuda_error_text(cudaError_t status, const std::string& call) {
  return call + ": " + cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ")";
}

void check(cudaError_t status, const char* call) {
  if (status != cudaSuccess) throw CudaError(cuda_error_text(status, call));
}

void check_launch(const char* kernel) {
  check(cudaGetLastError(), (std::string("launch of ") + kernel).c_str());
}

}  // namespace kernels::cuda
