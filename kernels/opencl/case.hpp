#pragma once
// What every OpenCL case shares: it is timed by profiling events, and any OpenCL error it meets
// becomes an error naming the call and the error (the harness then marks the case failed).
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
    checked([&] { setup(); });
  }
  void run() final {
    seconds_ = checked([&] { return launch(); });
  }
  roofline::Verification verify() final {
    return checked([&] { return check(); });
  }
  void release() final {
    checked([&] { teardown(); });
  }

  bool device_timed() const final { return true; }
  std::optional<double> last_device_seconds() const final { return seconds_; }

 protected:
  virtual void setup() = 0;
  // One launch; returns its device seconds.
  virtual double launch() = 0;
  // Poisons the outputs, launches once, reads back and compares with the reference.
  virtual roofline::Verification check() = 0;
  virtual void teardown() = 0;

  Runtime& runtime() { return *runtime_; }

 private:
  std::shared_ptr<Runtime> runtime_;
  std::optional<double> seconds_;  // none until the first run
};

// The OpenCL C name of T, for -DREAL=.
template <class T>
constexpr const char* cl_type() {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);
  return std::is_same_v<T, float> ? "float" : "double";
}

}  // namespace kernels::opencl
