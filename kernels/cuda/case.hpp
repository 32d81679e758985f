#pragma once
// What every CUDA case shares: each run, or a sample's runs back to back as the device runs them
// (EventTimer::time_calls), is timed by CUDA events, and every CUDA error it meets is a CudaError
// naming the call and the error (ROOFLAB_CUDA, check_launch; a fault of a kernel shows at the
// timer's synchronize), which the harness records as the case's error. A case is its buffers, its
// launch and its check, in four hooks named for roofline::Case's verbs, as ClCase's
// (kernels/opencl/case.hpp):
//   prepare_device()  allocate and fill the device buffers
//   run_device()      enqueue one run on the default stream; the base times it
//   verify_device()   poison the outputs, run once, read back and compare with the reference
//   release_device()  free what prepare_device() took
#include <optional>
#include <string>

#include "kernels/cuda/event_timer.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cuda {

// The device's compute capability as a number: "9.0" → 90.
inline int compute_capability(const roofline::Device& device) {
  const std::string cc = device.facts.at("compute_capability").get<std::string>();
  const std::size_t dot = cc.find('.');
  return std::stoi(cc.substr(0, dot)) * 10 +
         (dot == std::string::npos ? 0 : std::stoi(cc.substr(dot + 1)));
}

class CudaCase : public roofline::Case {
 public:
  using Case::Case;

  void prepare() final {
    prepare_device();
    timer_.emplace();
  }
  void run() final {
    seconds_ = timer_->time([&] { run_device(); });
  }
  double run_calls(int calls) final {
    return timer_->time_calls(calls, [&] { run_device(); });
  }
  roofline::Verification verify() final { return verify_device(); }
  void release() final {
    timer_.reset();
    release_device();
  }

  bool device_timed() const final { return true; }
  std::optional<double> last_device_seconds() const final { return seconds_; }

 protected:
  virtual void prepare_device() = 0;
  virtual void run_device() = 0;
  virtual roofline::Verification verify_device() = 0;
  virtual void release_device() = 0;

 private:
  std::optional<EventTimer> timer_;  // created by prepare(): events need the device
  std::optional<double> seconds_;    // none until the first run
};

}  // namespace kernels::cuda
