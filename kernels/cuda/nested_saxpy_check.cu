#include "kernels/cuda/element_check.cuh"
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
    return exact_nested_saxpy(weights, input_as<T>(x_seed, i), input_as<T>(y0_seed, i));
  }
};

}  // namespace

template <class T>
roofline::Verification verify_nested_saxpy_on_device(int m, const T* y, std::size_t n,
                                                     std::uint64_t x_seed, std::uint64_t y0_seed) {
  const auto f =
      check_elements_on_device(y, n, nested_saxpy_tolerance<T>(),
                               NestedSaxpyReference<T>{nested_saxpy_weights(m), x_seed, y0_seed});
  return nested_saxpy_verdict<T>(m, n, f.check, f.found, f.expected);
}

template roofline::Verification verify_nested_saxpy_on_device(int, const float*, std::size_t,
                                                              std::uint64_t, std::uint64_t);
template roofline::Verification verify_nested_saxpy_on_device(int, const double*, std::size_t,
                                                              std::uint64_t, std::uint64_t);

}  // namespace kernels::cuda
