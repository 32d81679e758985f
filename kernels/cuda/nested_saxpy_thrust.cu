// Thrust compiles each transform twice, for 32- and 64-bit offsets, and picks one by the length
// at run time; every length Rooflab gives it takes the 32-bit kernel, so only that one is built
// (half this file's compile time). make_thrust_nested_saxpy_case refuses longer arrays.
#define THRUST_FORCE_32_BIT_OFFSET_TYPE
#include <thrust/execution_policy.h>
#include <thrust/transform.h>

#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/cuda/common/fma.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/nested_saxpy_thrust.hpp"
#include "kernels/nested_saxpy.hpp"

namespace kernels::cuda {
namespace {

// t = x; m times t = a·t + y: the same FMAs, in the same order, as the own kernel's; one element
// at a time, so 16-bit elements take one lane of an HFMA2 each (Thrust does not pair them).
template <class T, int M>
struct NestedExpression {
  T a;
  __device__ T operator()(T x, T y) const {
    T t = x;
#pragma unroll
    for (int step = 0; step < M; ++step) t = fma_step(a, t, y);
    return t;
  }
};

template <class T, std::size_t... I>
void transform_depth(int m, T* y, const T* x, std::size_t n, T a, std::index_sequence<I...>) {
  const bool found = ((m == kNestedSaxpyDepths[I]
                           ? (thrust::transform(thrust::cuda::par_nosync, x, x + n, y, y,
                                                NestedExpression<T, kNestedSaxpyDepths[I]>{a}),
                              true)
                           : false) ||
                      ...);
  if (!found)
    throw std::invalid_argument("nested saxpy has no Thrust functor of depth " + std::to_string(m));
  check_launch("thrust::transform");
}

}  // namespace

template <class T>
void nested_saxpy_thrust(int m, T* y, const T* x, std::size_t n, T a) {
  transform_depth(m, y, x, n, a, std::make_index_sequence<kNestedSaxpyDepths.size()>());
}

template void nested_saxpy_thrust(int, float*, const float*, std::size_t, float);
template void nested_saxpy_thrust(int, double*, const double*, std::size_t, double);
template void nested_saxpy_thrust(int, __half*, const __half*, std::size_t, __half);
template void nested_saxpy_thrust(int, __nv_bfloat16*, const __nv_bfloat16*, std::size_t,
                                  __nv_bfloat16);

}  // namespace kernels::cuda
