#include "probes/opencl/latency.hpp"

#include <cstdio>
#include <optional>

#include "probes/latency.hpp"
#include "roofline/harness.hpp"

namespace rooflab_embedded {
extern const std::string_view latency_cl;
}

namespace probes::opencl {

namespace {

using kernels::opencl::checked;

class DispatchCase final : public roofline::Case {
 public:
  DispatchCase(roofline::CaseInfo info, std::shared_ptr<kernels::opencl::Runtime> runtime,
               bool wait_each)
      : Case(std::move(info)), runtime_(std::move(runtime)), wait_each_(wait_each) {}

  void prepare() override {
    checked([&] {
      kernel_ = cl::Kernel(runtime_->program("latency.cl", rooflab_embedded::latency_cl, ""),
                           "count_launch");
      count_ = runtime_->buffer(sizeof(cl_uint), "the launch count");
      kernel_.setArg(0, count_);
    });
  }

  void run() override {
    cl::CommandQueue& queue = runtime_->queue();
    if (!wait_each_) {  // the gap: behind the runtime's gate, timed by the device
      gap_seconds_ = runtime_->back_to_back(kLaunchesPerRun, [&] {
        ++enqueued_;
        cl::Event launched;
        checked([&] {
          queue.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(1), cl::NDRange(1),
                                     nullptr, &launched);
        });
        runtime_->timed(launched, launched);
      });
      return;
    }
    checked([&] {
      for (int i = 0; i < kLaunchesPerRun; ++i) {
        ++enqueued_;
        queue.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
        queue.finish();
      }
    });
  }

  // The gap's launches are timed by the device (profiling events around the gated group), the
  // round trip by the host: it includes the host's part.
  bool device_timed() const override { return !wait_each_; }
  std::optional<double> last_device_seconds() const override { return gap_seconds_; }

  // Every launch of a run must have run its kernel: the count after one run from zero, against
  // the launches enqueued (back to back, a group the runtime's hold did not outlast runs again).
  roofline::Verification verify() override {
    enqueued_ = 0;
    const cl_uint count = checked([&] {
      runtime_->write(count_, std::vector<cl_uint>{0});
      run();
      return runtime_->read<cl_uint>(count_, 1).at(0);
    });
    char message[120];
    std::snprintf(message, sizeof message, "%u of %d launches ran (%d a run)", count, enqueued_,
                  kLaunchesPerRun);
    const bool passed = count == static_cast<cl_uint>(enqueued_) && enqueued_ >= kLaunchesPerRun;
    return {.passed = passed, .max_error = 0, .tolerance = 0, .message = message};
  }

  void release() override {
    kernel_ = {};
    count_ = {};
  }

 private:
  std::shared_ptr<kernels::opencl::Runtime> runtime_;
  bool wait_each_;
  std::optional<double> gap_seconds_;
  int enqueued_ = 0;  // launches enqueued since verify() set it to 0
  cl::Kernel kernel_;
  cl::Buffer count_;
};

struct DispatchKind {
  const char* name;
  bool wait_each;
  const char* method;
};
constexpr DispatchKind kDispatchKinds[] = {
    {"launch_round_trip", true, "a one-work-item kernel enqueued and finished (clFinish)"},
    {"launch_gap", false,
     "a one-work-item kernel enqueued back to back behind a kernel that holds the device until "
     "all are enqueued, so the device runs them at its own pace, as the harness times a "
     "sample's calls (Runtime::back_to_back); profiling events; time per launch"}};

}  // namespace

void probe_dispatch_latency(roofline::Device& device,
                            std::shared_ptr<kernels::opencl::Runtime> runtime,
                            const roofline::ProbeOptions& options,
                            std::vector<std::string>& failures) {
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (const DispatchKind& kind : kDispatchKinds)
    cases.push_back(std::make_unique<DispatchCase>(
        roofline::CaseInfo{.family = "latency",
                           .variant = kind.name,
                           .backend = "opencl",
                           .device = device.id,
                           .params = {{"launches_per_run", kLaunchesPerRun}},
                           .work = {},
                           .level = ""},
        runtime, kind.wait_each));
  probe_launch_cases(
      device, cases, kLaunchesPerRun, options, "dispatch latency " + device.id,
      [](std::size_t i) {
        return std::string(kDispatchKinds[i].method) + "; " + std::to_string(kLaunchesPerRun) +
               " launches per timed run on the device's profiling queue, each run's launches "
               "counted on the device" +
               (kDispatchKinds[i].wait_each ? "; host clock" : "");
      },
      failures);
}

}  // namespace probes::opencl
