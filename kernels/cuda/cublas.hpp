#pragma once
// The cuBLAS calls the vendor baselines time, every status checked like a CUDA call.
#include <cublas_v2.h>

#include <cstdint>

namespace kernels::cuda {

// Throws CudaError "call: CUBLAS_STATUS_… (description)" when status is not success.
void check_cublas(cublasStatus_t status, const char* call);

// A cuBLAS handle created on first use (inside a case's measured steps, so a failure is that
// case's error), on the default stream.
class CublasHandle {
 public:
  CublasHandle() = default;
  ~CublasHandle();
  CublasHandle(const CublasHandle&) = delete;
  CublasHandle& operator=(const CublasHandle&) = delete;
  cublasHandle_t get();

 private:
  cublasHandle_t handle_ = nullptr;
};

// y = a·x + y (cublas{S,D}axpy, a passed from the host), enqueued.
template <class T>
void cublas_axpy(cublasHandle_t handle, std::int64_t n, T a, const T* x, T* y);

// *result = x·y (cublas{S,D}dot) with the result in device memory, enqueued.
template <class T>
void cublas_dot(cublasHandle_t handle, std::int64_t n, const T* x, const T* y, T* result);

}  // namespace kernels::cuda
