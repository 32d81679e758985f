#include "kernels/cuda/one_buffer_cases.hpp"

#include <cuda_runtime_api.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

#include "kernels/cpu/isa.hpp"
#include "kernels/cpu/nested_saxpy.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "kernels/cuda/nested_saxpy_cases.hpp"
#include "kernels/host_inputs.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

constexpr std::uint64_t kXSeed = 221, kYSeed = 222;

int current_device() {
  int device = 0;
  ROOFLAB_CUDA(cudaGetDevice(&device));
  return device;
}

// x and y where each side reads and writes them, and the moves of y's share between the sides.
// The GPU's pointers cover all n elements, the CPU's the share from `split` on.
template <class T>
class SharedArrays {
 public:
  SharedArrays(OneBufferMemory memory, std::size_t n, std::size_t split)
      : memory_(memory), n_(n), split_(split) {
    switch (memory) {
      case OneBufferMemory::managed:
      case OneBufferMemory::managed_prefetch:
        for (T** p : {&x_, &y_})
          ROOFLAB_CUDA(cudaMallocManaged(reinterpret_cast<void**>(p), bytes(n)));
        // x is read-only: a copy on each side, as the copies variant keeps one.
        ROOFLAB_CUDA(cudaMemAdvise(x_, bytes(n), cudaMemAdviseSetReadMostly,
                                   {cudaMemLocationTypeDevice, current_device()}));
        break;
      case OneBufferMemory::system:
        for (T** p : {&x_, &y_}) {
          const std::size_t rounded =
              (bytes(n) + kOneBufferAlignBytes - 1) / kOneBufferAlignBytes * kOneBufferAlignBytes;
          *p = static_cast<T*>(std::aligned_alloc(kOneBufferAlignBytes, rounded));
          if (!*p) throw std::bad_alloc();
        }
        break;
      case OneBufferMemory::copies:
      case OneBufferMemory::separate:
        device_x_.emplace(n);
        device_y_.emplace(n);
        for (T** p : {&x_, &y_})
          ROOFLAB_CUDA(cudaMallocHost(reinterpret_cast<void**>(p), bytes(share())));
        break;
    }
  }
  ~SharedArrays() {  // nothing to report from a destructor
    for (T* p : {x_, y_}) {
      if (!p) continue;
      if (memory_ == OneBufferMemory::system)
        std::free(p);
      else if (device_x_)
        cudaFreeHost(p);
      else
        cudaFree(p);
    }
  }
  SharedArrays(const SharedArrays&) = delete;
  SharedArrays& operator=(const SharedArrays&) = delete;

  std::size_t share() const { return n_ - split_; }
  T* gpu_x() const { return device_x_ ? device_x_->data() : x_; }
  T* gpu_y() const { return device_y_ ? device_y_->data() : y_; }
  T* cpu_x() const { return device_x_ ? x_ : x_ + split_; }
  T* cpu_y() const { return device_y_ ? y_ : y_ + split_; }
  bool moves() const { return memory_ != OneBufferMemory::separate; }

  // Untimed: x and y from their initial values, on both sides.
  void fill(const std::vector<T>& x, const std::vector<T>& y) {
    if (device_x_) {
      device_x_->from_host(x);
      device_y_->from_host(y);
      std::copy(x.begin() + split_, x.end(), x_);
      std::copy(y.begin() + split_, y.end(), y_);
    } else {
      std::copy(x.begin(), x.end(), x_);
      std::copy(y.begin(), y.end(), y_);
    }
  }

  // Enqueued on the default stream: y's share to where the CPU reads it, and back.
  void to_host() const { move(cudaMemcpyDeviceToHost, {cudaMemLocationTypeHost, 0}); }
  void to_device() const {
    move(cudaMemcpyHostToDevice, {cudaMemLocationTypeDevice, current_device()});
  }

  // Untimed: y as the GPU's side holds it, all n elements.
  std::vector<T> gpu_view() const {
    ROOFLAB_CUDA(cudaDeviceSynchronize());
    if (device_y_) return device_y_->to_host();
    return std::vector<T>(y_, y_ + n_);
  }

 private:
  static std::size_t bytes(std::size_t elements) { return elements * sizeof(T); }

