#include "probes/cuda/latency.hpp"

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/event_timer.hpp"
#include "probes/latency.hpp"
#include "roofline/harness.hpp"

namespace probes::cuda {

namespace {

const char* kind_name(LaunchKind kind) {
  switch (kind) {
    case LaunchKind::round_trip:
      return "launch_round_trip";
    case LaunchKind::gap:
      return "launch_gap";
    case LaunchKind::graph:
      return "graph_launch";
  }
  throw std::logic_error("unknown launch kind");
}

const char* kind_method(LaunchKind kind) {
  switch (kind) {
    case LaunchKind::round_trip:
      return "a one-thread kernel launched and waited for (cudaStreamSynchronize)";
    case LaunchKind::gap:
      return "a one-thread kernel launched back to back behind a closed launch gate, opened once "
             "all are enqueued, so the device runs them at its own pace, as the harness times a "
             "sample's calls (kernels/cuda/event_timer.hpp); CUDA events; time per launch";
    case LaunchKind::graph:
      return "a CUDA graph of one one-thread kernel launched and waited for";
  }
  throw std::logic_error("unknown launch kind");
}

class LaunchCase final : public roofline::Case {
 public:
  LaunchCase(roofline::CaseInfo info, LaunchKind kind) : Case(std::move(info)), kind_(kind) {}

  void prepare() override {
    ROOFLAB_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    if (kind_ == LaunchKind::gap) timer_.emplace();
    ROOFLAB_CUDA(cudaMalloc(reinterpret_cast<void**>(&count_), sizeof(unsigned)));
    if (kind_ != LaunchKind::graph) return;
    for (unsigned* count : {count_, static_cast<unsigned*>(nullptr)}) {
      Graph& g = count ? counting_ : timed_;
      ROOFLAB_CUDA(cudaStreamBeginCapture(stream_, cudaStreamCaptureModeThreadLocal));
      launch_count(stream_, count);
      ROOFLAB_CUDA(cudaStreamEndCapture(stream_, &g.graph));
      ROOFLAB_CUDA(cudaGraphInstantiate(&g.exec, g.graph, 0));
    }
  }

  void run() override { launches(nullptr); }

  // The gap's launches are timed by the device (events around the gated group), the others by
  // the host: a round trip and a graph launch include the host's part.
  bool device_timed() const override { return kind_ == LaunchKind::gap; }
  std::optional<double> last_device_seconds() const override { return gap_seconds_; }

  // Every launch of a run must have run its kernel: the count after one run from zero.
  roofline::Verification verify() override {
    ROOFLAB_CUDA(cudaMemset(count_, 0, sizeof(unsigned)));
    launches(count_);
    unsigned count = 0;
    ROOFLAB_CUDA(cudaMemcpy(&count, count_, sizeof count, cudaMemcpyDeviceToHost));
    char message[120];
    std::snprintf(message, sizeof message, "%u of %d launches ran", count, kLaunchesPerRun);
    return {.passed = count == kLaunchesPerRun, .max_error = 0, .tolerance = 0, .message = message};
  }

  void release() override {
    // Nothing to report from a release: the case is finished.
    for (Graph* g : {&counting_, &timed_}) {
      if (g->exec) cudaGraphExecDestroy(g->exec);
      if (g->graph) cudaGraphDestroy(g->graph);
      *g = {};
    }
    timer_.reset();
    cudaFree(count_);
    cudaStreamDestroy(stream_);
    count_ = nullptr, stream_ = nullptr;
  }

 private:
  // One run's launches, counted in *count unless it is null.
  void launches(unsigned* count) {
    if (kind_ == LaunchKind::gap) {
      gap_seconds_ = timer_->time_calls(kLaunchesPerRun, [&] { launch_count(nullptr, count); });
      return;
    }
    for (int i = 0; i < kLaunchesPerRun; ++i) {
      if (kind_ == LaunchKind::graph)
        ROOFLAB_CUDA(cudaGraphLaunch(count ? counting_.exec : timed_.exec, stream_));
      else
        launch_count(stream_, count);
      ROOFLAB_CUDA(cudaStreamSynchronize(stream_));
    }
  }

  LaunchKind kind_;
  cudaStream_t stream_ = nullptr;
  unsigned* count_ = nullptr;
  struct Graph {
    cudaGraph_t graph = nullptr;
    cudaGraphExec_t exec = nullptr;
  };
  Graph counting_, timed_;  // the one-kernel graph with the counter, and without
  std::optional<kernels::cuda::EventTimer> timer_;  // the gap's, on the default stream
  std::optional<double> gap_seconds_;
};

}  // namespace

std::unique_ptr<roofline::Case> make_launch_case(const roofline::Device& device, LaunchKind kind) {
  roofline::CaseInfo info{.family = "latency",
                          .variant = kind_name(kind),
                          .backend = "cuda",
                          .device = device.id,
                          .params = {{"launches_per_run", kLaunchesPerRun}},
                          .work = {},
                          .level = ""};
  return std::make_unique<LaunchCase>(std::move(info), kind);
}

void probe_launch_latency(roofline::Device& device, const roofline::ProbeOptions& options,
                          std::vector<std::string>& failures) {
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (LaunchKind kind : kLaunchKinds) cases.push_back(make_launch_case(device, kind));
  probe_launch_cases(
      device, cases, kLaunchesPerRun, options, "launch latency " + device.id,
      [](std::size_t i) {
        return std::string(kind_method(kLaunchKinds[i])) + "; " + std::to_string(kLaunchesPerRun) +
               " launches per timed run; the verification's run counted on the device, the timed "
               "ones given no counter (the kernel touches no memory)" +
               (kLaunchKinds[i] == LaunchKind::gap ? "" : "; a non-blocking stream, host clock");
      },
      failures);
}

}  // namespace probes::cuda
