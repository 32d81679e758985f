#include "kernels/cuda/gemm_cublas.hpp"

#include <algorithm>
#include <cstdint>

#include "kernels/cuda/cublas.hpp"

#define ROOFLAB_CUBLAS(call) ::kernels::cuda::check_cublas((call), #call)

namespace kernels::cuda {
namespace {

// The column-major call's dimensions: Xᵀ (n × m) = Bᵀ (n × k) · Aᵀ (k × m); leading dimensions
// at least 1 (cuBLAS refuses 0 even where a matrix is empty).
struct ColumnMajor {
  std::int64_t rows, cols, depth, ldb, lda, ldx;
};
ColumnMajor column_major(const GemmShape& s) {
  return {s.n,
          s.m,
          s.k,
          std::max<std::int64_t>(s.n, 1),
          std::max<std::int64_t>(s.k, 1),
          std::max<std::int64_t>(s.n, 1)};
}

bool empty(const GemmShape& s) { return s.m == 0 || s.n == 0; }

cublasMath_t math_mode(CublasGemmMath m) {
  return m == CublasGemmMath::pedantic ? CUBLAS_PEDANTIC_MATH : CUBLAS_DEFAULT_MATH;
}

void gemm_ex(cublasHandle_t handle, const GemmShape& s, const void* a, const void* b,
             cudaDataType_t input, float* x, cublasComputeType_t compute) {
  if (empty(s)) return;
  const ColumnMajor c = column_major(s);
  const float one = 1, zero = 0;
  ROOFLAB_CUBLAS(cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH));
  ROOFLAB_CUBLAS(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));
  ROOFLAB_CUBLAS(cublasGemmEx_64(handle, CUBLAS_OP_N, CUBLAS_OP_N, c.rows, c.cols, c.depth, &one, b,
                                 input, c.ldb, a, input, c.lda, &zero, x, CUDA_R_32F, c.ldx,
                                 compute, CUBLAS_GEMM_DEFAULT));
}

}  // namespace

std::string_view to_string(CublasGemmMath m) {
  switch (m) {
    case CublasGemmMath::standard:
      return "default";
    case CublasGemmMath::pedantic:
      return "pedantic";
    case CublasGemmMath::tf32:
      return "tf32";
    case CublasGemmMath::bf16:
      return "bf16";
  }
  return "?";
}

std::string cublas_gemm_call(CublasGemmMath m, int element_bytes) {
  switch (m) {
    case CublasGemmMath::standard:
    case CublasGemmMath::pedantic:
      return std::string(element_bytes == 8 ? "cublasDgemm_64 " : "cublasSgemm_64 ") +
             (m == CublasGemmMath::pedantic ? "CUBLAS_PEDANTIC_MATH" : "CUBLAS_DEFAULT_MATH");
    case CublasGemmMath::tf32:
      return "cublasGemmEx_64 CUDA_R_32F CUBLAS_COMPUTE_32F_FAST_TF32";
    case CublasGemmMath::bf16:
      return "cublasGemmEx_64 CUDA_R_16BF inputs, CUDA_R_32F output, CUBLAS_COMPUTE_32F";
  }
  return "?";
}

std::string cublas_version() {
  int major = 0, minor = 0, patch = 0;
  cublasGetProperty(MAJOR_VERSION, &major);
  cublasGetProperty(MINOR_VERSION, &minor);
  cublasGetProperty(PATCH_LEVEL, &patch);
  return "cuBLAS " + std::to_string(major) + "." + std::to_string(minor) + "." +
         std::to_string(patch);
}

template <>
void cublas_gemm(cublasHandle_t handle, CublasGemmMath m, const GemmShape& s, const float* a,
                 const float* b, float* x) {
  if (empty(s)) return;
  const ColumnMajor c = column_major(s);
  const float one = 1, zero = 0;
  ROOFLAB_CUBLAS(cublasSetMathMode(handle, math_mode(m)));
  ROOFLAB_CUBLAS(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));
  ROOFLAB_CUBLAS(cublasSgemm_64(handle, CUBLAS_OP_N, CUBLAS_OP_N, c.rows, c.cols, c.depth, &one, b,
                                c.ldb, a, c.lda, &zero, x, c.ldx));
}

template <>
void cublas_gemm(cublasHandle_t handle, CublasGemmMath m, const GemmShape& s, const double* a,
                 const double* b, double* x) {
  if (empty(s)) return;
  const ColumnMajor c = column_major(s);
  const double one = 1, zero = 0;
  ROOFLAB_CUBLAS(cublasSetMathMode(handle, math_mode(m)));
  ROOFLAB_CUBLAS(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST));
  ROOFLAB_CUBLAS(cublasDgemm_64(handle, CUBLAS_OP_N, CUBLAS_OP_N, c.rows, c.cols, c.depth, &one, b,
                                c.ldb, a, c.lda, &zero, x, c.ldx));
}

void cublas_gemm_tf32(cublasHandle_t handle, const GemmShape& s, const float* a, const float* b,
                      float* x) {
  gemm_ex(handle, s, a, b, CUDA_R_32F, x, CUBLAS_COMPUTE_32F_FAST_TF32);
}

void cublas_gemm_bf16(cublasHandle_t handle, const GemmShape& s, const void* a, const void* b,
                      float* x) {
  gemm_ex(handle, s, a, b, CUDA_R_16BF, x, CUBLAS_COMPUTE_32F);
}

}  // namespace kernels::cuda