  void move(cudaMemcpyKind kind, cudaMemLocation to) const {
    if (memory_ == OneBufferMemory::copies) {
      T* device = device_y_->data() + split_;
      ROOFLAB_CUDA(kind == cudaMemcpyDeviceToHost
                       ? cudaMemcpyAsync(y_, device, bytes(share()), kind)
                       : cudaMemcpyAsync(device, y_, bytes(share()), kind));
    } else if (memory_ == OneBufferMemory::managed_prefetch && share() > 0) {
      ROOFLAB_CUDA(cudaMemPrefetchAsync(y_ + split_, bytes(share()), to, 0, nullptr));
    }
  }

  OneBufferMemory memory_;
  std::size_t n_, split_;
  T *x_ = nullptr, *y_ = nullptr;  // managed, system, or the pinned host share
  std::optional<DeviceBuffer<T>> device_x_, device_y_;
};

// One call per run: the GPU's pass, the share to the host, the CPU's pass, the share back; the
// GPU's steps between CUDA events, the CPU's pass on the host's clock.
template <class T>
class OneBufferCase final : public roofline::Case {
 public:
  OneBufferCase(roofline::CaseInfo info, OneBufferMemory memory, OneBufferPart part, Geometry g,
                std::size_t n, std::size_t split)
      : Case(std::move(info)), memory_(memory), part_(part), g_(g), n_(n), split_(split) {}

  void prepare() override {
    arrays_.emplace(memory_, n_, split_);
    x0_ = host_inputs<T>(kXSeed, n_);
    y0_ = host_inputs<T>(kYSeed, n_);
    arrays_->fill(x0_, y0_);
    for (cudaEvent_t& e : events_) ROOFLAB_CUDA(cudaEventCreate(&e));
  }

  void run() override {
    ROOFLAB_CUDA(cudaEventRecord(events_[0]));
    gpu_pass();
    ROOFLAB_CUDA(cudaEventRecord(events_[1]));
    arrays_->to_host();
    ROOFLAB_CUDA(cudaEventRecord(events_[2]));
    ROOFLAB_CUDA(cudaEventSynchronize(events_[2]));
    const auto start = std::chrono::steady_clock::now();
    cpu_pass();
    const std::chrono::duration<double> cpu = std::chrono::steady_clock::now() - start;
    ROOFLAB_CUDA(cudaEventRecord(events_[3]));
    arrays_->to_device();
    ROOFLAB_CUDA(cudaEventRecord(events_[4]));
    ROOFLAB_CUDA(cudaEventSynchronize(events_[4]));
    seconds_ = part_ == OneBufferPart::gpu   ? between(0, 1)
               : part_ == OneBufferPart::cpu ? cpu.count()
                                             : between(0, 2) + cpu.count() + between(3, 4);
  }

  // From the initial values, each step of one call checked where it happened: the GPU's pass
  // (all of y, one application), what the CPU then reads (the GPU's values, bit for bit), the
  // CPU's pass (its share, one application from what it read), what the GPU then reads back.
  roofline::Verification verify() override {
    arrays_->fill(x0_, y0_);
    gpu_pass();
    arrays_->to_host();
    const std::vector<T> after_gpu = arrays_->gpu_view();
    roofline::Verification v = verify_nested_saxpy<T>(kOneBufferDepth, x0_.data(), after_gpu.data(),
                                                      n_, [this](std::size_t i) { return y0_[i]; });
    if (!v.passed) return with_step("the GPU's pass", v);
    const std::size_t share = arrays_->share();
    const std::vector<T> seen(arrays_->cpu_y(), arrays_->cpu_y() + share);
    const T* expected_seen = arrays_->moves() ? after_gpu.data() + split_ : y0_.data() + split_;
    if (share > 0 && std::memcmp(seen.data(), expected_seen, share * sizeof(T)) != 0)
      return failed("the CPU read other values of y's share than the GPU wrote");
    cpu_pass();
    v = verify_nested_saxpy<T>(kOneBufferDepth, x0_.data() + split_, arrays_->cpu_y(), share,
                               [&](std::size_t i) { return seen[i]; });
    if (!v.passed) return with_step("the CPU's pass", v);
    arrays_->to_device();
    const std::vector<T> back = arrays_->gpu_view();
    if (arrays_->moves() && share > 0 &&
        std::memcmp(back.data() + split_, arrays_->cpu_y(), share * sizeof(T)) != 0)
      return failed("the GPU read other values of y's share than the CPU wrote");
    v.message = "both passes and both moves: " + v.message;
    return v;
  }

