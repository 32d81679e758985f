#pragma once
// The OpenCL cases of the `gemm` family: each case one (variant, element type, shape), verified
// with kernels/gemm's check before it is timed.
#include <memory>

#include "kernels/host_input_cache.hpp"
#include "kernels/opencl/gemm_kernel.hpp"
#include "kernels/opencl/runtime.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::opencl {

// Params: n, m, k, shape, technique; tile (tiled); rows, cols (register_tiled, block_tiled,
// warp_tiled); block_rows, block_cols, depth (block_tiled, warp_tiled); warp_rows, warp_cols,
// warp_col_iters, a_pad, group_rows (warp_tiled); group_x, group_y (naive,
// register_tiled); library and call (clblast). fp32 and fp64. Throws roofline::InputError for a
// config the device cannot run (gemm_unsupported's reason), a size < 1 or another precision.
// `cache` (may be null) keeps the host inputs for later cases.
std::unique_ptr<roofline::Case> make_gemm_case(const roofline::Device& device,
                                               std::shared_ptr<Runtime> runtime,
                                               const GemmClConfig& config, roofline::Precision p,
                                               const GemmShape& s,
                                               std::shared_ptr<HostInputCache> cache = {});

}  // namespace kernels::opencl
