#include "probes/cpu/backend.hpp"

#include <cstdio>

#include "kernels/cpu/cases.hpp"
#include "probes/cpu/bandwidth.hpp"
#include "probes/cpu/clock.hpp"
#include "probes/cpu/device.hpp"
#include "probes/cpu/peak_flops.hpp"
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

}  // namespace

std::vector<roofline::Device> CpuBackend::devices() const { return {describe_cpu()}; }

std::vector<std::string> CpuBackend::probe(roofline::Device& device,
                                           const roofline::ProbeOptions& options) const {
  std::vector<int> thread_counts = {1};
  if (device.compute_units > 1) thread_counts.push_back(device.compute_units);
  device.compute.clear();
  device.memory.clear();
  device.sweep.clear();
  std::vector<std::string> failures;

  for (int threads : thread_counts) {
    const std::vector<PeakFlopsConfig> configs = peak_flops_configs(threads);
    std::vector<std::unique_ptr<roofline::Case>> cases;
    for (const PeakFlopsConfig& config : configs)
      cases.push_back(make_peak_flops_case(config, device.id));
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
      std::vector<double> rates;
      for (double seconds : r.samples) rates.push_back(r.work.flops / seconds);
      device.compute.push_back({.precision = configs[i].precision,
                                .path = configs[i].path.name,
                                .threads = threads,
                                .flops_per_s = roofline::summarize(std::move(rates)),
                                .clock_hz = clock_hz,
                                .method = compute_method(r, clock_hz)});
    }
  }
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
