#include "probes/cpu/peak_flops.hpp"

#include <omp.h>

#include <chrono>
#include <limits>
#include <random>

#include "kernels/precision_dispatch.hpp"
#include "probes/chain_check.hpp"
#include "probes/cpu/peak_flops_simd.hpp"
#include "roofline/input_error.hpp"

namespace probes::cpu {

namespace {

using kernels::cpu::Isa;

constexpr std::size_t kCacheLine = 64;

int element_bytes(roofline::Precision p) { return roofline::size_of(p); }

int values_per_thread(const PeakFlopsConfig& c) {
  return chain_accumulators(c.path.width_bits) *
         chain_lanes(c.path.width_bits, element_bytes(c.precision));
}

// A random b in [1, 1.5) whose last mantissa bit is 0 and that is not 1: 2b then lies inside
// its binade with an even mantissa, so the rounding ties of t·0.5 + b near 2b all fall on 2b.
template <class T>
T even_mantissa_offset(std::mt19937_64& rng) {
  constexpr int kDigits = std::numeric_limits<T>::digits;
  std::uniform_int_distribution<std::int64_t> k(1, (std::int64_t{1} << (kDigits - 3)) - 1);
  return T(1) + T(2 * k(rng)) * std::numeric_limits<T>::epsilon();
}

template <class T>
using ChainsFn = void (*)(int, T, T, std::int64_t, T*);

template <class T>
ChainsFn<T> chains_for(Isa isa) {
  return kernels::cpu::pick<ChainsFn<T>>(isa, {ROOFLAB_ISA_ENTRIES(fma_chains)});
}

template <class T>
void run_chains(const PeakFlopsConfig& config, T a, T b, std::vector<T> state) {
  chains_for<T>(config.path.isa)(config.path.width_bits, a, b, config.iterations, state.data());
}

template <class T>
class ChainsCase final : public PeakFlopsCase {
 public:
  ChainsCase(const PeakFlopsConfig& config, roofline::CaseInfo info)
      : PeakFlopsCase(std::move(info)), config_(config) {}

  void prepare() override {
    chains_ = chains_for<T>(config_.path.isa);
    values_ = values_per_thread(config_);
    // Each thread's accumulators on their own cache lines.
    stride_ = (values_ * sizeof(T) + kCacheLine - 1) / kCacheLine * kCacheLine / sizeof(T);
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<T> start(0.5, 1.0);
    initial_.resize(stride_ * config_.threads);
    for (T& v : initial_) v = start(rng);
    b_ = even_mantissa_offset<T>(rng);
    state_ = initial_;
    call_seconds_.assign(config_.threads, {});
  }

  void run() override { run_threads(); }

  roofline::Verification verify() override {
    state_ = initial_;  // away from 2b, so only the full chain converges
    run_threads();
    if (threads_seen_ != config_.threads)
      return {.passed = false,
              .message = "ran on " + std::to_string(threads_seen_) + " threads instead of " +
                         std::to_string(config_.threads)};
    std::vector<double> values;
    for (int t = 0; t < config_.threads; ++t)
      values.insert(values.end(), state_.begin() + t * stride_,
                    state_.begin() + t * stride_ + values_);
    return check_chains(values, 2 * double(b_));
  }

  void release() override {
    state_ = {};
    initial_ = {};
  }

  const std::vector<std::vector<double>>& thread_call_seconds() const override {
    return call_seconds_;
  }

 private:
  void run_threads() {
    int seen = 0;
#pragma omp parallel num_threads(config_.threads) proc_bind(close)
    {
      const int t = omp_get_thread_num();
      const auto start = std::chrono::steady_clock::now();
      chains_(config_.path.width_bits, a_, b_, config_.iterations, state_.data() + t * stride_);
      // Each thread appends to its own vector only.
      call_seconds_[t].push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
#pragma omp master
      seen = omp_get_num_threads();
    }
    threads_seen_ = seen;
  }

  PeakFlopsConfig config_;
  ChainsFn<T> chains_ = nullptr;
  T a_ = 0.5;  // a run-time value: the compiler cannot fold the chain
  T b_ = 1;
  std::size_t values_ = 0, stride_ = 0;
  std::vector<T> initial_, state_;
  std::vector<std::vector<double>> call_seconds_;  // per thread, one duration per call
  int threads_seen_ = 0;
};

}  // namespace

roofline::Work peak_flops_work(const PeakFlopsConfig& config) {
  return {.precision = config.precision,
          .flops = 2.0 * config.threads * static_cast<double>(config.iterations) *
                   values_per_thread(config),
          .bytes = 0,
          .bytes_write_allocate = 0,
          .working_set =
              double(config.threads) * values_per_thread(config) * element_bytes(config.precision)};
}

std::unique_ptr<PeakFlopsCase> make_peak_flops_case(const PeakFlopsConfig& config,
                                                    const std::string& device_id) {
  using roofline::InputError;
  if (config.threads < 1)
    throw InputError("peak_flops: threads " + std::to_string(config.threads) + " is below 1");
  if (config.iterations < 1)
    throw InputError("peak_flops: iterations " + std::to_string(config.iterations) + " is below 1");
  const int accumulators = chain_accumulators(config.path.width_bits);
  roofline::CaseInfo info{
      .family = "peak_flops",
      .variant = "fma_" + config.path.name + "_" + std::to_string(accumulators) + "acc",
      .backend = "cpu",
      .device = device_id,
      .params = {{"precision", to_string(config.precision)},
                 {"path", config.path.name},
                 {"threads", config.threads},
                 {"isa", kernels::cpu::to_string(config.path.isa)},
                 {"accumulators", accumulators},
                 {"lanes", chain_lanes(config.path.width_bits, element_bytes(config.precision))},
                 {"iterations", config.iterations}},
      .work = peak_flops_work(config),
      .level = ""};
  return kernels::with_type<float, double>(
      config.precision, "peak_flops on the CPU", [&]<class T>() -> std::unique_ptr<PeakFlopsCase> {
        return std::make_unique<ChainsCase<T>>(config, std::move(info));
      });
}

std::vector<PeakFlopsConfig> peak_flops_configs(int threads) {
  std::vector<PeakFlopsConfig> configs;
  for (auto precision : {roofline::Precision::fp32, roofline::Precision::fp64})
    for (const FmaPath& path : supported_fma_paths())
      configs.push_back({.precision = precision, .path = path, .threads = threads});
  return configs;
}

void run_chains_on_this_thread(const PeakFlopsConfig& config) {
  kernels::with_type<float, double>(config.precision, "peak_flops on the CPU", [&]<class T>() {
    run_chains<T>(config, T(0.5), T(1), std::vector<T>(values_per_thread(config), 1));
  });
}

}  // namespace probes::cpu
