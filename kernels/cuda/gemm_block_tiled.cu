// The launch of 2D block tiling (the kernel in gemm_block_tiled.cuh).
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/gemm.hpp"
#include "kernels/cuda/gemm_block_tiled.cuh"
#include "kernels/cuda/gemm_tile.cuh"
#include "kernels/precision_dispatch.hpp"

namespace kernels::cuda::gemm_device {

template <class T>
void launch_block_tiled(const GemmTile& tile, bool vector, const GemmOptions& options,
                        const GemmLaunch& l, const GemmShape& s, const T* a, const T* b, T* x) {
  with_tuned_tile<GemmKernel::block_tiled, precision_of<T>()>(
      tile, options, [&]<GemmTile Tile, GemmOptions Options>() {
        using O = OptionsType<Options>;
        if (vector)
          block_tiled<T, TileType<Tile>, 16 / sizeof(T), O>
              <<<grid(l), l.threads>>>(dims(s), a, b, x);
        else
          block_tiled<T, TileType<Tile>, 1, O><<<grid(l), l.threads>>>(dims(s), a, b, x);
      });
  check_launch("gemm block_tiled");
}

template void launch_block_tiled(const GemmTile&, bool, const GemmOptions&, const GemmLaunch&,
                                 const GemmShape&, const float*, const float*, float*);
template void launch_block_tiled(const GemmTile&, bool, const GemmOptions&, const GemmLaunch&,
                                 const GemmShape&, const double*, const double*, double*);

}  // namespace kernels::cuda::gemm_device
