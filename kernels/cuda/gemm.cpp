#include "kernels/cuda/gemm.hpp"

namespace kernels::cuda {

template <class T>
void gemm_launch(const GemmConfig& c, const GemmShape& s, const T* a, const T* b, T* x) {
  const GemmLaunch l = plan_gemm(c, s, sizeof(T));
  if (l.empty()) return;
  switch (c.kernel) {
    case GemmKernel::naive:
      return gemm_device::launch_naive(c.index, c.tile, l, s, a, b, x);
    case GemmKernel::naive_transposed_b:
      return gemm_device::launch_naive_transposed_b(l, s, a, b, x);
    case GemmKernel::smem_tiled:
      return gemm_device::launch_smem_tiled(c.tile, l, s, a, b, x);
    case GemmKernel::register_tiled:
      return gemm_device::launch_register_tiled(c.tile, l, s, a, b, x);
    case GemmKernel::block_tiled:
      return gemm_device::launch_block_tiled(c.tile, c.vector, c.options, l, s, a, b, x);
    case GemmKernel::warp_tiled:
      return gemm_device::launch_warp_tiled(c.tile, c.options, l, s, a, b, x);
    case GemmKernel::warp_tiled_async:
      return gemm_device::launch_warp_tiled_async(c.tile, c.options, l, s, a, b, x);
  }
}

template void gemm_launch(const GemmConfig&, const GemmShape&, const float*, const float*, float*);
template void gemm_launch(const GemmConfig&, const GemmShape&, const double*, const double*,
                          double*);

}  // namespace kernels::cuda
