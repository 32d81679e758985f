#include "probes/cpu/bandwidth.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>

#include "kernels/cpu/stream_cases.hpp"
#include "probes/levels.hpp"
#include "roofline/input_error.hpp"

namespace probes::cpu {

namespace {

using kernels::Store;
using kernels::StreamOp;

constexpr double kBytesPerThreadPerCall = 16.0 * 1024 * 1024;
constexpr std::size_t kLineDoubles = 64 / sizeof(double);
constexpr double kBeyondDram = 1.5;  // the sweep's top: past 4× the last cache, so DRAM has points
constexpr double kDeferredPast = 2.02;  // × the last cache: the fewer threads' cases wait past it

int threads_of(const roofline::Case& c) { return c.info().params.at("threads").get<int>(); }

// The capacity past which the sweep counts a working set as beyond the caches.
double last_cache(const roofline::Device& device, int threads) {
  const std::vector<probes::LevelSpan> spans = probes::level_spans(device.caches, threads);
  return spans.size() > 1 ? spans[spans.size() - 2].capacity : 0;
}

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
                                     {"balanced", config.balanced},
                                     {"precision", "fp64"}},
                          .work = work,
                          .level = level};
  const kernels::cpu::StreamCall call{.op = config.op,
                                      .store = config.store,
                                      .threads = config.threads,
                                      .passes = config.passes,
                                      .isa = config.isa,
                                      .balanced = config.balanced};
  return kernels::cpu::make_stream_case(std::move(info), kernels::cpu::StreamTechnique::simd, call,
                                        roofline::Precision::fp64, config.n);
}

