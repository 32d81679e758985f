// The launches of the study's first steps: the naive kernel (B as is or transposed), the CUDA
// samples' shared-memory tiles and the register tiles without shared memory (the kernels in
// gemm_simple.cuh).
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/gemm.hpp"
#include "kernels/cuda/gemm_simple.cuh"
#include "kernels/cuda/gemm_tile.cuh"

namespace kernels::cuda::gemm_device {

template <class T>
void launch_naive(NaiveIndex index, const GemmTile& tile, const GemmLaunch& l, const GemmShape& s,
                  const T* a, const T* b, T* x) {
  with_table_tile<kNaiveTiles>(tile, [&]<GemmTile Tile>() {
    if (index == NaiveIndex::coalesced)
      naive<T, NaiveIndex::coalesced, TileType<Tile>><<<grid(l), l.threads>>>(dims(s), a, b, x);
    else
      naive<T, NaiveIndex::uncoalesced, TileType<Tile>><<<grid(l), l.threads>>>(dims(s), a, b, x);
  });
  check_launch("gemm naive");
}

template <class T>
void launch_naive_transposed_b(const GemmLaunch& l, const GemmShape& s, const T* a, const T* bt,
                               T* x) {
  naive_transposed_b<T><<<grid(l), l.threads>>>(dims(s), a, bt, x);
  check_launch("gemm naive_transposed_b");
}

template <class T>
void launch_smem_tiled(const GemmTile& tile, const GemmLaunch& l, const GemmShape& s, const T* a,
                       const T* b, T* x) {
  with_tile<kSmemTile16, kSmemTile32>(tile, [&]<GemmTile Tile>() {
    smem_tiled<T, TileType<Tile>><<<grid(l), l.threads>>>(dims(s), a, b, x);
  });
  check_launch("gemm smem_tiled");
}

template <class T>
void launch_register_tiled(const GemmTile& tile, const GemmLaunch& l, const GemmShape& s,
                           const T* a, const T* b, T* x) {
  with_table_tile<kRegisterTiles>(tile, [&]<GemmTile Tile>() {
    register_tiled<T, TileType<Tile>><<<grid(l), l.threads>>>(dims(s), a, b, x);
  });
  check_launch("gemm register_tiled");
}

#define ROOFLAB_GEMM_SIMPLE(T)                                                                     \
  template void launch_naive(NaiveIndex, const GemmTile&, const GemmLaunch&, const GemmShape&,     \
                             const T*, const T*, T*);                                              \
  template void launch_naive_transposed_b(const GemmLaunch&, const GemmShape&, const T*, const T*, \
                                          T*);                                                     \
  template void launch_smem_tiled(const GemmTile&, const GemmLaunch&, const GemmShape&, const T*,  \
                                  const T*, T*);                                                   \
  template void launch_register_tiled(const GemmTile&, const GemmLaunch&, const GemmShape&,        \
                                      const T*, const T*, T*);
ROOFLAB_GEMM_SIMPLE(float)
ROOFLAB_GEMM_SIMPLE(double)

}  // namespace kernels::cuda::gemm_device
