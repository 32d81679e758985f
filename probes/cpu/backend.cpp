#include "probes/cpu/backend.hpp"

#include <algorithm>
#include <cstdio>

#include "kernels/cpu/cases.hpp"
#include "probes/cpu/bandwidth.hpp"
#include "probes/cpu/clock.hpp"
#include "probes/cpu/device.hpp"
#include "probes/cpu/peak_flops.hpp"
#include "probes/cpu/thread_share.hpp"
#include "probes/levels.hpp"
#include "roofline/stats.hpp"

namespace probes::cpu {

namespace {

using roofline::Result;

std::string failure_text(const Result& r) {
  return r.family + " " + r.variant + " " + r.params.dump() + ": " +
         (r.error.empty() ? r.verification.message : r.error);
}

std::string compute_method(const Result& r, double clock_hz) {
  char method[320];
  std::snprintf(method, sizeof method,
                "%d independent FMA chains of %d lane(s) (%s build), %lld steps per call; clock "
                "%.3f GHz from an add chain timed on every thread right after the same FMA chains",
                r.params.at("accumulators").get<int>(), r.params.at("lanes").get<int>(),
                r.params.at("isa").get<std::string>().c_str(),
                static_cast<long long>(r.params.at("iterations").get<std::int64_t>()),
                clock_hz / 1e9);
  return method;
}

// A clock-probe load of about a quarter millisecond of the case's own chains.
PeakFlopsConfig clock_load(PeakFlopsConfig config) {
  config.iterations = std::int64_t{1} << 16;
  return config;
}

std::string shared_fma_note(const std::vector<ThreadShare>& shared) {
  const auto [low, high] = std::minmax_element(
      shared.begin(), shared.end(), [](auto& a, auto& b) { return a.median < b.median; });
  char note[480];
  std::snprintf(note, sizeof note,
                "with all %d threads running, each thread's FMA throughput was %.2f-%.2f (median "
                "per path) of one thread's alone at the same clock, on %zu of the compute paths: "
                "the threads share cores' FMA units (SMT siblings the machine reports as separate "
                "cores, or other work on the host), so the all-core compute ceilings lie below "
                "the theoretical peaks of that many cores",
                low->threads, low->median, high->median, shared.size());
  return note;
}

}  // namespace

std::vector<roofline::Device> CpuBackend::devices() const { return {describe_cpu()}; }

std::vector<std::string> CpuBackend::probe(roofline::Device& device,
                                           const roofline::ProbeOptions& options) const {
  std::vector<int> thread_counts = {1};
  if (device.compute_units > 1) thread_counts.push_back(device.compute_units);
  device.compute.clear();
  device.memory.clear();
  device.sweep.clear();
  device.facts.erase("probe_notes");
  std::vector<std::string> failures;

  // Per configuration (same order at every thread count): one thread's median call time and
  // clock, the reference each thread of the all-core run is compared with.
  std::vector<double> single_seconds, single_clock_hz;
  std::vector<ThreadShare> shared;  // all-core configurations whose threads shared FMA units
  for (int threads : thread_counts) {
    const std::vector<PeakFlopsConfig> configs = peak_flops_configs(threads);
    std::vector<std::unique_ptr<roofline::Case>> cases;
    std::vector<const PeakFlopsCase*> probes;
    for (const PeakFlopsConfig& config : configs) {
      auto probe = make_peak_flops_case(config, device.id);
      probes.push_back(probe.get());
      cases.push_back(std::move(probe));
    }
    const std::vector<Result> results = roofline::measure_all(
        cases, options.measure, "peak FLOP/s, " + std::to_string(threads) + " thread(s)");
    for (std::size_t i = 0; i < results.size(); ++i) {
      const Result& r = results[i];
      if (!r.ok()) {
        failures.push_back(failure_text(r));
        continue;
      }
      // The clock these chains run at: a core may slow down for wide vectors.
      const PeakFlopsConfig load = clock_load(configs[i]);
      const double clock_hz =
          measure_clock_hz(threads, 0.02, [&load] { run_chains_on_this_thread(load); });
      const std::vector<double> seconds = probes[i]->thread_seconds();
      std::string method = compute_method(r, clock_hz);
      if (threads == 1) {
        single_seconds.resize(configs.size());
        single_clock_hz.resize(configs.size());
        single_seconds[i] = seconds.at(0);
        single_clock_hz[i] = clock_hz;
      } else if (i < single_seconds.size() && single_seconds[i] > 0) {
        const ThreadShare share =
            thread_share(single_seconds[i], single_clock_hz[i], seconds, clock_hz);
        method += "; " + describe(share);
        if (share.median < kSharedBelow) shared.push_back(share);
      }
      std::vector<double> rates;
      for (double s : r.samples) rates.push_back(r.work.flops / s);
      device.compute.push_back({.precision = configs[i].precision,
                                .path = configs[i].path.name,
                                .threads = threads,
                                .flops_per_s = roofline::summarize(std::move(rates)),
                                .clock_hz = clock_hz,
                                .method = method});
    }
  }
  if (!shared.empty()) device.facts["probe_notes"].push_back(shared_fma_note(shared));
  set_theoretical_peaks(device);

  auto cases = bandwidth_cases(device, sweep_plan(device, options.quick, options.max_working_set));
  const std::vector<Result> results =
      roofline::measure_all(cases, options.measure, "bandwidth sweep");
  for (const Result& r : results)
    if (!r.ok()) failures.push_back(failure_text(r));
  device.sweep = sweep_points(results);
  device.memory = probes::memory_ceilings(device.sweep, device.caches);
  device.facts["probe_failures"] = failures;
  return failures;
}

std::vector<std::string> CpuBackend::families() const { return kernels::cpu::families(); }

std::vector<std::unique_ptr<roofline::Case>> CpuBackend::cases(
    const roofline::Device& device, const roofline::RunOptions& options) const {
  return kernels::cpu::make_cases(device, options);
}

void register_cpu_backend(roofline::Registry& registry) {
  registry.add(std::make_unique<CpuBackend>());
}

}  // namespace probes::cpu
