#pragma once
// The reference beside each tensor-core roof: cuBLAS's own GEMM on the same matrix units, in the
// same probe (cublasGemmEx: fp16 and bf16 inputs with CUBLAS_COMPUTE_32F, fp32 inputs with
// CUBLAS_COMPUTE_32F_FAST_TF32, int8 with CUBLAS_COMPUTE_32I, fp64 with CUBLAS_COMPUTE_64F;
// cublasLtMatmul: fp8 e4m3 inputs with CUBLAS_COMPUTE_32F and an fp32 C), and the fp32 FMA
// path's (cublasGemmEx f32 with CUBLAS_COMPUTE_32F: FFMA) for its sustained rate.
#include <memory>
#include <optional>
#include <string>

#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace probes::cuda {

// What A and B hold.
// - constant: every element of A is a and of B is b (small integers, as in the probe, so its
//   power draw is the probe's); every element of C is checked against n·a·b exactly.
// - random: uniform in [-1, 1] as the type stores them (tf32: 10 mantissa bits; int8: every value
//   of the type), which toggle the units' inputs as real data does and draw the most power. 256
//   sampled elements of C are checked against the host's sum in double of the stored values,
//   within the accumulator's rounding bound: n·u·Σ|a·b| (u = 2^-24 for fp32 sums, 2^-53 for fp64),
//   2^-7·Σ|a·b| for fp8 (the tensor cores' partial sums are narrower than fp32's), int8 exactly.
enum class GemmOperands { constant, random };

// The cuBLAS call for a tensor precision's GEMM ("cublasGemmEx f16 x f16 -> f32,
// CUBLAS_COMPUTE_32F"); nullopt for a precision that is not a tensor type.
std::optional<std::string> tensor_gemm_call(roofline::Precision p);
// The call of gemm_call(p): tensor_gemm_call's, and fp32's FFMA GEMM; nullopt for another.
std::optional<std::string> gemm_call(roofline::Precision p);

// Family "tensor_gemm", variant "cublas" (constant operands) or "cublas_random"; C = A·B of n × n
// matrices (Aᵀ stored, the layout int8 needs). Throws roofline::InputError for a precision
// without a gemm_call or n not a positive multiple of 16.
std::unique_ptr<roofline::Case> make_tensor_gemm_case(
    const roofline::Device& device, roofline::Precision p, int n,
    GemmOperands operands = GemmOperands::constant);

}  // namespace probes::cuda
