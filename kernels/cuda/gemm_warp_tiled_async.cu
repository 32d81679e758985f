// The launch of warp tiling fed by asynchronous copies (the kernel in gemm_warp_tiled_async.cuh):
// its ring in dynamic shared memory (above the 48 KiB a launch gets unasked where the tile needs
// it), the shared-memory carveout at its largest so that the rings of several blocks fit.
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/gemm.hpp"
#include "kernels/cuda/gemm_tile.cuh"
#include "kernels/cuda/gemm_warp_tiled_async.cuh"
#include "kernels/precision_dispatch.hpp"

namespace kernels::cuda::gemm_device {

template <class T>
void launch_warp_tiled_async(const GemmTile& tile, const GemmOptions& options, const GemmLaunch& l,
                             const GemmShape& s, const T* a, const T* b, T* x) {
  with_tuned_tile<GemmKernel::warp_tiled_async, precision_of<T>()>(
      tile, options, [&]<GemmTile Tile, GemmOptions Options>() {
        const auto kernel = warp_tiled_async<T, TileType<Tile>, OptionsType<Options>>;
        // Set before every launch: a function's attributes are per device (each has its own
        // module), and the call costs little beside a launch.
        ROOFLAB_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          l.shared_bytes));
        ROOFLAB_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                          cudaSharedmemCarveoutMaxShared));
        kernel<<<grid(l), l.threads, l.shared_bytes>>>(dims(s), a, b, x);
      });
  check_launch("gemm warp_tiled_async");
}

template void launch_warp_tiled_async(const GemmTile&, const GemmOptions&, const GemmLaunch&,
                                      const GemmShape&, const float*, const float*, float*);
template void launch_warp_tiled_async(const GemmTile&, const GemmOptions&, const GemmLaunch&,
                                      const GemmShape&, const double*, const double*, double*);

}  // namespace kernels::cuda::gemm_device
