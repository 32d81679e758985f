#pragma once
// Warp- and block-scope sums, one per BlockReduceAlgorithm: every thread passes its value;
// thread 0 gets the block's sum. The trees need blockDim.x a power of two in 32..1024, the warp
// algorithms whole warps up to 1024 threads. The caller separates two calls in one kernel by a
// __syncthreads().
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include <type_traits>

#include "kernels/cuda/common/block_reduce_algorithm.hpp"

namespace kernels::cuda {

constexpr unsigned kFullWarp = 0xffffffffu;

template <BlockReduceAlgorithm B, class A>
__device__ __forceinline__ A warp_sum(A v) {
  if constexpr (B == BlockReduceAlgorithm::warp_cg) {
    namespace cg = cooperative_groups;
    return cg::reduce(cg::tiled_partition<32>(cg::this_thread_block()), v, cg::plus<A>());
  } else if constexpr (B == BlockReduceAlgorithm::warp_redux) {
    static_assert(std::is_same_v<A, unsigned>, "__reduce_add_sync adds 32-bit integers");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
    __trap();  // REDUX is sm_80's; the host refuses warp_redux on older devices
    return v;
#else
    return __reduce_add_sync(kFullWarp, v);
#endif
  } else {
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(kFullWarp, v, offset);
    return v;
  }
}

// The log-step tree over one value per thread in `buffer`, halving the active threads while
// more than `last` values remain (last = 1: to one value; 32: then a warp finishes).
template <class A>
__device__ __forceinline__ void tree(A* buffer, A v, unsigned last) {
  buffer[threadIdx.x] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s >= last; s /= 2) {
    if (threadIdx.x < s) buffer[threadIdx.x] += buffer[threadIdx.x + s];
    __syncthreads();
  }
}

// `shared`: one value per thread for the shared-memory trees, one per warp for the warp
// algorithms; `scratch`: gmem_tree's blockDim.x values of device memory for this block.
template <BlockReduceAlgorithm B, class A>
__device__ __forceinline__ A block_sum(A v, A* shared, A* scratch) {
  using Algorithm = BlockReduceAlgorithm;
  if constexpr (B == Algorithm::gmem_tree || B == Algorithm::smem_tree) {
    A* buffer = B == Algorithm::gmem_tree ? scratch : shared;
    tree(buffer, v, 1);
    return buffer[0];
  } else if constexpr (B == Algorithm::smem_tree_shfl) {
    if (blockDim.x == 32) return warp_sum<Algorithm::warp_shfl>(v);
    tree(shared, v, 64);  // 64 values left
    if (threadIdx.x < 32)
      v = warp_sum<Algorithm::warp_shfl>(shared[threadIdx.x] + shared[threadIdx.x + 32]);
    return v;
  } else {
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = warp_sum<B>(v);
    if (lane == 0) shared[warp] = v;
    __syncthreads();
    if (warp == 0) v = warp_sum<B>(lane < blockDim.x / 32 ? shared[lane] : A{});
    return v;
  }
}

}  // namespace kernels::cuda
