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
  using Warp = WarpTiling<T, Tile, Options.smem_vectors>;
  __shared__ __align__(16) T as[2][Tile.bk * A_LD];
  __shared__ __align__(16) T bs[2][Tile.bk * Tile.bn];
  const int tid = threadIdx.x;
  const Warp w(tid);
  const BlockTile block = block_tile<Options.group_rows>();
  const int row0 = block.row * Tile.bm, col0 = block.col * Tile.bn;
  typename Warp::Accumulators acc{};
  TileFetch<T, Tile, 16 / sizeof(T), A_LD> tiles;
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
      typename Warp::Fragments f;
      w.load(f, &as[stage][l * A_LD], &bs[stage][l * Tile.bn]);
      Warp::multiply(acc, f);
    }
    // The other stage was last read in the step before, behind the barrier that ended it.
    if (next) tiles.stash(as[stage ^ 1], bs[stage ^ 1], tid);
    __syncthreads();
  }
  w.store(X, d, row0, col0, acc);
}

}  // namespace kernels::cuda::gemm_device
