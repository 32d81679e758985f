#pragma once
// 2D block tiling on the device (gemm_plan.hpp): A's bm × bk and B's bk × bn tiles in shared
// memory, each thread a tm × tn register tile of X from them; with 16-byte global loads and stores
// or without. The kernel only (gemm_block_tiled.cu launches it).
#include "kernels/cuda/gemm_tile.cuh"

namespace kernels::cuda::gemm_device {

template <class T, class P, int V>
__global__ void __launch_bounds__(P::value.threads)
    block_tiled(Dims d, const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ X) {
  constexpr GemmTile Tile = P::value;
  constexpr int TM = Tile.tm, TN = Tile.tn;
  __shared__ __align__(16) T as[Tile.bk * Tile.bm];
  __shared__ __align__(16) T bs[Tile.bk * Tile.bn];
  const int tid = threadIdx.x;
  const int row0 = blockIdx.y * Tile.bm, col0 = blockIdx.x * Tile.bn;
  const int trow = tid / (Tile.bn / TN) * TM, tcol = tid % (Tile.bn / TN) * TN;
  T acc[TM][TN] = {};
  TileFetch<T, Tile, V> tiles;
  for (int k0 = 0; k0 < d.k; k0 += Tile.bk) {
    tiles.fetch(A, B, d, row0, col0, k0, tid);
    tiles.stash(as, bs, tid);
    __syncthreads();
#pragma unroll
    for (int l = 0; l < Tile.bk; ++l) {
      T am[TM], bn[TN];
#pragma unroll
      for (int i = 0; i < TM; ++i) am[i] = as[l * Tile.bm + trow + i];
#pragma unroll
      for (int j = 0; j < TN; ++j) bn[j] = bs[l * Tile.bn + tcol + j];
      outer_product(acc, am, bn);
    }
    __syncthreads();
  }
  store_tile<T, TM, TN, V>(X, d, row0 + trow, col0 + tcol, acc);
}

}  // namespace kernels::cuda::gemm_device
