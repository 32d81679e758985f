#pragma once
// The OpenCL device contract: enumerate devices, one context with a profiling queue per device,
// programs built once per (source, options), buffers checked against the device's allocation
// limit, and launches timed by profiling events.
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/opencl/cl.hpp"
#include "roofline/work.hpp"

namespace kernels::opencl {

// A device as the ICD loader lists it: device `index` of platform `platform`.
struct DeviceHandle {
  int platform = 0, index = 0;
  cl::Platform cl_platform;
  cl::Device device;

  std::string id() const;  // "opencl:P:D"
};

// Every device of every platform; without a platform, no devices and the reason why.
struct Enumeration {
  std::vector<DeviceHandle> devices;
  std::string reason;  // "no platform found" when the loader finds none
};
// Throws ClError for a failure other than finding no platform.
Enumeration enumerate_devices();

// The compiler rejected a program; the message holds the build log.
class BuildError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Runtime {
 public:
  explicit Runtime(DeviceHandle handle);

  const DeviceHandle& handle() const { return handle_; }
  const cl::Device& device() const { return handle_.device; }
  const cl::Context& context() const { return context_; }
  cl::CommandQueue& queue() { return queue_; }

  // The program of `source` (after the prelude: kernels/opencl/vectors.cl, fp64, the vector type
  // V and its loads and stores; kernels/opencl/common.cl, the work-group collectives) built with
  // `options`, built at the first request and kept: PoCL
  // compiles with LLVM, so every build costs a fraction of a second. `name` identifies the
  // source in messages. Throws BuildError with the build log when the compiler rejects it (a
  // failed build is not tried again).
  const cl::Program& program(const std::string& name, std::string_view source,
                             const std::string& options);

  // Throws roofline::InputError naming `what` when `bytes` exceed CL_DEVICE_MAX_MEM_ALLOC_SIZE.
  void check_fits(double bytes, const std::string& what) const;
  // A device buffer of `bytes`, checked by check_fits before allocating.
  cl::Buffer buffer(std::size_t bytes, const std::string& what);
  std::size_t max_alloc_bytes() const { return max_alloc_; }

  template <class T>
  void write(const cl::Buffer& buffer, const std::vector<T>& host) {
    queue_.enqueueWriteBuffer(buffer, CL_TRUE, 0, host.size() * sizeof(T), host.data());
  }
  template <class T>
  std::vector<T> read(const cl::Buffer& buffer, std::size_t n) {
    std::vector<T> host(n);
    queue_.enqueueReadBuffer(buffer, CL_TRUE, 0, n * sizeof(T), host.data());
    return host;
  }

  // Runs the kernel to completion; the device seconds from its profiling START to END (timed).
  double launch(const cl::Kernel& kernel, const cl::NDRange& global, const cl::NDRange& local);

  // The device seconds of a call enqueued from `first` to `last`: from first's profiling `from`
  // (START, or END for a marker enqueued before the call) to last's END, once `last` completes.
  // Inside back_to_back it waits for nothing and returns 0: the calls' span is taken there.
  double timed(const cl::Event& first, const cl::Event& last,
               cl_profiling_info from = CL_PROFILING_COMMAND_START);

  // Runs `call` `calls` times back to back and returns the device seconds they took: in groups of
  // up to kGatedCalls, each enqueued behind a kernel that holds the device (launch_hold.cl) for
  // twice as long as the host took to enqueue the group before, so that the device runs a group's
  // calls one after the other at its own pace, not at the host's (whose enqueue of a few µs each
  // would set the time of short calls). A group the hold did not outlast is run again (up to
  // kHoldAttempts in all) with a longer hold, unless its first call returned only after the hold
  // had ended: such calls wait for the device themselves, and their group is timed as it ran.
  // Per group, from its first call's first timed event to its last one's end, the groups added.
  // Throws when a group timed no call.
  double back_to_back(int calls, const std::function<void()>& call);
  static constexpr int kGatedCalls = 64;
  static constexpr int kHoldAttempts = 3;
  static constexpr double kLongestHoldSeconds = 0.05;
  bool in_back_to_back() const { return span_.has_value(); }
  // Whether the next call's first timed event starts a span (or the call is timed alone): only
  // then does a call timed from a marker need its marker (a marker per call cost NVIDIA's OpenCL
  // 3-16 µs a call back to back).
  bool starts_span() const { return !span_ || !span_->any; }

 private:
  // The span back_to_back is taking: the first timed call's event and profiling info, the last's.
  struct Span {
    cl::Event first, last;
    cl_profiling_info from = CL_PROFILING_COMMAND_START;
    bool any = false;
  };
  std::optional<Span> span_;
  // The hold ahead of each group: its kernel, its rate (steps per second, from its last run) and
  // how long it should last.
  struct Hold {
    cl::Kernel kernel;
    cl::Buffer sink;
    double steps_per_second = 0;
    double seconds = 0;
  };
  std::optional<Hold> hold_;
  Hold& hold();
  // One group behind a hold: its device seconds, or nullopt when the hold ended before the host
  // had enqueued the whole group (the device may have waited for the host) and `last` is false.
  std::optional<double> held_group(int group, const std::function<void()>& call, bool last);
  DeviceHandle handle_;
  cl::Context context_;
  cl::CommandQueue queue_;
  std::size_t max_alloc_ = 0;
  std::map<std::string, cl::Program> programs_;
  std::map<std::string, std::string> failed_builds_;  // the BuildError message
};

// Waits for `event` by polling its status until it completes, fails or `seconds` pass (the
// commands before it flushed first); whether it completed. A launch that may never finish (one
// that spins on other work-groups) is waited for this way, so that a device without forward
// progress costs a failed case instead of a blocked run. Throws ClError when the command failed.
bool wait_until_complete(cl::CommandQueue& queue, const cl::Event& event, double seconds);

// A work-group size no larger than the device allows: `wanted` capped by
// CL_DEVICE_MAX_WORK_GROUP_SIZE and rounded down to a power of two.
std::size_t group_size(const cl::Device& device, std::size_t wanted);

// Whether the device computes in precision p: fp32 always, fp64 with cl_khr_fp64.
bool supports(const cl::Device& device, roofline::Precision p);

// Sets kernel argument `index` to buffer b, or to no buffer (a null cl_mem) where b is null: a
// kernel compiled without the pass that reads it still takes the argument.
void set_buffer(cl::Kernel& k, cl_uint index, const cl::Buffer* b);

}  // namespace kernels::opencl
