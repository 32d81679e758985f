#pragma once
// Warp tiling with double buffering on the device (gemm_plan.hpp): block tile → warp tile → thread
// tile, A's and B's tiles in two stages of shared memory; the next k step's 16-byte global loads
// are held in registers while the current stage is multiplied, then stashed into the other stage,
// one barrier per k step. The kernel only (gemm_warp_tiled.cu launches it).
#include "kernels/cuda/gemm_tile.cuh"

namespace kernels::cuda::gemm_device {

template <class T, class P, class O>
__global__ void __launch_bounds__(P::value.threads)
    warp_tiled(Dims d, const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ X) {
  constexpr GemmTile Tile = P::value;
  constexpr GemmOptions Options = O::value;
  constexpr int A_LD = Tile.bm + Options.a_pad;
  constexpr int V = 16 / sizeof(T), TM = Tile.tm, TN = Tile.tn, WN_ITER = Tile.wn_iter;
  // A warp's tile is WM_ITER × WN_ITER sub-tiles; in each, a lane holds a TM × TN tile.
  constexpr int WM_ITER = Tile.wm * Tile.wn / (32 * TM * TN * WN_ITER);
  constexpr int SUB_M = Tile.wm / WM_ITER, SUB_N = Tile.wn / WN_ITER;
  constexpr int LANE_COLS = SUB_N / TN;
  __shared__ __align__(16) T as[2][Tile.bk * A_LD];
  __shared__ __align__(16) T bs[2][Tile.bk * Tile.bn];
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const int wrow = warp / (Tile.bn / Tile.wn) * Tile.wm,
            wcol = warp % (Tile.bn / Tile.wn) * Tile.wn;
  const int lrow = lane / LANE_COLS * TM, lcol = lane % LANE_COLS * TN;
  const BlockTile block = block_tile<Options.group_rows>();
  const int row0 = block.row * Tile.bm, col0 = block.col * Tile.bn;
  T acc[WM_ITER][WN_ITER][TM][TN] = {};
  TileFetch<T, Tile, V, A_LD> tiles;
  tiles.fetch(A, B, d, row0, col0, 0, tid);
  tiles.stash(as[0], bs[0], tid);
  __syncthreads();
  const int steps = (d.k + Tile.bk - 1) / Tile.bk;
  for (int step = 0; step < steps; ++step) {
    const int stage = step & 1;
    const bool next = step + 1 < steps;
    if (next) tiles.fetch(A, B, d, row0, col0, (step + 1) * Tile.bk, tid);
#pragma unroll
    for (int l = 0; l < Tile.bk; ++l) {
      T am[WM_ITER][TM], bn[WN_ITER][TN];
#pragma unroll
      for (int wi = 0; wi < WM_ITER; ++wi)
        load_fragment<T, TM, Options.smem_vectors>(am[wi],
                                                   &as[stage][l * A_LD + wrow + wi * SUB_M + lrow]);
#pragma unroll
      for (int wj = 0; wj < WN_ITER; ++wj)
        load_fragment<T, TN, Options.smem_vectors>(
            bn[wj], &bs[stage][l * Tile.bn + wcol + wj * SUB_N + lcol]);
#pragma unroll
      for (int wi = 0; wi < WM_ITER; ++wi)
#pragma unroll
        for (int wj = 0; wj < WN_ITER; ++wj) outer_product(acc[wi][wj], am[wi], bn[wj]);
    }
    // The other stage was last read in the step before, behind the barrier that ended it.
    if (next) tiles.stash(as[stage ^ 1], bs[stage ^ 1], tid);
    __syncthreads();
  }
#pragma unroll
  for (int wi = 0; wi < WM_ITER; ++wi)
#pragma unroll
    for (int wj = 0; wj < WN_ITER; ++wj)
      store_tile<T, TM, TN, V>(X, d, row0 + wrow + wi * SUB_M + lrow,
                               col0 + wcol + wj * SUB_N + lcol, acc[wi][wj]);
}

}  // namespace kernels::cuda::gemm_device
