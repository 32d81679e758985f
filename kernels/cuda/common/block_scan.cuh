#pragma once
// Warp- and block-scope prefix sums, one per BlockScanAlgorithm: every thread passes its value and
// gets the sum of the values of the threads before it (thread 0: zero) and the block's total. The
// block has Threads threads, a multiple of 32 up to 1024. The caller separates two calls in one
// kernel, and a call from the next use of its shared memory, by a __syncthreads().
#include "kernels/cuda/common/block_reduce.cuh"
#include "kernels/cuda/common/block_scan_algorithm.hpp"

namespace kernels::cuda {

// The inclusive scan of a warp's values by __shfl_up_sync: 5 steps of log-step (Kogge-Stone)
// adds, lane l receiving lane l − offset's partial.
template <class A>
__device__ __forceinline__ A warp_inclusive_scan(A v) {
  const unsigned lane = threadIdx.x % 32;
#pragma unroll
  for (unsigned offset = 1; offset < 32; offset *= 2) {
    const A up = __shfl_up_sync(kFullWarp, v, offset);
    if (lane >= offset) v += up;
  }
  return v;
}

// Shared memory a block scan needs, in values.
template <BlockScanAlgorithm B, int Threads>
constexpr int block_scan_shared_values() {
  return B == BlockScanAlgorithm::smem ? 2 * Threads : Threads / 32;
}

// Returns the exclusive prefix of v over the block's threads; `total` gets the block's sum in
// every thread. `shared` holds block_scan_shared_values<B, Threads>() values.
template <BlockScanAlgorithm B, int Threads, class A>
__device__ __forceinline__ A block_exclusive_scan(A v, A* shared, A& total) {
  static_assert(Threads % 32 == 0 && Threads <= 1024, "whole warps, at most 1024 threads");
  const unsigned t = threadIdx.x;
  if constexpr (B == BlockScanAlgorithm::warp_shfl) {
    constexpr int kWarps = Threads / 32;
    const unsigned lane = t % 32, warp = t / 32;
    const A inclusive = warp_inclusive_scan(v);
    A exclusive = __shfl_up_sync(kFullWarp, inclusive, 1);
    if (lane == 0) exclusive = A{};
    if (lane == 31) shared[warp] = inclusive;
    __syncthreads();
    A before{};
    total = A{};
#pragma unroll
    for (int w = 0; w < kWarps; ++w) {
      const A s = shared[w];
      if (w < static_cast<int>(warp)) before += s;
      total += s;
    }
    return before + exclusive;
  } else {
    A* in = shared;
    A* out = shared + Threads;
    in[t] = v;
    __syncthreads();
#pragma unroll
    for (unsigned offset = 1; offset < Threads; offset *= 2) {
      A x = in[t];
      if (t >= offset) x += in[t - offset];
      out[t] = x;
      __syncthreads();
      A* swap = in;
      in = out;
      out = swap;
    }
    total = in[Threads - 1];
    return t > 0 ? in[t - 1] : A{};
  }
}

}  // namespace kernels::cuda
