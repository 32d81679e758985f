#pragma once
// The CUDA cases of the `gemm` family: our ladder (gemm_plan.hpp) and cuBLAS, one case per
// (variant, element type, shape). A and B are filled on the device with kernels/inputs.hpp's
// values (the CPU cases' seeds); a case verifies one launch over an X poisoned with NaN against
// kernels/gemm's reference, from A and B read back from the device.
#include <memory>
#include <string>

#include "kernels/cuda/gemm_cublas.hpp"
#include "kernels/cuda/gemm_plan.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cuda {

// One of our kernels. Params: n, m, k, shape, kernel, index (naive), the tile (bm, bn, bk, wm,
// wn, wn_iter, tm, tn, threads), vector_bytes, the options (a_pad, smem_vectors, group_rows), and
// tile_evidence for a tuned or swept tile (its kGemmTunings or kGemmSweep row, found by tile and
// options in precision p). Declared work: gemm_work, its algorithm_bytes
// the traffic the block tiling implies (gemm_tile_traffic). Throws roofline::InputError for a tile
// check_tile refuses; a shape plan_gemm refuses is the case's error, raised when it prepares
// (before it allocates), so the reason is in the results.
std::unique_ptr<roofline::Case> make_gemm_case(const roofline::Device& device, const GemmConfig& c,
                                               roofline::Precision p, const GemmShape& s);

// "cublas" (standard: the baseline), "cublas_pedantic", "cublas_tf32", "cublas_bf16".
std::string cublas_gemm_variant_name(CublasGemmMath m);

// cuBLAS in math m. Params: n, m, k, shape, library, call, math, and where it runs on tensor
// cores what they compute (and for tf32 and bf16 the tolerance they are checked against). Each is
// declared as the work of the units it runs on, so that it is placed under their roof:
// - standard, pedantic: fp32 or fp64, checked as our kernels are; fp64 on a GPU of compute
//   capability 8.0 or later as fp64_tensor work (cuBLAS runs DGEMM on DMMA there).
// - tf32: fp32 data, tf32_tensor work; checked against gemm_tensor_tolerance(2^-10, k).
// - bf16: bf16_tensor work (2·m·n·k FLOPs, bf16 A and B, an fp32 X: 2·(m·k + k·n) + 4·m·n
//   bytes). A and B are rounded to bf16 on the device and the check multiplies the rounded
//   values: gemm_tensor_tolerance(0, k).
// Throws roofline::InputError for another precision.
std::unique_ptr<roofline::Case> make_cublas_gemm_case(const roofline::Device& device,
                                                      CublasGemmMath m, roofline::Precision p,
                                                      const GemmShape& s);

}  // namespace kernels::cuda
