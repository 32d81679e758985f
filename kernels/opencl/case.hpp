#pragma once
// What every OpenCL case shares: it is timed by profiling events, and any OpenCL error it meets
// becomes an error naming the call and the error (the harness then marks the case failed). A case
// is its buffers, its launch and its check, in four hooks named for roofline::Case's verbs, as
// CudaCase's (kernels/cuda/case.hpp):
//   prepare_device()  build the program, allocate and fill the buffers
//   run_device()      one launch, run to completion; returns its device seconds
//   verify_device()   poison the outputs, launch once, read back and compare with the reference
//   release_device()  free what prepare_device() took
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/opencl/cl.hpp"
#include "kernels/opencl/runtime.hpp"
#include "roofline/case.hpp"
#include "roofline/work.hpp"

namespace kernels::opencl {

class ClCase : public roofline::Case {
 public:
  ClCase(roofline::CaseInfo info, std::shared_ptr<Runtime> runtime)
      : Case(std::move(info)), runtime_(std::move(runtime)) {}

  void prepare() final {
    checked([&] { prepare_device(); });
  }
  void run() final {
    seconds_ = checked([&] { return run_device(); });
  }
  roofline::Verification verify() final {
    return checked([&] { return verify_device(); });
  }
  void release() final {
    checked([&] { release_device(); });
  }
  // A sample's calls enqueued back to back and timed as one span (Runtime::back_to_back), unless
  // the case waits for each call itself; then each call's device time, added.
  double run_calls(int calls) final {
    if (!calls_back_to_back()) return Case::run_calls(calls);
    return checked([&] { return runtime_->back_to_back(calls, [&] { run_device(); }); });
  }

  bool device_timed() const final { return true; }
  std::optional<double> last_device_seconds() const final { return seconds_; }

 protected:
  virtual void prepare_device() = 0;
  virtual double run_device() = 0;
  virtual roofline::Verification verify_device() = 0;
  virtual void release_device() = 0;
  // False for a case whose call waits for its own completion (a look-back scan's, with a timeout):
  // back to back, its span would hold the host's turnaround between calls.
  virtual bool calls_back_to_back() const { return true; }

  Runtime& runtime() { return *runtime_; }

 private:
  std::shared_ptr<Runtime> runtime_;
  std::optional<double> seconds_;  // none until the first run
};

// The OpenCL C name of T, for -DREAL= and the like.
template <class T>
constexpr const char* cl_type() {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double> ||
                std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t>);
  if constexpr (std::is_same_v<T, std::int32_t>) return "int";
  if constexpr (std::is_same_v<T, std::uint32_t>) return "uint";
  return std::is_same_v<T, float> ? "float" : "double";
}

// A program build option defining `name` as `value`: " -Dname=value".
inline std::string build_define(const char* name, const std::string& value) {
  return std::string(" -D") + name + "=" + value;
}

}  // namespace kernels::opencl
