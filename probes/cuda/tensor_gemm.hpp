#pragma once
// The reference beside each tensor-core roof: cuBLAS's own GEMM on the same matrix units, in the
// same probe (cublasGemmEx: fp16 and bf16 inputs with CUBLAS_COMPUTE_32F, fp32 inputs with
// CUBLAS_COMPUTE_32F_FAST_TF32, int8 with CUBLAS_COMPUTE_32I, fp64 with CUBLAS_COMPUTE_64F;
// cublasLtMatmul: fp8 e4m3 inputs with CUBLAS_COMPUTE_32F and an fp32 C). Every
// element of A is a and of B is b (small integers, as in the probe, so its power draw is the
// probe's), and every element of C is checked against n·a·b exactly.
#include <memory>
#include <optional>
#include <string>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

// The cuBLAS call for a tensor precision's GEMM ("cublasGemmEx f16 x f16 -> f32,
// CUBLAS_COMPUTE_32F"); nullopt for a precision that is not a tensor type.
std::optional<std::string> tensor_gemm_call(roofline::Precision p);

// Family "tensor_gemm", variant "cublas"; C = A·B of n × n matrices (Aᵀ stored, the layout int8
// needs). Throws roofline::InputError for a precision without a call or n not a positive
// multiple of 16.
std::unique_ptr<roofline::Case> make_tensor_gemm_case(const roofline::Device& device,
                                                      roofline::Precision p, int n);

}  // namespace probes::cuda
