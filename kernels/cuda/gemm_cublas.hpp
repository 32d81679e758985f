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
  // cublas{S,D}gemm in cuBLAS's default math mode, as its users call it: the data's precision
  // throughout (fp32 data is not rounded to TF32); the family's baseline
  standard,
  // the same calls under CUBLAS_PEDANTIC_MATH, a deliberately restricted mode (no algorithm that
  // could change results, e.g. split-K reductions in another order)
  pedantic,
  // cublasGemmEx on fp32 data with CUBLAS_COMPUTE_32F_FAST_TF32: tensor cores on inputs rounded to
  // TF32, float accumulation
  tf32,
  // cublasGemmEx on bf16 A and B and an fp32 X, CUBLAS_COMPUTE_32F: tensor cores, float
  // accumulation
  bf16,
};

std::string_view to_string(CublasGemmMath m);  // "default", "pedantic", "tf32", "bf16"
// The call it makes ("cublasDgemm_64 CUBLAS_DEFAULT_MATH", "cublasGemmEx_64 CUDA_R_32F
// CUBLAS_COMPUTE_32F_FAST_TF32", …) for elements of `element_bytes` (standard, pedantic).
std::string cublas_gemm_call(CublasGemmMath m, int element_bytes);
// "cuBLAS 13.0.0" (cublasGetProperty).
std::string cublas_version();

// cublas{S,D}gemm_64 in math mode `m` (standard or pedantic), set on the handle for the call.
template <class T>
void cublas_gemm(cublasHandle_t handle, CublasGemmMath m, const GemmShape& s, const T* a,
                 const T* b, T* x);
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
