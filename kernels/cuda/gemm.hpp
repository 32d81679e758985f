#pragma once
// The launches of our GEMM kernels (gemm_plan.hpp describes them): x = a·b, row-major, on the
// default stream.
#include "kernels/cuda/gemm_plan.hpp"

namespace kernels::cuda {

// Enqueues config c on shape s (nothing for an empty X). Throws roofline::InputError for what
// plan_gemm refuses, CudaError for a launch that fails. a, b and x are device pointers on 16 bytes
// (cudaMalloc's); b is B transposed (n × k) for naive_transposed_b.
template <class T>
void gemm_launch(const GemmConfig& c, const GemmShape& s, const T* a, const T* b, T* x);

namespace gemm_device {

// One per kernel file, each dispatching the tile to its compiled instance (std::logic_error for
// a tile check_tile would have refused).
template <class T>
void launch_naive(NaiveIndex index, const GemmTile& tile, const GemmLaunch& l, const GemmShape& s,
                  const T* a, const T* b, T* x);
template <class T>
void launch_naive_transposed_b(const GemmLaunch& l, const GemmShape& s, const T* a, const T* bt,
                               T* x);
template <class T>
void launch_smem_tiled(const GemmTile& tile, const GemmLaunch& l, const GemmShape& s, const T* a,
                       const T* b, T* x);
template <class T>
void launch_register_tiled(const GemmTile& tile, const GemmLaunch& l, const GemmShape& s,
                           const T* a, const T* b, T* x);
template <class T>
void launch_block_tiled(const GemmTile& tile, bool vector, const GemmOptions& options,
                        const GemmLaunch& l, const GemmShape& s, const T* a, const T* b, T* x);
template <class T>
void launch_warp_tiled(const GemmTile& tile, const GemmOptions& options, const GemmLaunch& l,
                       const GemmShape& s, const T* a, const T* b, T* x);
template <class T>
void launch_warp_tiled_async(const GemmTile& tile, const GemmOptions& options, const GemmLaunch& l,
                             const GemmShape& s, const T* a, const T* b, T* x);

}  // namespace gemm_device
}  // namespace kernels::cuda
