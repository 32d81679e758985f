#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/l2_shared.hpp"

namespace probes::cuda {
namespace {

// One 16-byte load through the L2 alone (ld.global.cg). asm volatile keeps NVVM from merging it,
// but ptxas still sees a weak load it may merge with another of the same address.
__device__ __forceinline__ float4 load_cg(const float4* p) {
  float4 v;
  asm volatile("ld.global.cg.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
               : "l"(p));
  return v;
}

// Block b reads slice b / readers through the L2 alone; the pass's first vector rotates. Every pass
// reads the same 8 addresses, so two unrolled passes could be merged into one set of loads: each
// pass's addresses are offset by pass × `zero` (0, from the host), which no compiler can prove
// equal from pass to pass. Without it an H100 reported 36.5 TB/s at D = 16 (2026-11-27,
// docs/performance.md), above what its SMs' load path carries (their shared memory, 128 B a clock
// per SM, read 32.7): not every load written can have run.
__global__ void l2_shared_kernel(const float4* __restrict__ data, int readers, int passes, int zero,
                                 float* sums) {
  constexpr int kLoads = kL2SharedLoadsPerPass;
  const float4* slice =
      data + static_cast<std::size_t>(blockIdx.x / readers) * kLoads * blockDim.x + threadIdx.x;
  float4 acc = make_float4(0, 0, 0, 0);
  int first = 0;
  for (int pass = 0; pass < passes; ++pass) {
    const float4* pass_slice = slice + static_cast<std::size_t>(pass) * zero;
    float4 v[kLoads];
#pragma unroll
    for (int k = 0; k < kLoads; ++k)
      v[k] = load_cg(pass_slice + ((first + k) & (kLoads - 1)) * blockDim.x);
#pragma unroll
    for (int k = 0; k < kLoads; ++k) {
      acc.x += v[k].x;
      acc.y += v[k].y;
      acc.z += v[k].z;
      acc.w += v[k].w;
    }
    first = (first + 1) & (kLoads - 1);
  }
  sums[blockIdx.x * blockDim.x + threadIdx.x] = (acc.x + acc.y) + (acc.z + acc.w);
}

}  // namespace

void l2_shared_launch(const L2SharedConfig& config, const float* data, float* sums) {
  l2_shared_kernel<<<config.blocks, config.threads>>>(reinterpret_cast<const float4*>(data),
                                                      config.readers, config.passes, 0, sums);
  kernels::cuda::check_launch("l2_shared_kernel");
}

}  // namespace probes::cuda
