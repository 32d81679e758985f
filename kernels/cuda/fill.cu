#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/fill.hpp"
#include "kernels/cuda/half.hpp"
#include "kernels/inputs.hpp"

namespace kernels::cuda {
namespace {

constexpr int kThreads = 256;

template <class T>
__global__ void fill_random_kernel(T* data, std::size_t n, std::uint64_t seed) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n;
       i += std::size_t{gridDim.x} * blockDim.x)
    data[i] = input_as<T>(seed, i);
}

template <class T>
__global__ void fill_value_kernel(T* data, std::size_t n, T value) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n;
       i += std::size_t{gridDim.x} * blockDim.x)
    data[i] = value;
}

unsigned grid_for(std::size_t n) {
  const std::size_t blocks = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(blocks < 65536 ? (blocks > 0 ? blocks : 1) : 65536);
}

}  // namespace

template <class T>
void fill_random(T* data, std::size_t n, std::uint64_t seed) {
  fill_random_kernel<<<grid_for(n), kThreads>>>(data, n, seed);
  check_launch("fill_random_kernel");
}

template <class T>
void fill_value(T* data, std::size_t n, T value) {
  fill_value_kernel<<<grid_for(n), kThreads>>>(data, n, value);
  check_launch("fill_value_kernel");
}

template void fill_random(float*, std::size_t, std::uint64_t);
template void fill_random(double*, std::size_t, std::uint64_t);
template void fill_random(std::int32_t*, std::size_t, std::uint64_t);
template void fill_random(__half*, std::size_t, std::uint64_t);
template void fill_random(__nv_bfloat16*, std::size_t, std::uint64_t);
template void fill_value(float*, std::size_t, float);
template void fill_value(double*, std::size_t, double);

}  // namespace kernels::cuda
