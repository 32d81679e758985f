#include "probes/cuda/shared_memory.hpp"

#include <cmath>
#include <cstdio>
#include <optional>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "roofline/input_error.hpp"

namespace probes::cuda {

namespace {

constexpr float kBase = 1;  // a run-time value in the kernel: the loads cannot be folded

std::size_t total_threads(const SharedMemoryConfig& c) {
  return static_cast<std::size_t>(c.sms) * c.blocks_per_sm * c.threads;
}

// The exact sum of one thread (see the header): vectors of its parity, every load of every pass.
double expected_sum(const SharedMemoryConfig& c, std::size_t thread) {
  const double vector_sum = 4 * kBase + (thread % 2 == 0 ? 6 : 22);
  return static_cast<double>(c.passes) * kSharedLoadsPerPass * vector_sum;
}

class SharedMemoryCase final : public kernels::cuda::CudaCase {
 public:
  SharedMemoryCase(roofline::CaseInfo info, const SharedMemoryConfig& config)
      : CudaCase(std::move(info)), config_(config) {}

 protected:
  void prepare_device() override { sums_.emplace(total_threads(config_)); }

  void run_device() override { shared_memory_launch(config_, kBase, sums_->data()); }

  roofline::Verification verify_device() override {
    run_device();
    const std::vector<float> sums = sums_->to_host();
    roofline::Verification v{.passed = true, .max_error = 0, .tolerance = 0, .message = ""};
    char message[200];
    // Blocks run whole, so thread t of the grid is thread t % threads of its block.
    for (std::size_t t = 0; t < sums.size(); ++t) {
      const double expected = expected_sum(config_, t % config_.threads);
      if (sums[t] == expected) continue;
      std::snprintf(message, sizeof message, "thread %zu summed %.9g, expected %.9g exactly", t,
                    sums[t], expected);
      return {.passed = false,
              .max_error = std::abs(sums[t] - expected),
              .tolerance = 0,
              .message = message};
    }
    std::snprintf(message, sizeof message,
                  "all %zu threads summed their %d shared-memory loads exactly", sums.size(),
                  config_.passes * kSharedLoadsPerPass);
    v.message = message;
    return v;
  }

  void release_device() override { sums_.reset(); }

 private:
  SharedMemoryConfig config_;
  std::optional<kernels::cuda::DeviceBuffer<float>> sums_;
};

}  // namespace

double shared_memory_bytes(const SharedMemoryConfig& c) {
  return static_cast<double>(total_threads(c)) * c.passes * kSharedLoadsPerPass * 16;
}

std::unique_ptr<roofline::Case> make_shared_memory_case(const roofline::Device& device,
                                                        const SharedMemoryConfig& config) {
  using roofline::InputError;
  if (config.threads < 2 || config.threads > 1024 || config.threads % 2 != 0)
    throw InputError("shared memory probe: " + std::to_string(config.threads) +
                     " threads per block is not even and in 2..1024");
  if (config.sms < 1 || config.blocks_per_sm < 1)
    throw InputError("shared memory probe: the grid is empty");
  // A thread's float sum stays exact below 2^24.
  const double largest =
      static_cast<double>(config.passes) * kSharedLoadsPerPass * (4 * kBase + 22);
  if (config.passes < 1 || largest >= (1 << 24))
    throw InputError("shared memory probe: passes " + std::to_string(config.passes) +
                     " is below 1 or too many for an exact float sum");
  roofline::Work work;
  work.precision = roofline::Precision::fp32;
  work.bytes = shared_memory_bytes(config);
  work.bytes_write_allocate = work.bytes;
  work.working_set = kSharedVectors * 16.0;  // per block
  roofline::CaseInfo info{.family = "bandwidth",
                          .variant = "shared_lds128",
                          .backend = "cuda",
                          .device = device.id,
                          .params = {{"threads_per_block", config.threads},
                                     {"blocks_per_sm", config.blocks_per_sm},
                                     {"passes", config.passes},
                                     {"bytes_per_block", kSharedVectors * 16}},
                          .work = work,
                          .level = "shared"};
  return std::make_unique<SharedMemoryCase>(std::move(info), config);
}

}  // namespace probes::cuda
