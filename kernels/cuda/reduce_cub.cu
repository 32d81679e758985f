#include <thrust/iterator/zip_iterator.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cub/device/device_reduce.cuh>
#include <cuda/std/functional>
#include <string>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/reduce_cub.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

template <class A>
struct Product {
  template <class Pair>
  __device__ A operator()(const Pair& p) const {
    return static_cast<A>(thrust::get<0>(p)) * static_cast<A>(thrust::get<1>(p));
  }
};

// Sum reads the elements as the accumulator type (the same bits for float and double; int32 as
// uint32); Max reads and writes them as they are (int32 signed, into the accumulator's buffer).
template <class T>
cudaError_t cub_reduce(void* temp, std::size_t& temp_bytes, ReduceOp op, const T* x, const T* y,
                       Accumulator<T>* out, int n) {
  using A = Accumulator<T>;
  switch (op) {
    case ReduceOp::sum:
      return cub::DeviceReduce::Sum(temp, temp_bytes, reinterpret_cast<const A*>(x), out, n);
    case ReduceOp::max:
      return cub::DeviceReduce::Max(temp, temp_bytes, x, reinterpret_cast<T*>(out), n);
    case ReduceOp::dot:
      break;
  }
  return cub::DeviceReduce::TransformReduce(temp, temp_bytes, thrust::make_zip_iterator(x, y), out,
                                            n, ::cuda::std::plus<A>{}, Product<A>{}, A{});
}

}  // namespace

template <class T>
CubReduce<T>::CubReduce(ReduceOp op, std::size_t n) : op_(op), n_(0), result_(1) {
  if (n > static_cast<std::size_t>(INT_MAX))
    throw roofline::InputError("reduce cub: size " + std::to_string(n) +
                               " is above the int item count it is called with");
  n_ = static_cast<int>(n);
  ROOFLAB_CUDA(cub_reduce<T>(nullptr, temp_bytes_, op_, static_cast<const T*>(nullptr),
                             static_cast<const T*>(nullptr), result_.data(), n_));
  temp_.emplace(std::max<std::size_t>(temp_bytes_, 1));
}

template <class T>
void CubReduce<T>::launch(const T* x, const T* y) {
  ROOFLAB_CUDA(cub_reduce<T>(temp_->data(), temp_bytes_, op_, x, y, result_.data(), n_));
}

template class CubReduce<float>;
template class CubReduce<double>;
template class CubReduce<std::int32_t>;

}  // namespace kernels::cuda
