#pragma once
// A thread's share of a block's tile: `Loads` vectors of V elements, in the striped or blocked
// layout, all issued before any is used so that Loads × 16 bytes per thread are in flight.
#include <cstddef>

#include "kernels/cuda/vector.cuh"

namespace kernels::cuda {

// Which vectors of the tile a thread loads (CUB's BLOCK_LOAD_STRIPED and BLOCK_LOAD_DIRECT).
enum class BlockLoadAlgorithm {
  striped,  // load i of thread t is vector i·blockDim.x + t: a warp's loads are contiguous
  blocked,  // thread t loads vectors t·Loads … t·Loads + Loads − 1
};

// The index, in vectors from the tile's start, of load i of the calling thread.
template <BlockLoadAlgorithm L, int Loads>
__device__ __forceinline__ unsigned tile_vector(int i) {
  if constexpr (L == BlockLoadAlgorithm::striped) return i * blockDim.x + threadIdx.x;
  return threadIdx.x * Loads + i;
}

// `tile` is aligned to V elements.
template <BlockLoadAlgorithm L, int Loads, class T, int V>
__device__ __forceinline__ void load_tile(const T* tile, Vector<T, V> (&out)[Loads]) {
#pragma unroll
  for (int i = 0; i < Loads; ++i)
    out[i] = load<T, V>(tile + std::size_t{tile_vector<L, Loads>(i)} * V);
}

// load_tile for a tile whose first `valid` elements exist (CUB's guarded loads): every load is
// compared with `valid`; one that would read past it is loaded element by element, with `fill`
// for the missing ones.
template <BlockLoadAlgorithm L, int Loads, class T, int V>
__device__ __forceinline__ void load_tile_checked(const T* tile, std::size_t valid, T fill,
                                                  Vector<T, V> (&out)[Loads]) {
#pragma unroll
  for (int i = 0; i < Loads; ++i) {
    const std::size_t at = std::size_t{tile_vector<L, Loads>(i)} * V;
    if (at + V <= valid) {
      out[i] = load<T, V>(tile + at);
    } else {
#pragma unroll
      for (int k = 0; k < V; ++k)
        out[i].v[k] = at + k < valid ? load<T, 1>(tile + at + k).v[0] : fill;
    }
  }
}

}  // namespace kernels::cuda
