#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/shared_memory.hpp"

namespace probes::cuda {
namespace {

__global__ void shared_memory_kernel(float base, int passes, float* sums) {
  __shared__ float4 data[kSharedVectors];
  for (int q = threadIdx.x; q < kSharedVectors; q += blockDim.x) {
    const float first = base + 4 * (q % 2);
    data[q] = make_float4(first, first + 1, first + 2, first + 3);
  }
  __syncthreads();
  float4 acc = make_float4(0, 0, 0, 0);
  unsigned offset = threadIdx.x;
  for (int pass = 0; pass < passes; ++pass) {
#pragma unroll
    for (int k = 0; k < kSharedLoadsPerPass; ++k) {
      const float4 v = data[(offset + k * blockDim.x) % kSharedVectors];
      acc.x += v.x;
      acc.y += v.y;
      acc.z += v.z;
      acc.w += v.w;
    }
    offset += 32;  // even: the thread's parity is kept
  }
  sums[blockIdx.x * blockDim.x + threadIdx.x] = (acc.x + acc.y) + (acc.z + acc.w);
}

}  // namespace

void shared_memory_launch(const SharedMemoryConfig& config, float base, float* sums) {
  shared_memory_kernel<<<config.sms * config.blocks_per_sm, config.threads>>>(base, config.passes,
                                                                              sums);
  kernels::cuda::check_launch("shared_memory_kernel");
}

}  // namespace probes::cuda
