// The bf16 inputs of cuBLAS's bf16 GEMM, rounded from the family's float inputs on the device.
#include <cuda_bf16.h>

#include <algorithm>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/gemm_cublas.hpp"

namespace kernels::cuda {
namespace {

__global__ void round_kernel(float* values, __nv_bfloat16* bf16, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n;
       i += std::size_t{gridDim.x} * blockDim.x) {
    const __nv_bfloat16 r = __float2bfloat16_rn(values[i]);
    bf16[i] = r;
    values[i] = __bfloat162float(r);
  }
}

}  // namespace

void round_to_bf16(float* values, void* bf16, std::size_t n) {
  if (n == 0) return;
  constexpr unsigned kThreads = 256, kMaxBlocks = 4096;  // grid-stride beyond a million elements
  const auto blocks =
      static_cast<unsigned>(std::min<std::size_t>((n + kThreads - 1) / kThreads, kMaxBlocks));
  round_kernel<<<blocks, kThreads>>>(values, static_cast<__nv_bfloat16*>(bf16), n);
  check_launch("round_to_bf16");
}

}  // namespace kernels::cuda
