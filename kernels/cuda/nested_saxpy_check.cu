#include "kernels/cuda/element_check.cuh"
#include "kernels/cuda/half.hpp"
#include "kernels/cuda/nested_saxpy_check.hpp"
#include "kernels/inputs.hpp"
#include "kernels/nested_saxpy.hpp"

namespace kernels::cuda {
namespace {

template <class T>
struct NestedSaxpyReference {
  NestedSaxpyWeights weights;
  std::uint64_t x_seed, y0_seed;
  __host__ __device__ ExactValue operator()(std::size_t i) const {
    return exact_nested_saxpy(weights, as_double(input_as<T>(x_seed, i)),
                              as_double(input_as<T>(y0_seed, i)));
  }
};

}  // namespace

template <class T>
roofline::Verification verify_nested_saxpy_on_device(int m, const T* y, std::size_t n,
                                                     std::uint64_t x_seed, std::uint64_t y0_seed) {
  constexpr roofline::Precision p = precision_of<T>();
  const auto f = check_elements_on_device(
      y, n, nested_saxpy_tolerance(p, m),
      NestedSaxpyReference<T>{nested_saxpy_weights(p, m), x_seed, y0_seed});
  return nested_saxpy_verdict(p, m, n, f.check, as_double(f.found), f.expected);
}

template roofline::Verification verify_nested_saxpy_on_device(int, const float*, std::size_t,
                                                              std::uint64_t, std::uint64_t);
template roofline::Verification verify_nested_saxpy_on_device(int, const double*, std::size_t,
                                                              std::uint64_t, std::uint64_t);
template roofline::Verification verify_nested_saxpy_on_device(int, const __half*, std::size_t,
                                                              std::uint64_t, std::uint64_t);
template roofline::Verification verify_nested_saxpy_on_device(int, const __nv_bfloat16*,
                                                              std::size_t, std::uint64_t,
                                                              std::uint64_t);

}  // namespace kernels::cuda
