#pragma once
// 2D block tiling on the device (gemm_plan.hpp): A's bm × bk and B's bk × bn tiles in shared
// memory, each thread a tm × tn register tile of X from them; with 16-byte global loads and stores
// or without. The kernel only (gemm_block_tiled.cu launches it).
#include "kernels/cuda/gemm_tile.cuh"

namespace kernels::cuda::gemm_device {

template <class T, class P, int V, class O>
__global__ void __launch_bounds__(P::value.threads)
    block_tiled(Dims d, const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ X) {
  constexpr GemmTile Tile = P::value;
  constexpr GemmOptions Options = O::value;
  constexpr int TM = Tile.tm, TN = Tile.tn, A_LD = Tile.bm + Options.a_pad;
  __shared__ __align__(16) T as[Tile.bk * A_LD];
  __shared__ __align__(16) T bs[Tile.bk * Tile.bn];
  const int tid = threadIdx.x;
  const BlockTile block = block_tile<Options.group_rows>();
  const int row0 = block.row * Tile.bm, col0 = block.col * Tile.bn;
  const int trow = tid / (Tile.bn / TN) * TM, tcol = tid % (Tile.bn / TN) * TN;
  T acc[TM][TN] = {};
  TileFetch<T, Tile, V, A_LD> tiles;
  for (int k0 = 0; k0 < d.k; k0 += Tile.bk) {
    tiles.fetch(A, B, d, row0, col0, k0, tid);
    tiles.stash(as, bs, tid);
    __syncthreads();
#pragma unroll
    for (int l = 0; l < Tile.bk; ++l) {
      T am[TM], bn[TN];
      load_fragment<T, TM, Options.smem_vectors>(am, &as[l * A_LD + trow]);
      load_fragment<T, TN, Options.smem_vectors>(bn, &bs[l * Tile.bn + tcol]);
      outer_product(acc, am, bn);
    }
    __syncthreads();
  }
  store_tile<T, TM, TN, V>(X, d, row0 + trow, col0 + tcol, acc);
}

}  // namespace kernels::cuda::gemm_device
