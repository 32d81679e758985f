// The launches of the study's first steps: the naive kernel, the CUDA samples' shared-memory tiles
// and the register tiles without shared memory (the kernels in gemm_simple.cuh).
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/gemm.hpp"
#include "kernels/cuda/gemm_simple.cuh"
#include "kernels/cuda/gemm_tile.cuh"

namespace kernels::cuda::gemm_device {

template <class T>
void launch_naive(NaiveIndex index, const GemmLaunch& l, const GemmShape& s, const T* a, const T* b,
                  T* x) {
  if (index == NaiveIndex::coalesced)
    naive<T, NaiveIndex::coalesced><<<grid(l), l.threads>>>(dims(s), a, b, x);
  else
    naive<T, NaiveIndex::uncoalesced><<<grid(l), l.threads>>>(dims(s), a, b, x);
  check_launch("gemm naive");
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
  with_tile<kRegisterTile4x4, kRegisterTile8x4>(tile, [&]<GemmTile Tile>() {
    register_tiled<T, TileType<Tile>><<<grid(l), l.threads>>>(dims(s), a, b, x);
  });
  check_launch("gemm register_tiled");
}

#define ROOFLAB_GEMM_SIMPLE(T)                                                                    \
  template void launch_naive(NaiveIndex, const GemmLaunch&, const GemmShape&, const T*, const T*, \
                             T*);                                                                 \
  template void launch_smem_tiled(const GemmTile&, const GemmLaunch&, const GemmShape&, const T*, \
                                  const T*, T*);                                                  \
  template void launch_register_tiled(const GemmTile&, const GemmLaunch&, const GemmShape&,       \
                                      const T*, const T*, T*);
ROOFLAB_GEMM_SIMPLE(float)
ROOFLAB_GEMM_SIMPLE(double)

}  // namespace kernels::cuda::gemm_device
