#pragma once
// The GEMM family's vendor baseline and tensor-core reference points: cuBLAS, X = A·B row-major
// computed as the column-major Xᵀ = Bᵀ·Aᵀ (no transposes), enqueued on the default stream.
#include <cublas_v2.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "kernels/gemm.hpp"

namespace kernels::cuda {

enum class CublasGemmMath {
  // cublas{S,D}gemm under CUBLAS_PEDANTIC_MATH: the data's precision throughout, no TF32 (the
  // baseline of our SIMT kernels)
  pedantic,
  // cublasGemmEx on fp32 data with CUBLAS_COMPUTE_32F_FAST_TF32: tensor cores on inputs rounded to
  // TF32, float accumulation
  tf32,
  // cublasGemmEx on bf16 A and B and an fp32 X, CUBLAS_COMPUTE_32F: tensor cores, float
  // accumulation
  bf16,
};

inline constexpr CublasGemmMath kCublasGemmMaths[] = {CublasGemmMath::pedantic,
                                                      CublasGemmMath::tf32, CublasGemmMath::bf16};

std::string_view to_string(CublasGemmMath m);  // "pedantic", "tf32", "bf16"
// The call it makes ("cublasSgemm_64", "cublasGemmEx_64 CUBLAS_COMPUTE_32F_FAST_TF32", …) for
// elements of `element_bytes` (pedantic).
std::string cublas_gemm_call(CublasGemmMath m, int element_bytes);
// "cuBLAS 13.0.0" (cublasGetProperty).
std::string cublas_version();

// cublas{S,D}gemm_64 under pedantic math, the handle's math mode set for the call.
template <class T>
void cublas_gemm(cublasHandle_t handle, const GemmShape& s, const T* a, const T* b, T* x);
// cublasGemmEx_64, TF32 compute on float data.
void cublas_gemm_tf32(cublasHandle_t handle, const GemmShape& s, const float* a, const float* b,
                      float* x);
// cublasGemmEx_64 on bf16 a and b (__nv_bfloat16 arrays) into a float x.
void cublas_gemm_bf16(cublasHandle_t handle, const GemmShape& s, const void* a, const void* b,
                      float* x);

// Rounds n floats on the device to bf16 (round to nearest even): into `bf16` (n __nv_bfloat16),
// and `values` in place to the rounded values, so that a host check sees the inputs the tensor
// cores multiply.
void round_to_bf16(float* values, void* bf16, std::size_t n);

}  // namespace kernels::cuda
