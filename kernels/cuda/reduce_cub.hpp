#pragma once
// The reduce family's vendor baseline: CUB's DeviceReduce (CCCL, shipped with the toolkit), in
// its default run-to-run deterministic two-pass form. A sum is DeviceReduce::Sum, a maximum
// DeviceReduce::Max; a dot is DeviceReduce::TransformReduce over a zip iterator of (x, y) whose
// transform multiplies the pair, so CUB's own tiling and grid mapping read both arrays. int32 is
// summed as uint32, as the ladder's kernels do (wrap-around modulo 2^32 is defined).
#include <cstddef>
#include <optional>

#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/reduce.hpp"

namespace kernels::cuda {

template <class T>
class CubReduce {
 public:
  using A = Accumulator<T>;

  // Asks CUB for its temporary storage and allocates it and the result. CUB is called with an
  // int item count, as its examples do; throws roofline::InputError for n above INT_MAX.
  CubReduce(ReduceOp op, std::size_t n);

  // Enqueues the reduction on the default stream; the sum lands in result().
  void launch(const T* x, const T* y);
  A* result() const { return result_.data(); }

 private:
  ReduceOp op_;
  int n_;
  std::size_t temp_bytes_ = 0;
  std::optional<DeviceBuffer<unsigned char>> temp_;
  DeviceBuffer<A> result_;
};

}  // namespace kernels::cuda
