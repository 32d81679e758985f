#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "kernels/cuda/vector.cuh"
#include "kernels/nested_saxpy.hpp"

namespace kernels::cuda {
namespace {

// Unrolling the depth loop by 8 (× kItems × N FMAs per step) keeps the loop's counter and branch
// under 2% of the issue slots at large m, where the kernel is bound by FMA throughput.
constexpr int kDepthUnroll = 8;

constexpr int kItems = kNestedSaxpyItems;

template <class T, int M, int N>
__global__ void nested_saxpy_kernel(T* __restrict__ y, const T* __restrict__ x, std::size_t n,
                                    T a) {
  const std::size_t first = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  const std::size_t vectors = n / N;
  for (std::size_t base = first; base < vectors; base += kItems * stride) {
    Vector<T, N> t[kItems] = {}, y0[kItems] = {};
#pragma unroll
    for (int item = 0; item < kItems; ++item) {
      const std::size_t i = base + item * stride;
      if (i >= vectors) break;
      t[item] = load<T, N>(x + i * N);
      y0[item] = load<T, N>(y + i * N);
    }
#pragma unroll kDepthUnroll
    for (int step = 0; step < M; ++step)
#pragma unroll
      for (int item = 0; item < kItems; ++item)
#pragma unroll
        for (int k = 0; k < N; ++k) t[item].v[k] = fma(a, t[item].v[k], y0[item].v[k]);
#pragma unroll
    for (int item = 0; item < kItems; ++item) {
      const std::size_t i = base + item * stride;
      if (i >= vectors) break;
      store<T, N>(y + i * N, t[item]);
    }
  }
  for (std::size_t i = vectors * N + first; i < n; i += stride) {
    T t = x[i];
    const T y0 = y[i];
#pragma unroll kDepthUnroll
    for (int step = 0; step < M; ++step) t = fma(a, t, y0);
    y[i] = t;
  }
}

template <class T, std::size_t... I>
void launch_depth(int m, const Geometry& g, T* y, const T* x, std::size_t n, T a,
                  std::index_sequence<I...>) {
  constexpr int kWidth = 16 / sizeof(T);  // 16-byte vectors
  const bool found =
      ((m == kNestedSaxpyDepths[I] ? (nested_saxpy_kernel<T, kNestedSaxpyDepths[I], kWidth>
                                      <<<g.blocks(), g.threads>>>(y, x, n, a),
                                      true)
                                   : false) ||
       ...);
  if (!found)
    throw std::invalid_argument("nested saxpy has no kernel of depth " + std::to_string(m));
  check_launch("nested_saxpy_kernel");
}

}  // namespace

template <class T>
void nested_saxpy_launch(int m, const Geometry& g, T* y, const T* x, std::size_t n, T a) {
  launch_depth(m, g, y, x, n, a, std::make_index_sequence<kNestedSaxpyDepths.size()>());
}

template void nested_saxpy_launch(int, const Geometry&, float*, const float*, std::size_t, float);
template void nested_saxpy_launch(int, const Geometry&, double*, const double*, std::size_t,
                                  double);

}  // namespace kernels::cuda
