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

// M steps of t = a·t + y0 on `Items` independent vectors.
template <int M, int Items, class T, int N>
__device__ __forceinline__ void nest(Vector<T, N>* t, const Vector<T, N>* y0, T a) {
#pragma unroll kDepthUnroll
  for (int step = 0; step < M; ++step)
#pragma unroll
    for (int item = 0; item < Items; ++item)
#pragma unroll
      for (int k = 0; k < N; ++k) t[item].v[k] = fma(a, t[item].v[k], y0[item].v[k]);
}

template <class T, int M, int N>
__global__ void nested_saxpy_kernel(T* __restrict__ y, const T* __restrict__ x, std::size_t n,
                                    T a) {
  const std::size_t first = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  const std::size_t vectors = n / N;
  for (std::size_t base = first; base < vectors; base += kItems * stride) {
    Vector<T, N> t[kItems] = {}, y0[kItems] = {};
    int items = 0;  // of this step inside the array
#pragma unroll
    for (int item = 0; item < kItems; ++item) {
      const std::size_t i = base + item * stride;
      if (i >= vectors) break;
      t[item] = load<T, N>(x + i * N);
      y0[item] = load<T, N>(y + i * N);
      ++items;
    }
    // The last step of a grid may hold fewer items: their FMAs only, so the FLOPs executed are
    // the FLOPs declared (hardware counters check them exactly).
    if (items == kItems) {
      nest<M, kItems>(t, y0, a);
    } else {
#pragma unroll
      for (int item = 0; item < kItems; ++item)
        if (item < items) nest<M, 1>(&t[item], &y0[item], a);
    }
#pragma unroll
    for (int item = 0; item < kItems; ++item)
      if (item < items) store<T, N>(y + (base + item * stride) * N, t[item]);
  }
  for (std::size_t i = vectors * N + first; i < n; i += stride) {
    Vector<T, 1> t{x[i]};
    const Vector<T, 1> y0{y[i]};
    nest<M, 1>(&t, &y0, a);
    y[i] = t.v[0];
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
