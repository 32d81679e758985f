#pragma once
// Every CUDA runtime call is checked: a failure throws CudaError naming the call, the error's name
// and its description, which the harness records as that variant's error.
#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

namespace kernels::cuda {

struct CudaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "call: cudaErrorName (description)".
std::string cuda_error_text(cudaError_t status, const std::string& call);

// Throws CudaError when status is not cudaSuccess.
void check(cudaError_t status, const char* call);

// After a kernel launch: a bad configuration shows up in cudaGetLastError.
void check_launch(const char* kernel);

}  // namespace kernels::cuda

// The call's own text goes into the error message.
#define ROOFLAB_CUDA(call) ::kernels::cuda::check((call), #call)
