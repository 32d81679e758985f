#pragma once
// The scan family's kernels (scan.cl) on an OpenCL device, strung by a ScanPlan into one scan per
// launch() and timed by profiling events.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/opencl/runtime.hpp"
#include "kernels/opencl/scan_plan.hpp"

namespace kernels::opencl {

// What decoupled_lookback is run with.
struct LookBackOptions {
  // Reads of a predecessor's descriptor before its waiter reduces the predecessor's tile itself:
  // about a millisecond of polling on a GPU, ample for a resident predecessor to publish.
  unsigned spin_bound = 1024;
  // Tests: every stall_every-th tile publishes nothing, as a work-group never scheduled again
  // would, so that its successors must take the fallback; 0: none.
  unsigned stall_every = 0;
  // How long launch() waits before it gives up; 0: 30 s, more for lengths read slower than
  // 100 MB/s in that time.
  double timeout_seconds = 0;
};

// The seconds launch() waits for a decoupled_lookback launch of `bytes` of input and output.
double lookback_timeout(const LookBackOptions& o, double bytes);

template <class T>
class ScanKernel {
 public:
  using A = std::conditional_t<std::is_integral_v<T>, std::uint32_t, T>;

  // Builds the programs (the input's, and the sums' levels'), plans the launches and allocates
  // the sums and, for decoupled_lookback, the descriptors and the ticket, for a config the device
  // supports (scan_plan.hpp's unsupported). Throws roofline::InputError for a bad config or one
  // whose work-group scan needs more local memory than the device has, BuildError or ClError for
  // a failing build or call.
  ScanKernel(Runtime& runtime, const ScanConfig& config, const DeviceSupport& support,
             ScanKind kind, std::size_t n, const LookBackOptions& lookback = {});

  // Scans x (n elements) into out; the device seconds from the start of its first command to
  // the end of its last. A decoupled_lookback launch is given up past its timeout: throws
  // std::runtime_error naming the variant and the timeout.
  double launch(const cl::Buffer& x, const cl::Buffer& out);

  const ScanPlan& plan() const { return plan_; }
  double timeout_seconds() const { return timeout_; }
  // The input program's build log: on NVIDIA, ptxas's registers and spills of each kernel.
  const std::string& build_log() const { return build_log_; }

 private:
  Runtime& runtime_;
  ScanConfig config_;
  ScanPlan plan_;
  double timeout_ = 0;
  std::string build_log_;
  std::vector<cl::Kernel> kernels_;  // one per plan launch
  std::vector<cl::Buffer> sums_;     // sums_[k - 1]: level k
  cl::Buffer words_, ticket_;
};

}  // namespace kernels::opencl
