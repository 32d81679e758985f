#pragma once
// A thread's share of a block's tile: `Loads` vectors of V elements, in the striped or blocked
// layout (CUB's BLOCK_LOAD_STRIPED / BLOCK_LOAD_DIRECT), all issued before any is used so that
// Loads × 16 bytes per thread are in flight.
#include "kernels/cuda/reduce_plan.hpp"
#include "kernels/cuda/vector.cuh"

namespace kernels::cuda {

// The index, in vectors from the tile's start, of load i of the calling thread.
template <BlockLoad L, int Loads>
__device__ __forceinline__ unsigned tile_vector(int i) {
  if constexpr (L == BlockLoad::striped) return i * blockDim.x + threadIdx.x;
  return threadIdx.x * Loads + i;
}

// `tile` is aligned to V elements.
template <BlockLoad L, int Loads, class T, int V>
__device__ __forceinline__ void load_tile(const T* tile, Vector<T, V> (&out)[Loads]) {
#pragma unroll
  for (int i = 0; i < Loads; ++i)
    out[i] = load<T, V>(tile + std::size_t{tile_vector<L, Loads>(i)} * V);
}

}  // namespace kernels::cuda