SweepPlan sweep_plan(const roofline::Device& device, bool quick, double max_working_set) {
  SweepPlan plan;
  plan.points_per_octave = quick ? 3 : 6;
  // A 16-vCPU guest reporting a 300 MiB L3 swept 11 steps past it, to 1.6 GiB: 88 of a quick
  // probe's 129 s. Quick keeps one step per octave there, and the top.
  plan.points_per_octave_past_caches = quick ? 1 : 0;
  if (quick) plan.most_threads_only = {StreamOp::daxpy};
  // A 16-vCPU guest's one-thread cases at 1-2 GiB cost 1.3-2.6 s each; its DRAM plateau, and so
  // one thread's DRAM points, began at 450 MiB.
  plan.defer_fewer_threads = quick;
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

std::vector<BandwidthConfig> bandwidth_configs(StreamOp op, int threads, double working_set,
                                               bool past_caches, kernels::cpu::Isa isa) {
  std::vector<Store> stores = {Store::temporal};
  // Streaming stores only pay off once the data cannot stay in cache, and only by saving the
  // write-allocate, which an in-place kernel (daxpy) does not have.
  if (kernels::stream_stores(op) && !kernels::stream_in_place(op) && past_caches)
    stores.push_back(Store::nontemporal);
  std::vector<BandwidthConfig> configs;
  for (Store store : stores) {
    BandwidthConfig config = bandwidth_config(op, store, threads, working_set, isa);
    config.balanced = past_caches && threads > 1;
    configs.push_back(config);
  }
  return configs;
}

std::vector<SweepStep> bandwidth_steps(const roofline::Device& device, const SweepPlan& plan) {
  const kernels::cpu::Isa isa = kernels::cpu::best_isa();
  std::map<double, SweepStep> by_working_set;
  for (int threads : plan.threads) {
    const double past = last_cache(device, threads);
    const bool fewer = threads != plan.threads.back();
    for (StreamOp op : plan.kernels) {
      if (fewer && std::ranges::find(plan.most_threads_only, op) != plan.most_threads_only.end())
        continue;
      for (double ws : sweep_working_sets(plan, device.caches, threads)) {
        SweepStep& step = by_working_set[ws];
        const bool defer = plan.defer_fewer_threads && fewer && ws > kDeferredPast * past;
        for (const BandwidthConfig& config : bandwidth_configs(op, threads, ws, ws >= past, isa)) {
          const std::string level = device.level_for(bandwidth_work(config).working_set, threads);
          (defer ? step.deferred : step.cases)
              .push_back(make_bandwidth_case(config, device.id, level));
        }
      }
    }
  }
  std::vector<SweepStep> steps;
  for (auto& [ws, step] : by_working_set) {
    step.working_set = ws;
    steps.push_back(std::move(step));
  }
  return steps;
}

std::optional<std::size_t> deferred_step(const std::vector<SweepStep>& steps, std::size_t taken,
                                         std::optional<double> dram_from) {
  taken = std::min(taken, steps.size());
  if (!dram_from) {
    for (std::size_t i = taken; i-- > 0;)
      if (!steps[i].deferred.empty()) return i;
    return std::nullopt;
  }
  // The thread counts that have a deferred case, and whether each has a point from the onset on.
  std::map<int, bool> in_dram;
  for (std::size_t i = 0; i < taken; ++i)
    for (const auto& c : steps[i].deferred) in_dram.emplace(threads_of(*c), false);
  for (std::size_t i = 0; i < taken; ++i)
    if (steps[i].working_set >= *dram_from / probes::kSameWorkingSet)
      for (const auto& c : steps[i].cases)
        if (const auto it = in_dram.find(threads_of(*c)); it != in_dram.end()) it->second = true;
  if (std::ranges::all_of(in_dram, [](const auto& entry) { return entry.second; }))
    return std::nullopt;
  for (std::size_t i = 0; i < taken; ++i)
    if (steps[i].working_set >= *dram_from / probes::kSameWorkingSet && !steps[i].deferred.empty())
      return i;
  return std::nullopt;
}

Thinned thin_to_fit(std::vector<SweepStep>& steps, std::size_t next,
                    const std::vector<StepCost>& taken, double needed_to, double seconds_left,
                    double keep_below) {
  if (taken.empty() || next >= steps.size()) return {};
  double fixed = std::numeric_limits<double>::infinity();
  for (const StepCost& t : taken)
    if (t.cases > 0) fixed = std::min(fixed, t.seconds / t.cases);
  const StepCost& last = taken.back();
  if (!std::isfinite(fixed) || last.cases == 0 || last.working_set <= 0) return {};
  const double per_byte = std::max(0.0, last.seconds / last.cases - fixed) / last.working_set;
  // The steps up to the one that reaches needed_to (the plan's last when none does).
  const auto needed_end = [&] {
    std::size_t end = next;
    while (end + 1 < steps.size() && steps[end].working_set < needed_to) ++end;
    return end;
  };
  const auto cost = [&] {
    double seconds = 0;
    for (std::size_t i = next; i <= needed_end(); ++i)
      seconds +=
          static_cast<double>(steps[i].cases.size()) * (fixed + per_byte * steps[i].working_set);
    return seconds;
  };
  Thinned thinned;
  while ((thinned.seconds = cost()) > seconds_left) {
    // Every other step between the next one and the one needed, keeping both.
    const std::size_t end = needed_end();
    std::vector<SweepStep> kept;
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const bool drop =
          i > next && i < end && (i - next) % 2 == 1 && steps[i].working_set >= keep_below;
      if (drop)
        thinned.cases += static_cast<int>(steps[i].cases.size() + steps[i].deferred.size());
      else
        kept.push_back(std::move(steps[i]));
    }
    if (kept.size() == steps.size()) break;  // nothing left to drop
    steps = std::move(kept);
  }
  return thinned;
}

std::vector<std::unique_ptr<roofline::Case>> roof_check_cases(const roofline::Device& device) {
  std::vector<std::unique_ptr<roofline::Case>> cases;
  for (const probes::RoofPoint& roof : probes::roof_points(device)) {
    const std::optional<StreamOp> op = kernels::stream_op_named(roof.point.kernel);
    if (!op) continue;
    const int threads = roof.point.threads;
    const double ws = roof.point.working_set;
    for (const BandwidthConfig& config : bandwidth_configs(
             *op, threads, ws, ws >= last_cache(device, threads), kernels::cpu::best_isa()))
      if (kernels::to_string(config.store) == roof.point.store)
        cases.push_back(make_bandwidth_case(config, device.id, roof.level));
  }
  return cases;
}

}  // namespace probes::cpu
