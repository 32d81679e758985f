#pragma once
// Warp- and block-scope reductions, one per BlockReduceAlgorithm, by an operator R (Plus or Max
// below): every thread passes its value; thread 0 gets the block's result. The trees need
// blockDim.x a power of two in 32..1024, the warp algorithms whole warps up to 1024 threads.
// The caller separates two calls in one kernel by a __syncthreads().
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include <cuda/std/limits>
#include <type_traits>

#include "kernels/cuda/common/block_reduce_algorithm.hpp"

namespace kernels::cuda {

constexpr unsigned kFullWarp = 0xffffffffu;

// A reduction's operator: its identity, the step, and cooperative groups' functor for it.
template <class A>
struct Plus {
  using value_type = A;
  using cg_op = cooperative_groups::plus<A>;
  static constexpr __device__ A identity() { return A{}; }
  __device__ __forceinline__ A operator()(A a, A b) const { return a + b; }
};

template <class A>
struct Max {
  using value_type = A;
  using cg_op = cooperative_groups::greater<A>;  // cg's "greater" returns the larger operand
  static constexpr __device__ A identity() { return ::cuda::std::numeric_limits<A>::lowest(); }
  __device__ __forceinline__ A operator()(A a, A b) const { return a > b ? a : b; }
};

template <BlockReduceAlgorithm B, class R, class A = typename R::value_type>
__device__ __forceinline__ A warp_reduce(A v) {
  if constexpr (B == BlockReduceAlgorithm::warp_cg) {
    namespace cg = cooperative_groups;
    return cg::reduce(cg::tiled_partition<32>(cg::this_thread_block()), v, typename R::cg_op{});
  } else if constexpr (B == BlockReduceAlgorithm::warp_redux) {
    // REDUX: an unsigned add (the int32 sum's wrap-around) or a signed max.
    static_assert(std::is_same_v<R, Plus<unsigned>> || std::is_same_v<R, Max<int>>,
                  "__reduce_add_sync / __reduce_max_sync take 32-bit integers");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
    __trap();  // REDUX is sm_80's; the host refuses warp_redux on older devices
    return v;
#else
    if constexpr (std::is_same_v<R, Max<int>>) return __reduce_max_sync(kFullWarp, v);
    return __reduce_add_sync(kFullWarp, v);
#endif
  } else {
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2)
      v = R{}(v, __shfl_xor_sync(kFullWarp, v, offset));
    return v;
  }
}

template <BlockReduceAlgorithm B, class A>
__device__ __forceinline__ A warp_sum(A v) {
  return warp_reduce<B, Plus<A>>(v);
}

// The log-step tree over one value per thread in `buffer`, halving the active threads while
// more than `last` values remain (last = 1: to one value; 32: then a warp finishes).
template <class R, class A>
__device__ __forceinline__ void tree(A* buffer, A v, unsigned last) {
  buffer[threadIdx.x] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s >= last; s /= 2) {
    if (threadIdx.x < s) buffer[threadIdx.x] = R{}(buffer[threadIdx.x], buffer[threadIdx.x + s]);
    __syncthreads();
  }
}

// Raking (CUB's BLOCK_REDUCE_RAKING): every thread stores its value, then each lane of the first
// warp combines a segment of blockDim.x / 32 consecutive values serially and the warp finishes.
// A padding slot after each segment puts the lanes' segments in distinct banks (a stride of
// segment + 1 words, odd when the segment is a power of two).
template <class R, class A>
__device__ __forceinline__ A rake(A* shared, A v) {
  if (blockDim.x == 32) return warp_reduce<BlockReduceAlgorithm::warp_shfl, R>(v);
  const unsigned segment = blockDim.x / 32;
  shared[threadIdx.x + threadIdx.x / segment] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    const A* mine = shared + threadIdx.x * (segment + 1);
    v = mine[0];
    for (unsigned i = 1; i < segment; ++i) v = R{}(v, mine[i]);
    v = warp_reduce<BlockReduceAlgorithm::warp_shfl, R>(v);
  }
  return v;
}

// `shared`: one value per thread for the shared-memory trees (and raking: one more per warp),
// one per warp for the warp algorithms; `scratch`: gmem_tree's blockDim.x values of device
// memory for this block.
template <BlockReduceAlgorithm B, class R, class A = typename R::value_type>
__device__ __forceinline__ A block_reduce(A v, A* shared, A* scratch) {
  using Algorithm = BlockReduceAlgorithm;
  if constexpr (B == Algorithm::gmem_tree || B == Algorithm::smem_tree) {
    A* buffer = B == Algorithm::gmem_tree ? scratch : shared;
    tree<R>(buffer, v, 1);
    return buffer[0];
  } else if constexpr (B == Algorithm::smem_tree_shfl) {
    if (blockDim.x == 32) return warp_reduce<Algorithm::warp_shfl, R>(v);
    tree<R>(shared, v, 64);  // 64 values left
    if (threadIdx.x < 32)
      v = warp_reduce<Algorithm::warp_shfl, R>(R{}(shared[threadIdx.x], shared[threadIdx.x + 32]));
    return v;
  } else if constexpr (B == Algorithm::raking) {
    return rake<R>(shared, v);
  } else {
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = warp_reduce<B, R>(v);
    if (lane == 0) shared[warp] = v;
    __syncthreads();
    if (warp == 0) v = warp_reduce<B, R>(lane < blockDim.x / 32 ? shared[lane] : R::identity());
    return v;
  }
}

template <BlockReduceAlgorithm B, class A>
__device__ __forceinline__ A block_sum(A v, A* shared, A* scratch) {
  return block_reduce<B, Plus<A>>(v, shared, scratch);
}

}  // namespace kernels::cuda