  void release() override {
    for (cudaEvent_t e : events_) cudaEventDestroy(e);
    arrays_.reset();
    x0_ = y0_ = {};
  }

  bool device_timed() const override { return true; }
  std::optional<double> last_device_seconds() const override { return seconds_; }

 private:
  void gpu_pass() {
    nested_saxpy_launch<T>(kOneBufferDepth, g_, arrays_->gpu_y(), arrays_->gpu_x(), n_, a_);
  }
  void cpu_pass() {
    const cpu::NestedSaxpyCall call{
        .m = kOneBufferDepth, .threads = omp_get_max_threads(), .isa = cpu::best_isa()};
    cpu::nested_saxpy_run(call, arrays_->cpu_y(), arrays_->cpu_x(), arrays_->share(), a_);
  }
  double between(int from, int to) const {
    float ms = 0;
    ROOFLAB_CUDA(cudaEventElapsedTime(&ms, events_[from], events_[to]));
    return ms * 1e-3;
  }
  static roofline::Verification with_step(const std::string& step, roofline::Verification v) {
    v.message = step + ": " + v.message;
    return v;
  }
  static roofline::Verification failed(const std::string& why) {
    roofline::Verification v;
    v.passed = false;
    v.message = why;
    return v;
  }

  OneBufferMemory memory_;
  OneBufferPart part_;
  Geometry g_;
  std::size_t n_, split_;
  T a_ = T(nested_saxpy_a(precision_of<T>()));
  std::optional<SharedArrays<T>> arrays_;
  std::vector<T> x0_, y0_;
  cudaEvent_t events_[5] = {};
  std::optional<double> seconds_;
};

}  // namespace

std::optional<std::string> one_buffer_unsupported(OneBufferMemory memory, int ordinal) {
  if (memory != OneBufferMemory::system) return std::nullopt;
  int pageable = 0;
  ROOFLAB_CUDA(cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, ordinal));
  if (pageable) return std::nullopt;
  return "the GPU cannot read system-allocated memory (cudaDevAttrPageableMemoryAccess is 0: no "
         "HMM in this kernel and driver, no ATS)";
}

std::vector<std::string> one_buffer_not_offered(int ordinal) {
  std::vector<std::string> lines;
  for (OneBufferMemory memory : kOneBufferMemories)
    if (const auto why = one_buffer_unsupported(memory, ordinal))
      lines.push_back(std::string(to_string(memory)) + ": " + *why);
  return lines;
}

std::unique_ptr<roofline::Case> make_one_buffer_case(const roofline::Device& device,
                                                     OneBufferMemory memory, OneBufferPart part,
                                                     int cpu_percent, const Geometry& g,
                                                     roofline::Precision p, std::size_t n) {
  if (const auto why = one_buffer_unsupported(memory, device.facts.at("ordinal").get<int>()))
    throw roofline::InputError("one_buffer " + std::string(to_string(memory)) + ": " + *why);
  const std::size_t split = one_buffer_split(n, cpu_percent, roofline::size_of(p));
  nlohmann::json params = nested_saxpy_params(kOneBufferDepth, g, p, n);
  params["cpu_percent"] = cpu_percent;
  params["cpu_elements"] = n - split;
  params["part"] = std::string(to_string(part));
  auto info = roofline::case_info(device, params, one_buffer_work(part, memory, p, n, split),
                                  device.compute_units);
  if (const std::string_view level = one_buffer_level(part, memory); !level.empty())
    info.level = std::string(level);
  return with_type<float, double>(
      p, "one_buffer on CUDA", [&]<class T>() -> std::unique_ptr<roofline::Case> {
        return std::make_unique<OneBufferCase<T>>(std::move(info), memory, part, g, n, split);
      });
}

}  // namespace kernels::cuda
