#include "kernels/cuda/cublas.hpp"

#include <string>

#include "kernels/cuda/cuda_check.hpp"

#define ROOFLAB_CUBLAS(call) ::kernels::cuda::check_cublas((call), #call)

namespace kernels::cuda {

void check_cublas(cublasStatus_t status, const char* call) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw CudaError(std::string(call) + ": " + cublasGetStatusName(status) + " (" +
                    cublasGetStatusString(status) + ")");
}

CublasHandle::~CublasHandle() {
  if (handle_) cublasDestroy(handle_);
}

cublasHandle_t CublasHandle::get() {
  if (!handle_) {
    ROOFLAB_CUBLAS(cublasCreate(&handle_));
  }
  return handle_;
}

template <>
void cublas_axpy(cublasHandle_t handle, std::int64_t n, float a, const float* x, float* y) {
  ROOFLAB_CUBLAS(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));
  ROOFLAB_CUBLAS(cublasSaxpy_64(handle, n, &a, x, 1, y, 1));
}
template <>
void cublas_axpy(cublasHandle_t handle, std::int64_t n, double a, const double* x, double* y) {
  ROOFLAB_CUBLAS(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));
  ROOFLAB_CUBLAS(cublasDaxpy_64(handle, n, &a, x, 1, y, 1));
}
template <>
void cublas_dot(cublasHandle_t handle, std::int64_t n, const float* x, const float* y,
                float* result) {
  ROOFLAB_CUBLAS(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE));
  ROOFLAB_CUBLAS(cublasSdot_64(handle, n, x, 1, y, 1, result));
}
template <>
void cublas_dot(cublasHandle_t handle, std::int64_t n, const double* x, const double* y,
                double* result) {
  ROOFLAB_CUBLAS(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE));
  ROOFLAB_CUBLAS(cublasDdot_64(handle, n, x, 1, y, 1, result));
}

}  // namespace kernels::cuda
