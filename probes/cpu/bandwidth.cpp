#include "probes/cpu/bandwidth.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "kernels/cpu/partition.hpp"
#include "probes/levels.hpp"
#include "roofline/json_io.hpp"

namespace probes::cpu {

namespace {

using kernels::Store;
using kernels::StreamOp;

constexpr double kBytesPerThreadPerCall = 16.0 * 1024 * 1024;
constexpr std::size_t kLineDoubles = 64 / sizeof(double);
constexpr double kBeyondDram = 1.5;  // the sweep's top: past 4× the last cache, so DRAM has points
constexpr double kDistinct = 1.02;   // working sets closer than 2% are one point
constexpr double kScale = 3.0;       // s of write, triad and daxpy
constexpr std::uint64_t kOutStream = 0;  // input_value stream of the output's initial values

// Random, non-zero inputs in [1, 2) from a hash of the index, so threads can fill their own
// blocks (first touch) and every run sees the same values.
double input_value(std::uint64_t i, std::uint64_t stream) {
  std::uint64_t z = i * 0x9e3779b97f4a7c15ull + stream * 0xd1b54a32d192ed03ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return 1.0 + static_cast<double>((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
}

struct FreeDeleter {
  void operator()(double* p) const { std::free(p); }
};
using Array = std::unique_ptr<double[], FreeDeleter>;

Array allocate(std::size_t n) {
  const std::size_t bytes = (n * sizeof(double) + 63) / 64 * 64;
  auto* p = static_cast<double*>(std::aligned_alloc(64, bytes));
  if (p == nullptr) throw std::bad_alloc();
  return Array(p);
}

class BandwidthCase final : public roofline::Case {
 public:
  BandwidthCase(const BandwidthConfig& config, roofline::CaseInfo info)
      : Case(std::move(info)), config_(config) {}

  void prepare() override {
    const int inputs = kernels::stream_inputs(config_.op);
    if (inputs >= 1) in1_ = filled(1);
    if (inputs >= 2) in2_ = filled(2);
    if (kernels::stream_stores(config_.op)) out_ = filled(kOutStream);
  }

  void run() override { call(config_.passes); }

  // One pass from known values: daxpy reads its output and alternates s between passes, so only
  // a single pass has the textbook result (the other operations repeat the same pass).
  roofline::Verification verify() override {
    if (!out_)
      return kernels::verify_stream_sum(config_.op, call(1), in1_.get(), in2_.get(), config_.n);
    const auto initial = [](std::size_t i) { return input_value(i, kOutStream); };
    if (kernels::stream_in_place(config_.op)) {
      fill(out_.get(), initial);
    } else {
      fill(out_.get(), [](std::size_t) { return std::numeric_limits<double>::quiet_NaN(); });
    }
    call(1);
    return kernels::verify_stream_output<double>(config_.op, out_.get(), in1_.get(), in2_.get(),
                                                 config_.n, kScale, initial);
  }

  void release() override {
    out_.reset();
    in1_.reset();
    in2_.reset();
  }

 private:
  double call(int passes) {
    const kernels::cpu::StreamCall c{.op = config_.op,
                                     .store = config_.store,
                                     .threads = config_.threads,
                                     .passes = passes,
                                     .isa = config_.isa};
    return kernels::cpu::stream_run(c, out_.get(), in1_.get(), in2_.get(), config_.n, kScale);
  }

  // Each thread writes the block the kernel will give it, so pages land near its core.
  template <class Value>
  void fill(double* a, Value value) {
#pragma omp parallel num_threads(config_.threads) proc_bind(close)
    {
      const kernels::cpu::Range r = kernels::cpu::thread_block(
          a, config_.n, sizeof(double), omp_get_thread_num(), omp_get_num_threads());
      for (std::size_t i = r.begin; i < r.end; ++i) a[i] = value(i);
    }
  }

  Array filled(std::uint64_t stream) {
    Array a = allocate(config_.n);
    fill(a.get(), [stream](std::size_t i) { return input_value(i, stream); });
    return a;
  }

  BandwidthConfig config_;
  Array out_, in1_, in2_;
};

}  // namespace

BandwidthConfig bandwidth_config(StreamOp op, Store store, int threads, double working_set,
                                 kernels::cpu::Isa isa) {
  const double bytes_per_element = kernels::stream_arrays(op) * sizeof(double);
  const double quantum = static_cast<double>(kLineDoubles) * std::max(threads, 1);
  const double n = std::max(1.0, std::round(working_set / bytes_per_element / quantum)) * quantum;
  const double pass_bytes =
      kernels::stream_work(op, roofline::Precision::fp64, static_cast<std::int64_t>(n), store)
          .bytes;
  const double target = kBytesPerThreadPerCall * std::max(threads, 1);
  return {.op = op,
          .store = store,
          .threads = threads,
          .n = static_cast<std::size_t>(n),
          .passes = static_cast<int>(std::max(1.0, std::ceil(target / pass_bytes))),
          .isa = isa};
}

roofline::Work bandwidth_work(const BandwidthConfig& config) {
  roofline::Work w = kernels::stream_work(config.op, roofline::Precision::fp64,
                                          static_cast<std::int64_t>(config.n), config.store);
  w.flops *= config.passes;
  w.bytes *= config.passes;
  w.bytes_write_allocate *= config.passes;
  return w;
}

std::unique_ptr<roofline::Case> make_bandwidth_case(const BandwidthConfig& config,
                                                    const std::string& device_id,
                                                    const std::string& level) {
  using roofline::InputError;
  if (config.threads < 1)
    throw InputError("bandwidth: threads " + std::to_string(config.threads) + " is below 1");
  if (config.passes < 1)
    throw InputError("bandwidth: passes " + std::to_string(config.passes) + " is below 1");
  if (config.n < 1) throw InputError("bandwidth: n 0 is below 1 element");
  const std::string kernel(kernels::to_string(config.op)), store(kernels::to_string(config.store));
  roofline::Work work = bandwidth_work(config);
  roofline::CaseInfo info{.family = "bandwidth",
                          .variant = kernel + "_" + store,
                          .backend = "cpu",
                          .device = device_id,
                          .params = {{"kernel", kernel},
                                     {"store", store},
                                     {"threads", config.threads},
                                     {"n", config.n},
                                     {"passes", config.passes},
                                     {"working_set", work.working_set},
                                     {"isa", kernels::cpu::to_string(config.isa)},
                                     {"precision", "fp64"}},
                          .work = work,
                          .level = level};
  return std::make_unique<BandwidthCase>(config, std::move(info));
}

SweepPlan sweep_plan(const roofline::Device& device, bool quick, double max_working_set) {
  SweepPlan plan;
  plan.points_per_octave = quick ? 3 : 6;
  if (quick) plan.most_threads_only = {StreamOp::daxpy};
  plan.threads = {1};
  if (device.compute_units > 1) plan.threads.push_back(device.compute_units);
  if (max_working_set > 0) {
    plan.max_working_set = max_working_set;
    return plan;
  }
  for (int threads : plan.threads)
    plan.max_working_set =
        std::max(plan.max_working_set,
                 kBeyondDram * probes::level_spans(device.caches, threads).back().from);
  if (device.memory_bytes > 0)
    plan.max_working_set = std::min(plan.max_working_set, device.memory_bytes / 4);
  plan.max_working_set = std::max(plan.max_working_set, plan.min_working_set);
  return plan;
}

std::vector<double> sweep_working_sets(const SweepPlan& plan,
                                       const std::vector<roofline::Cache>& caches, int threads) {
  std::vector<double> sizes;
  const double top = plan.max_working_set * (1 + 1e-9);
  for (int k = 0;; ++k) {
    const double ws = plan.min_working_set * std::exp2(double(k) / plan.points_per_octave);
    if (ws > top) break;
    sizes.push_back(ws);
  }
  for (const roofline::Cache& cache : caches)
    for (double f : {0.5, 0.75, 1.0, 1.5, 2.0}) {
      const double ws = f * cache.capacity(threads);
      if (ws >= plan.min_working_set && ws <= top) sizes.push_back(ws);
    }
  std::sort(sizes.begin(), sizes.end());
  std::vector<double> distinct;
  for (double ws : sizes)
    if (distinct.empty() || ws > distinct.back() * kDistinct) distinct.push_back(ws);
  return distinct;
}

std::vector<std::unique_ptr<roofline::Case>> bandwidth_cases(const roofline::Device& device,
                                                             const SweepPlan& plan) {
  const kernels::cpu::Isa isa = kernels::cpu::best_isa();
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (int threads : plan.threads) {
    const std::vector<probes::LevelSpan> spans = probes::level_spans(device.caches, threads);
    const double last_cache = spans.size() > 1 ? spans[spans.size() - 2].capacity : 0;
    for (StreamOp op : plan.kernels) {
      if (threads != plan.threads.back() &&
          std::ranges::find(plan.most_threads_only, op) != plan.most_threads_only.end())
        continue;
      for (double ws : sweep_working_sets(plan, device.caches, threads)) {
        std::vector<Store> stores = {Store::temporal};
        // Streaming stores only pay off once the data cannot stay in cache, and only by saving the
        // write-allocate, which an in-place kernel (daxpy) does not have.
        if (kernels::stream_stores(op) && !kernels::stream_in_place(op) && ws >= last_cache)
          stores.push_back(Store::nontemporal);
        for (Store store : stores) {
          const BandwidthConfig config = bandwidth_config(op, store, threads, ws, isa);
          const std::string level = device.level_for(bandwidth_work(config).working_set, threads);
          cases.push_back(make_bandwidth_case(config, device.id, level));
        }
      }
    }
  }
  return cases;
}

std::vector<roofline::SweepPoint> sweep_points(const std::vector<roofline::Result>& results) {
  std::vector<roofline::SweepPoint> points;
  for (const roofline::Result& r : results) {
    if (r.family != "bandwidth" || !r.ok()) continue;
    roofline::SweepPoint p{.kernel = r.params.at("kernel").get<std::string>(),
                           .threads = r.params.at("threads").get<int>(),
                           .store = r.params.at("store").get<std::string>(),
                           .working_set = r.work.working_set,
                           .bytes_per_s = {}};
    for (double seconds : r.samples) p.bytes_per_s.push_back(r.work.bytes / seconds);
    points.push_back(std::move(p));
  }
  return points;
}

}  // namespace probes::cpu
