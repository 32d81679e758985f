#include "probes/cuda/tensor_peak.hpp"

#include <optional>
#include <random>
#include <string>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "probes/chain_check.hpp"
#include "probes/cuda/tensor_chains.hpp"
#include "roofline/input_error.hpp"

namespace probes::cuda {

namespace {

using kernels::cuda::DeviceBuffer;

std::size_t total_threads(const TensorPeakConfig& c) {
  return static_cast<std::size_t>(c.sms) * c.blocks_per_sm * c.threads;
}

class TensorPeakCase final : public kernels::cuda::CudaCase {
 public:
  TensorPeakCase(roofline::CaseInfo info, const TensorPeakConfig& config)
      : CudaCase(std::move(info)), config_(config) {}

 protected:
  void prepare_device() override {
    // Random small integers, exact in every input type.
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<int> operand(1, 3), start(1, 8);
    operands_ = {.a = double(operand(rng)), .b = double(operand(rng)), .c = double(start(rng))};
    out_.emplace(total_threads(config_) *
                 static_cast<std::size_t>(tensor_values_per_thread(config_.instruction)));
  }

  void run_device() override {
    tensor_chains_launch(config_.instruction, config_.sms * config_.blocks_per_sm, config_.threads,
                         config_.iterations, operands_, out_->data());
  }

  roofline::Verification verify_device() override {
    ROOFLAB_CUDA(cudaMemset(out_->data(), 0xff, out_->size() * sizeof(double)));  // NaN poison
    run_device();
    const bool accumulates = tensor_shape(config_.instruction).chain == TensorChain::accumulates;
    return probes::check_chains(
        out_->to_host(), tensor_chain_result(config_.instruction, config_.iterations, operands_),
        accumulates ? "c + iterations·k·a·b" : "kTensorUnroll·k·a·b");
  }

  void release_device() override { out_.reset(); }

 private:
  TensorPeakConfig config_;
  TensorOperands operands_;
  std::optional<DeviceBuffer<double>> out_;
};

}  // namespace

TensorPeakConfig tensor_peak_config(TensorInstruction i, int sms) {
  const bool warpgroup = tensor_shape(i).threads == 128;
  return {.instruction = i,
          .sms = sms,
          .blocks_per_sm = 4,
          .threads = warpgroup ? 128 : 256,
          .iterations = std::int64_t{1} << 14};
}

// A chain that restarts each trip (D = A·B) counts 2·m·n·k for that instruction too, as a GEMM
// with beta = 0 (the cuBLAS reference) counts 2·n³.
roofline::Work tensor_peak_work(const TensorPeakConfig& config) {
  const TensorShape& s = tensor_shape(config.instruction);
  const int chains = s.path == "wgmma" ? 1 : kMmaChains;
  const double instructions = static_cast<double>(total_threads(config) / s.threads) * chains *
                              static_cast<double>(config.iterations);
  return {.precision = s.precision,
          .flops = instructions * s.flops(),
          .bytes = 0,
          .bytes_write_allocate = 0,
          .working_set = 0};
}

std::unique_ptr<roofline::Case> make_tensor_peak_case(const roofline::Device& device,
                                                      const TensorPeakConfig& config) {
  using roofline::InputError;
  const TensorShape& s = tensor_shape(config.instruction);
  if (config.sms < 1 || config.blocks_per_sm < 1 || config.threads < 1)
    throw InputError("tensor peak: a grid of " + std::to_string(config.sms) + " SMs x " +
                     std::to_string(config.blocks_per_sm) + " blocks x " +
                     std::to_string(config.threads) + " threads is empty");
  if (config.threads % s.threads != 0 || (s.path == "wgmma" && config.threads != s.threads))
    throw InputError("tensor peak: " + std::string(s.path) + " needs blocks of " +
                     (s.path == "wgmma" ? "" : "a multiple of ") + std::to_string(s.threads) +
                     " threads, not " + std::to_string(config.threads));
  if (config.iterations < kTensorUnroll || config.iterations % kTensorUnroll != 0)
    throw InputError("tensor peak: iterations " + std::to_string(config.iterations) +
                     " is not a positive multiple of " + std::to_string(kTensorUnroll));
  // Every accumulator must stay an exact integer in fp32 (3 · 3 the largest product).
  if (s.chain == TensorChain::accumulates &&
      8 + static_cast<double>(config.iterations) * s.k * 9 >= 16777216.0)
    throw InputError("tensor peak: " + std::to_string(config.iterations) +
                     " iterations would carry the accumulators past 2^24");
  const std::string shape =
      std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
  roofline::CaseInfo info{.family = "peak_flops",
                          .variant = std::string(s.path) + "_" + shape,
                          .backend = "cuda",
                          .device = device.id,
                          .params = {{"precision", to_string(s.precision)},
                                     {"path", s.path},
                                     {"shape", shape},
                                     {"sass", s.sass},
                                     {"threads_per_block", config.threads},
                                     {"blocks_per_sm", config.blocks_per_sm},
                                     {"iterations", config.iterations}},
                          .work = tensor_peak_work(config),
                          .level = ""};
  return std::make_unique<TensorPeakCase>(std::move(info), config);
}

}  // namespace probes::cuda
