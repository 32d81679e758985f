// The launch of warp tiling with double buffering (the kernel in gemm_warp_tiled.cuh).
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/gemm.hpp"
#include "kernels/cuda/gemm_tile.cuh"
#include "kernels/cuda/gemm_warp_tiled.cuh"
#include "kernels/precision_dispatch.hpp"

namespace kernels::cuda::gemm_device {

template <class T>
void launch_warp_tiled(const GemmTile& tile, const GemmOptions& options, const GemmLaunch& l,
                       const GemmShape& s, const T* a, const T* b, T* x) {
  with_tuned_tile<GemmKernel::warp_tiled, precision_of<T>()>(
      tile, options, [&]<GemmTile Tile, GemmOptions Options>() {
        warp_tiled<T, TileType<Tile>, OptionsType<Options>>
            <<<grid(l), l.threads>>>(dims(s), a, b, x);
      });
  check_launch("gemm warp_tiled");
}

template void launch_warp_tiled(const GemmTile&, const GemmOptions&, const GemmLaunch&,
                                const GemmShape&, const float*, const float*, float*);
template void launch_warp_tiled(const GemmTile&, const GemmOptions&, const GemmLaunch&,
                                const GemmShape&, const double*, const double*, double*);

}  // namespace kernels::cuda::gemm_device
