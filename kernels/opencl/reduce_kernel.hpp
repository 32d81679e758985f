#pragma once
// The reduce ladder's kernels (reduce.cl) on an OpenCL device, and CLBlast's sum and dot: one
// reduction per launch into a one-element result buffer, timed by profiling events.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "kernels/opencl/reduce_plan.hpp"
#include "kernels/opencl/runtime.hpp"

namespace kernels::opencl {

using kernels::Accumulator;

template <class T>
class ReduceKernel {
 public:
  using A = Accumulator<T>;

  // Builds the programs, plans the launch and allocates the result, partials and the last-block
  // counter (zeroed), for a config the device supports (reduce_plan.hpp's unsupported). Throws
  // roofline::InputError for a bad config, BuildError or ClError for a failing build or call.
  ReduceKernel(Runtime& runtime, const ReduceConfig& config, const DeviceSupport& support,
               std::size_t n);

  // Reduces x (and y for a dot) of n elements into result() (a maximum: T's bits); the device
  // seconds from the start of its first command (the reset of an atomic result, or the first
  // pass) to the end of its last.
  double launch(const cl::Buffer& x, const cl::Buffer* y);

  const cl::Buffer& result() const { return result_; }
  const ReducePlan& plan() const { return plan_; }

 private:
  Runtime& runtime_;
  ReduceConfig config_;
  std::size_t n_;
  ReducePlan plan_;
  cl::Kernel first_, second_;
  cl::Buffer result_, partials_, counter_;
  A identity_{};  // one_pass_atomic: the result's value at each launch
};

// CLBlast's xSUM (CLBlastSsum, CLBlastDsum) or xDOT (CLBlastSdot, CLBlastDdot); fp32 and fp64.
template <class T>
class ClblastReduce {
 public:
  using A = T;

  // Instantiated for float and double (CLBlast has no integer routines).
  ClblastReduce(Runtime& runtime, ReduceOp op, std::size_t n);

  // The device seconds from a marker enqueued before the call to the end of CLBlast's last
  // kernel (its event). Throws std::runtime_error naming the routine and status when it fails.
  double launch(const cl::Buffer& x, const cl::Buffer* y);

  const cl::Buffer& result() const { return result_; }

 private:
  Runtime& runtime_;
  ReduceOp op_;
  std::size_t n_;
  cl::Buffer result_;
};

// "CLBlastSsum" etc.: the routine a ClblastReduce<T> calls for op.
const char* clblast_routine(ReduceOp op, roofline::Precision p);

}  // namespace kernels::opencl
