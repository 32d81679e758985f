#include "kernels/cuda/nested_saxpy_offload_cases.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "kernels/cuda/nested_saxpy_cases.hpp"
#include "kernels/host_inputs.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/precision_dispatch.hpp"

namespace kernels::cuda {
namespace {

constexpr std::uint64_t kOffloadXSeed = 211, kOffloadYSeed = 212;

// x and y where the host reads and writes them (pinned or managed memory), and a call's moves of
// them to the device and back.
template <class T>
class HostArrays {
 public:
  HostArrays(OffloadMemory memory, std::size_t n, int device)
      : memory_(memory), n_(n), device_(device) {
    for (T** p : {&x_, &y_})
      ROOFLAB_CUDA(memory == OffloadMemory::pinned
                       ? cudaMallocHost(reinterpret_cast<void**>(p), n * sizeof(T))
                       : cudaMallocManaged(reinterpret_cast<void**>(p), n * sizeof(T)));
    if (memory == OffloadMemory::pinned) {
      device_x_.emplace(n);
      device_y_.emplace(n);
    }
  }
  ~HostArrays() {  // nothing to report from a destructor
    for (T* p : {x_, y_}) {
      if (memory_ == OffloadMemory::pinned)
        cudaFreeHost(p);
      else
        cudaFree(p);
    }
  }
  HostArrays(const HostArrays&) = delete;
  HostArrays& operator=(const HostArrays&) = delete;

  T* x() const { return x_; }
  T* y() const { return y_; }
  // What the kernel reads and writes.
  T* device_x() const { return device_x_ ? device_x_->data() : x_; }
  T* device_y() const { return device_y_ ? device_y_->data() : y_; }

  // Untimed, before a call: managed pages that the last call left on the device go back to the
  // host, so every call moves all of x and y across the link.
  void home() const {
    if (memory_ == OffloadMemory::pinned) return;
    for (T* p : {x_, y_}) prefetch(p, {cudaMemLocationTypeHost, 0});
    ROOFLAB_CUDA(cudaDeviceSynchronize());
  }
  void copy_in() const {
    if (memory_ == OffloadMemory::pinned) {
      ROOFLAB_CUDA(cudaMemcpyAsync(device_x(), x_, bytes(), cudaMemcpyHostToDevice));
      ROOFLAB_CUDA(cudaMemcpyAsync(device_y(), y_, bytes(), cudaMemcpyHostToDevice));
    } else {
      for (T* p : {x_, y_}) prefetch(p, {cudaMemLocationTypeDevice, device_});
    }
  }
  void copy_out() const {
    if (memory_ == OffloadMemory::pinned)
      ROOFLAB_CUDA(cudaMemcpyAsync(y_, device_y(), bytes(), cudaMemcpyDeviceToHost));
    else
      prefetch(y_, {cudaMemLocationTypeHost, 0});
  }

 private:
  std::size_t bytes() const { return n_ * sizeof(T); }
  void prefetch(T* p, cudaMemLocation to) const {
    ROOFLAB_CUDA(cudaMemPrefetchAsync(p, bytes(), to, 0, nullptr));
  }

  OffloadMemory memory_;
  std::size_t n_;
  int device_;
  T *x_ = nullptr, *y_ = nullptr;
  std::optional<DeviceBuffer<T>> device_x_, device_y_;
};

// One call per run: copies in, kernel, copy out, each between two of four events on the default
// stream; the part's seconds are the last run's time.
template <class T>
class OffloadCase final : public roofline::Case {
 public:
  OffloadCase(roofline::CaseInfo info, OffloadMemory memory, OffloadPart part, int m, Geometry g,
              std::size_t n, int device)
      : Case(std::move(info)), memory_(memory), part_(part), m_(m), g_(g), n_(n), device_(device) {}

  void prepare() override {
    arrays_.emplace(memory_, n_, device_);
    y0_ = host_inputs<T>(kOffloadYSeed, n_);
    const std::vector<T> x = host_inputs<T>(kOffloadXSeed, n_);
    std::copy(x.begin(), x.end(), arrays_->x());
    std::copy(y0_.begin(), y0_.end(), arrays_->y());
    for (cudaEvent_t& e : events_) ROOFLAB_CUDA(cudaEventCreate(&e));
  }

  void run() override {
    arrays_->home();
    ROOFLAB_CUDA(cudaEventRecord(events_[0]));
    arrays_->copy_in();
    ROOFLAB_CUDA(cudaEventRecord(events_[1]));
    nested_saxpy_launch<T>(m_, g_, arrays_->device_y(), arrays_->device_x(), n_, a_);
    ROOFLAB_CUDA(cudaEventRecord(events_[2]));
    arrays_->copy_out();
    ROOFLAB_CUDA(cudaEventRecord(events_[3]));
    ROOFLAB_CUDA(cudaEventSynchronize(events_[3]));
    const auto between = [&](int from, int to) {
      float ms = 0;
      ROOFLAB_CUDA(cudaEventElapsedTime(&ms, events_[from], events_[to]));
      return ms * 1e-3;
    };
    seconds_ = part_ == OffloadPart::call     ? between(0, 3)
               : part_ == OffloadPart::kernel ? between(1, 2)
                                              : between(0, 1) + between(2, 3);
  }

  // y, updated in place by every timed call, is reset to its initial values on the host first; one
  // call, then y is checked where it lives, on the host.
  roofline::Verification verify() override {
    arrays_->home();
    std::copy(y0_.begin(), y0_.end(), arrays_->y());
    run();
    return verify_nested_saxpy<T>(m_, arrays_->x(), arrays_->y(), n_,
                                  [this](std::size_t i) { return y0_[i]; });
  }

  void release() override {
    for (cudaEvent_t e : events_) cudaEventDestroy(e);
    arrays_.reset();
    y0_ = {};
  }

  bool device_timed() const override { return true; }
  std::optional<double> last_device_seconds() const override { return seconds_; }

 private:
  OffloadMemory memory_;
  OffloadPart part_;
  int m_;
  Geometry g_;
  std::size_t n_;
  int device_;
  T a_ = T(nested_saxpy_a(precision_of<T>()));
  std::optional<HostArrays<T>> arrays_;
  std::vector<T> y0_;
  cudaEvent_t events_[4] = {};
  std::optional<double> seconds_;
};

}  // namespace

std::string_view offload_variant(OffloadMemory memory) {
  return memory == OffloadMemory::pinned ? "pinned_copy" : "managed_prefetch";
}

std::unique_ptr<roofline::Case> make_offload_case(const roofline::Device& device,
                                                  OffloadMemory memory, OffloadPart part, int m,
                                                  const Geometry& g, roofline::Precision p,
                                                  std::size_t n) {
  nlohmann::json params = nested_saxpy_params(m, g, p, n);
  params["part"] = std::string(to_string(part));
  auto info = roofline::case_info(
      device, params, nested_saxpy_offload_work(part, p, static_cast<std::int64_t>(n), m),
      device.compute_units);
  if (const std::string_view level = offload_level(part); !level.empty())
    info.level = std::string(level);
  const int ordinal = device.facts.at("ordinal").get<int>();
  return with_type<float, double>(
      p, "nested saxpy offload on CUDA", [&]<class T>() -> std::unique_ptr<roofline::Case> {
        return std::make_unique<OffloadCase<T>>(std::move(info), memory, part, m, g, n, ordinal);
      });
}

}  // namespace kernels::cuda
