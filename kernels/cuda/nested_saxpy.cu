#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/cuda/common/fma.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "kernels/cuda/vector.cuh"
#include "kernels/nested_saxpy.hpp"

namespace kernels::cuda {
namespace {

// Unrolling the depth loop by 32 (× kItems × vector lanes FMAs per step: 512 FFMA or HFMA2, 256
// DFMA) keeps the loop's counter and branch at about 0.6% of the issue slots at large m, where
// the kernel is bound by FMA throughput and FFMA or HFMA2 takes every slot (at 8: 2.3%, 0.993×
// Thrust's fully unrolled functor at fp32 m = 1024 on an H200, docs/performance.md 2026-11-26).
constexpr int kDepthUnroll = 32;

constexpr int kItems = kNestedSaxpyItems;

// What a step computes on: the element, or a pair of 16-bit elements (one HFMA2 for both).
template <class T>
struct Lane {
  using type = T;
  __device__ static T of(T a) { return a; }
};
template <>
struct Lane<__half> {
  using type = __half2;
  __device__ static __half2 of(__half a) { return __half2half2(a); }
};
template <>
struct Lane<__nv_bfloat16> {
  using type = __nv_bfloat162;
  __device__ static __nv_bfloat162 of(__nv_bfloat16 a) { return __bfloat162bfloat162(a); }
};

// M steps of t = a·t + y0 on `Items` independent vectors.
template <int M, int Items, class L, int N>
__device__ __forceinline__ void nest(Vector<L, N>* t, const Vector<L, N>* y0, L a) {
#pragma unroll kDepthUnroll
  for (int step = 0; step < M; ++step)
#pragma unroll
    for (int item = 0; item < Items; ++item)
#pragma unroll
      for (int k = 0; k < N; ++k) t[item].v[k] = fma_step(a, t[item].v[k], y0[item].v[k]);
}

// 16-byte vectors of lanes, then the elements past the last whole vector one by one.
template <class T, int M>
__global__ void nested_saxpy_kernel(T* __restrict__ y, const T* __restrict__ x, std::size_t n,
                                    T a) {
  using L = typename Lane<T>::type;
  constexpr int kLanes = 16 / sizeof(L), kPerLane = sizeof(L) / sizeof(T);
  L* const y_lanes = reinterpret_cast<L*>(y);
  const L* const x_lanes = reinterpret_cast<const L*>(x);
  const L a_lanes = Lane<T>::of(a);
  const std::size_t first = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  const std::size_t vectors = n / (kLanes * kPerLane);
  for (std::size_t base = first; base < vectors; base += kItems * stride) {
    Vector<L, kLanes> t[kItems] = {}, y0[kItems] = {};
    int items = 0;  // of this step inside the array
#pragma unroll
    for (int item = 0; item < kItems; ++item) {
      const std::size_t i = base + item * stride;
      if (i >= vectors) break;
      t[item] = load<L, kLanes>(x_lanes + i * kLanes);
      y0[item] = load<L, kLanes>(y_lanes + i * kLanes);
      ++items;
    }
    // The last step of a grid may hold fewer items: their FMAs only, so the FLOPs executed are
    // the FLOPs declared (hardware counters check them exactly).
    if (items == kItems) {
      nest<M, kItems>(t, y0, a_lanes);
    } else {
#pragma unroll
      for (int item = 0; item < kItems; ++item)
        if (item < items) nest<M, 1>(&t[item], &y0[item], a_lanes);
    }
#pragma unroll
    for (int item = 0; item < kItems; ++item)
      if (item < items) store<L, kLanes>(y_lanes + (base + item * stride) * kLanes, t[item]);
  }
  for (std::size_t i = vectors * kLanes * kPerLane + first; i < n; i += stride) {
    Vector<T, 1> t{x[i]};
    const Vector<T, 1> y0{y[i]};
    nest<M, 1>(&t, &y0, a);
    y[i] = t.v[0];
  }
}

template <class T, std::size_t... I>
void launch_depth(int m, const Geometry& g, T* y, const T* x, std::size_t n, T a,
                  std::index_sequence<I...>) {
  const bool found = ((m == kNestedSaxpyDepths[I] ? (nested_saxpy_kernel<T, kNestedSaxpyDepths[I]>
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
template void nested_saxpy_launch(int, const Geometry&, __half*, const __half*, std::size_t,
                                  __half);
template void nested_saxpy_launch(int, const Geometry&, __nv_bfloat16*, const __nv_bfloat16*,
                                  std::size_t, __nv_bfloat16);

}  // namespace kernels::cuda
