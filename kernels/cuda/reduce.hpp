#pragma once
// The reduce ladder's kernels on the current CUDA device: one launch of a ReduceConfig over n
// elements, with the device memory its pass scheme needs.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/reduce_plan.hpp"

namespace kernels::cuda {

using kernels::Accumulator;

template <class T>
class ReduceKernel {
 public:
  using A = Accumulator<T>;

  // Plans the launch on the current device (max blocks: the kernel's resident blocks per SM from
  // the occupancy API × SMs × kSubscription) and allocates the result, partials, scratch and the
  // last-block counter (zeroed). Throws roofline::InputError for a bad config, CudaError for a
  // failing call.
  ReduceKernel(const ReduceConfig& config, std::size_t n);

  // Enqueues the reduction of x (and y for a dot) on the default stream; the result lands in
  // result() (a maximum: T's bits). x and y hold n elements, 16-byte aligned for vec16 loads.
  void launch(const T* x, const T* y);

  A* result() const { return result_.data(); }
  const ReducePlan& plan() const { return plan_; }
  int resident_blocks_per_sm() const { return resident_; }

 private:
  ReduceConfig config_;
  std::size_t n_;
  ReducePlan plan_;
  int resident_ = 0;
  DeviceBuffer<A> result_;
  std::optional<DeviceBuffer<A>> partials_, scratch_;
  std::optional<DeviceBuffer<unsigned>> counter_;
  std::optional<DeviceBuffer<A>> identity_;  // one_pass_atomic: the result's value at each launch
};

}  // namespace kernels::cuda
