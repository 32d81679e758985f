#include "probes/cuda/cupti_provider.hpp"

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "kernels/cuda/cuda_check.hpp"
#include "probes/cuda/cupti_device.hpp"
#include "probes/cuda/cupti_host.hpp"
#include "probes/cuda/cupti_metrics.hpp"
#include "probes/cuda/cupti_session.hpp"
#include "roofline/input_error.hpp"

namespace probes::cuda {
namespace {

// A driver entry point through the runtime, so nothing links against libcuda.
template <class F>
F driver_function(const char* name) {
  void* f = nullptr;
  cudaDriverEntryPointQueryResult found{};
  ROOFLAB_CUDA(
      cudaGetDriverEntryPointByVersion(name, &f, CUDART_VERSION, cudaEnableDefault, &found));
  if (!f || found != cudaDriverEntryPointSuccess)
    throw kernels::cuda::CudaError(std::string("cudaGetDriverEntryPointByVersion: no ") + name);
  return reinterpret_cast<F>(f);
}

class CuptiProvider final : public roofline::CounterProvider {
 public:
  CuptiProvider(const roofline::Device& device, const CuptiLibrary& lib) : lib_(lib) {
    try {
      if (!lib_.loaded()) throw CuptiError(lib_.error());
      attach(device.facts.at("ordinal").get<int>());
    } catch (const std::exception& e) {
      unavailable_ = e.what();
    }
  }

  std::string name() const override { return "cupti"; }
  std::vector<roofline::EventSpec> default_events() const override {
    return cupti_default_events();
  }

  roofline::EventSpec describe(const std::string& event) const override {
    if (checker_)
      if (const std::string why = checker_->check(event); !why.empty())
        throw roofline::InputError("unknown CUPTI metric '" + event + "' on " + chip_ + " (" + why +
                                   ")");
    return cupti_event(event);
  }

  std::vector<std::string> notes() const override {
    if (!unavailable_.empty()) return {"CUPTI unavailable: " + unavailable_};
    if (!host_) return {};
    return {"CUPTI range profiler on " + chip_ + ": auto range, kernel replay, " +
            std::to_string(passes_) + " passes per kernel"};
  }

  void open(const std::vector<roofline::EventSpec>& events) override {
    reasons_.assign(events.size(), unavailable_);
    slots_.assign(events.size(), 0);
    if (!unavailable_.empty()) return;
    std::vector<std::string> metrics;
    for (std::size_t i = 0; i < events.size(); ++i) {
      reasons_[i] = checker_->check(events[i].name);
      if (!reasons_[i].empty()) continue;
      const auto it = std::find(metrics.begin(), metrics.end(), events[i].name);
      slots_[i] = static_cast<std::size_t>(it - metrics.begin());
      if (it == metrics.end()) metrics.push_back(events[i].name);
    }
    if (metrics.empty()) return;
    try {
      host_.emplace(lib_, chip_, availability_);
      host_->configure(metrics);
      passes_ = host_->passes();
    } catch (const std::exception& e) {
      host_.reset();
      for (auto& r : reasons_)
        if (r.empty()) r = e.what();
    }
  }

  void start() override {
    failure_.clear();
    session_.reset();
    if (!host_) return;
    try {
      session_ = std::make_unique<CuptiSession>(lib_, ctx_, *host_);
    } catch (const std::exception& e) {
      failure_ = e.what();
    }
  }

  std::vector<roofline::EventReading> stop() override {
    std::vector<double> sums;
    if (session_) {
      try {
        sums = session_->stop(*host_);
      } catch (const std::exception& e) {
        failure_ = e.what();
      }
      session_.reset();
    }
    std::vector<roofline::EventReading> readings(reasons_.size());
    for (std::size_t i = 0; i < readings.size(); ++i) {
      if (!reasons_[i].empty()) {
        readings[i].unavailable = reasons_[i];
      } else if (sums.empty()) {
        readings[i].unavailable = failure_.empty() ? "not counted" : failure_;
      } else {
        readings[i].value = sums[slots_[i]];
      }
    }
    return readings;
  }

  std::string source(std::size_t) const override {
    return "cupti range profiler" + (chip_.empty() ? std::string() : " " + chip_);
  }

 private:
  // Makes the device current, initialises the profiler, checks the device can be profiled and
  // reads its chip and counter availability (this is where missing privileges show first).
  void attach(int ordinal) {
    ROOFLAB_CUDA(cudaSetDevice(ordinal));
    ROOFLAB_CUDA(cudaFree(nullptr));  // creates the primary context
    using GetCurrent = CUresult (*)(CUcontext*);
    // cuDeviceGet, not cuCtxGetDevice: CUDA 13 resolves the latter to cuCtxGetDevice_v2, which
    // takes the context as a second argument.
    using GetDevice = CUresult (*)(CUdevice*, int);
    if (driver_function<GetCurrent>("cuCtxGetCurrent")(&ctx_) != CUDA_SUCCESS || !ctx_)
      throw kernels::cuda::CudaError("cuCtxGetCurrent: no current context");
    CUdevice cu_device = 0;
    if (driver_function<GetDevice>("cuDeviceGet")(&cu_device, ordinal) != CUDA_SUCCESS)
      throw kernels::cuda::CudaError("cuDeviceGet(" + std::to_string(ordinal) + ") failed");

    CuptiDevice d = cupti_device(lib_, ctx_, cu_device, ordinal);
    chip_ = std::move(d.chip);
    availability_ = std::move(d.availability);
    checker_ = std::make_unique<CuptiHost>(lib_, chip_, availability_);
  }

  const CuptiLibrary& lib_;
  std::string unavailable_;  // why nothing can be counted; empty when attached
  CUcontext ctx_ = nullptr;
  std::string chip_;
  std::vector<std::uint8_t> availability_;
  std::unique_ptr<CuptiHost> checker_;  // checks names (a configured host object cannot)
  std::optional<CuptiHost> host_;       // configured with the opened metrics
  std::size_t passes_ = 0;
  std::vector<std::string> reasons_;  // per opened event: why it cannot be counted
  std::vector<std::size_t> slots_;    // per opened event: its index in host_->metrics()
  std::unique_ptr<CuptiSession> session_;
  std::string failure_;  // of the last counted call
};

}  // namespace

std::unique_ptr<roofline::CounterProvider> make_cupti_provider(const roofline::Device& device,
                                                               const CuptiLibrary& lib) {
  return std::make_unique<CuptiProvider>(device, lib);
}

}  // namespace probes::cuda
