#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/latency.hpp"

namespace probes::cuda {

namespace {

__global__ void count_launch(unsigned* count) {
  if (count) ++*count;
}

}  // namespace

void launch_count(cudaStream_t stream, unsigned* count) {
  count_launch<<<1, 1, 0, stream>>>(count);
  kernels::cuda::check_launch("count_launch");
}

}  // namespace probes::cuda
