#include "probes/cuda/peak_flops.hpp"

#include <cmath>
#include <optional>
#include <random>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "probes/chain_check.hpp"
#include "probes/cuda/fma_chains.hpp"
#include "probes/cuda/fma_path.hpp"
#include "roofline/input_error.hpp"

namespace probes::cuda {

namespace {

using kernels::cuda::DeviceBuffer;

std::size_t total_threads(const PeakFlopsConfig& c) {
  return static_cast<std::size_t>(c.sms) * c.blocks_per_sm * c.threads;
}

class PeakFlopsCase final : public kernels::cuda::CudaCase {
 public:
  PeakFlopsCase(roofline::CaseInfo info, const PeakFlopsConfig& config)
      : CudaCase(std::move(info)), config_(config) {}

 protected:
  void prepare_device() override {
    const std::size_t lanes = kFmaChains * total_threads(config_) * fma_lanes(config_.precision);
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> start(0.5, 1.0);
    std::vector<double> initial(lanes);
    for (double& v : initial) v = start(rng);
    initial_ = chain_bytes(config_.precision, initial);
    b_ = even_mantissa_offset(config_.precision, rng());
    state_.emplace(initial_.size());
    state_->from_host(initial_);
  }

  void run_device() override {
    fma_chains_launch(config_.precision, config_.sms * config_.blocks_per_sm, config_.threads,
                      config_.iterations, state_->data(), 0.5, b_);
  }

  roofline::Verification verify_device() override {
    state_->from_host(initial_);  // away from 2b, so only the full chains converge
    run_device();
    return probes::check_chains(lane_values(config_.precision, state_->to_host()), 2 * b_);
  }

  void release_device() override { state_.reset(); }

 private:
  PeakFlopsConfig config_;
  std::vector<unsigned char> initial_;
  double b_ = 1;
  std::optional<DeviceBuffer<unsigned char>> state_;
};

}  // namespace

double even_mantissa_offset(roofline::Precision p, std::uint64_t seed) {
  const int d = roofline::significand_bits(p);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::int64_t> k(1, (std::int64_t{1} << (d - 3)) - 1);
  return 1 + 2.0 * static_cast<double>(k(rng)) * std::ldexp(1.0, 1 - d);
}

roofline::Work peak_flops_work(const PeakFlopsConfig& config) {
  const double values = static_cast<double>(total_threads(config)) * kFmaChains;
  return {
      .precision = config.precision,
      .flops = 2.0 * values * fma_lanes(config.precision) * static_cast<double>(config.iterations),
      .bytes = 0,
      .bytes_write_allocate = 0,
      .working_set = values * fma_value_bytes(config.precision)};
}

std::unique_ptr<roofline::Case> make_peak_flops_case(const roofline::Device& device,
                                                     const PeakFlopsConfig& config) {
  using roofline::InputError;
  if (config.precision == roofline::Precision::int32 || roofline::is_tensor(config.precision))
    throw InputError("peak_flops: precision " + std::string(to_string(config.precision)) +
                     " has no FMA chain on CUDA");
  if (config.sms < 1 || config.blocks_per_sm < 1 || config.threads < 1)
    throw InputError("peak_flops: a grid of " + std::to_string(config.sms) + " SMs x " +
                     std::to_string(config.blocks_per_sm) + " blocks x " +
                     std::to_string(config.threads) + " threads is empty");
  if (config.iterations < kFmaUnroll || config.iterations % kFmaUnroll != 0)
    throw InputError("peak_flops: iterations " + std::to_string(config.iterations) +
                     " is not a positive multiple of " + std::to_string(kFmaUnroll));
  const std::string path(fma_path(config.precision));
  roofline::CaseInfo info{.family = "peak_flops",
                          .variant = path + "_" + std::to_string(kFmaChains) + "chain",
                          .backend = "cuda",
                          .device = device.id,
                          .params = {{"precision", to_string(config.precision)},
                                     {"path", path},
                                     {"chains", kFmaChains},
                                     {"lanes", fma_lanes(config.precision)},
                                     {"threads_per_block", config.threads},
                                     {"blocks_per_sm", config.blocks_per_sm},
                                     {"iterations", config.iterations}},
                          .work = peak_flops_work(config),
                          .level = ""};
  return std::make_unique<PeakFlopsCase>(std::move(info), config);
}

}  // namespace probes::cuda
