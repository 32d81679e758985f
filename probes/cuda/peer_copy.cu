#include <cstdint>

#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/peer_copy.hpp"

namespace probes::cuda {

namespace {

// Grid-stride copy of 16-byte vectors, run by the destination GPU: `from` is the source GPU's
// memory, read over the peer link. Each thread has four loads in flight before it stores, to cover
// the link's latency.
__global__ void peer_pull(const uint4* __restrict__ from, uint4* __restrict__ to, std::size_t n) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  for (; i + 3 * stride < n; i += 4 * stride) {
    const uint4 a = from[i], b = from[i + stride], c = from[i + 2 * stride],
                d = from[i + 3 * stride];
    to[i] = a;
    to[i + stride] = b;
    to[i + 2 * stride] = c;
    to[i + 3 * stride] = d;
  }
  for (; i < n; i += stride) to[i] = from[i];
}

}  // namespace

void launch_peer_pull(const void* from, void* to, std::size_t bytes, int blocks, int threads) {
  peer_pull<<<blocks, threads>>>(static_cast<const uint4*>(from), static_cast<uint4*>(to),
                                 bytes / sizeof(uint4));
  kernels::cuda::check_launch("peer_pull");
}

}  // namespace probes::cuda
