#include "probes/cpu/backend.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

#include "kernels/cpu/calibration_cases.hpp"
#include "kernels/cpu/cases.hpp"
#include "kernels/cpu/openblas.hpp"
#include "probes/bandwidth_sweep.hpp"
#include "probes/cpu/bandwidth.hpp"
#include "probes/cpu/clock.hpp"
#include "probes/cpu/device.hpp"
#include "probes/cpu/host_memory.hpp"
#include "probes/cpu/latency.hpp"
#include "probes/cpu/peak_flops.hpp"
#include "probes/cpu/power_sampler.hpp"
#include "probes/cpu/thread_share.hpp"
#include "probes/levels.hpp"
#include "roofline/budget.hpp"
#include "roofline/interrupt.hpp"
#include "roofline/program.hpp"
#include "roofline/stats.hpp"

namespace probes::cpu {

namespace {

using roofline::Result;

std::string failure_text(const Result& r) {
  return r.family + " " + r.variant + " " + r.params.dump() + ": " + r.failure();
}

std::string compute_method(const Result& r, double clock_hz) {
  char method[320];
  std::snprintf(method, sizeof method,
                "%d independent FMA chains of %d lane(s) (%s build), %lld steps per call, per call "
                "the sum over threads of each thread's own rate; clock %.3f GHz from an add chain "
                "timed on every thread right after the same FMA chains",
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

// What threads given equal work reach together: the slowest thread's pace.
std::string equal_work_rate(const Result& r) {
  std::vector<double> rates;
  for (double seconds : r.samples) rates.push_back(r.work.flops / seconds);
  char text[160];
  std::snprintf(text, sizeof text,
                "all threads given equal work finished at %.4g GFLOP/s (wall clock: the slowest "
                "thread's pace)",
                roofline::summarize(std::move(rates)).median / 1e9);
  return text;
}

std::string shared_fma_note(const std::vector<ThreadShare>& shared) {
  const auto worst = std::min_element(shared.begin(), shared.end(),
                                      [](auto& a, auto& b) { return a.slowest < b.slowest; });
  const bool all_slowed = worst->median < kSharedBelow;
  char note[640];
  std::snprintf(
      note, sizeof note,
      "with all %d threads running the FMA chains, %s ran at %.2f of one thread's throughput "
      "alone at the same clock (median thread %.2f; on %zu of the compute paths): %s. The "
      "all-core compute ceilings add up what each thread did; kernels that give every thread "
      "equal work run at the slowest thread's pace (see each ceiling's method)",
      worst->threads, all_slowed ? "the threads" : "the slowest thread", worst->slowest,
      worst->median, shared.size(),
      all_slowed ? "the threads share cores' FMA units (SMT siblings that the machine reports as "
                   "separate cores)"
                 : "some cores are shared with work outside this process (other guests of a "
                   "virtual machine's host, for one)");
  return note;
}

// The synchronization latencies at each thread count, each case measured alone: a team's members
// spinning between calls would take cores from an OpenMP region timed beside them.
void probe_latency(roofline::Device& device, const std::vector<int>& thread_counts,
                   const roofline::ProbeOptions& options, std::vector<std::string>& failures) {
  device.latency.clear();
  for (int threads : thread_counts)
    for (SyncKind kind : kSyncKinds) {
      std::vector<std::unique_ptr<roofline::Case>> one;
      one.push_back(make_latency_case(device, kind, threads));
      const Result r =
          std::move(roofline::measure_all(one, options.measure, "synchronization latency").front());
      if (r.ok())
        device.latency.push_back(latency_ceiling(r));
      else
        failures.push_back(failure_text(r));
    }
}

}  // namespace

std::vector<roofline::Device> CpuBackend::devices() const { return {describe_cpu()}; }

std::vector<std::string> CpuBackend::probe(roofline::Device& device,
                                           const roofline::ProbeOptions& options) const {
  // Refused before the compute probe, not killed by the kernel at the sweep's top.
  if (options.max_working_set > 0)
    check_fits(
        options.max_working_set,
        "--max-working-set " + std::to_string(static_cast<long long>(options.max_working_set)));
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
  // The whole probe's cases, planned for the time budget before the first is measured: the
  // sweep's every step (those it does not take once it shows DRAM are given back).
  std::vector<SweepStep> steps =
      bandwidth_steps(device, sweep_plan(device, options.quick, options.max_working_set));
  roofline::Budget* budget = options.measure.budget;
  if (budget) {
    for (int threads : thread_counts)
      budget->plan(static_cast<int>(peak_flops_configs(threads).size()));
    for (const SweepStep& step : steps)
      budget->plan(static_cast<int>(step.cases.size() + step.deferred.size()));
  }
  const std::vector<int> latency_threads = latency_thread_counts(device.compute_units);
  if (budget) budget->plan(static_cast<int>(latency_threads.size() * std::size(kSyncKinds)));
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
      const auto& calls = probes[i]->thread_call_seconds();
      const std::vector<double> seconds = median_seconds(calls);
      std::string method = compute_method(r, clock_hz);
      if (threads == 1) {
        single_seconds.resize(configs.size());
        single_clock_hz.resize(configs.size());
        single_seconds[i] = seconds.at(0);
        single_clock_hz[i] = clock_hz;
      } else if (i < single_seconds.size() && single_seconds[i] > 0) {
        const ThreadShare share =
            thread_share(single_seconds[i], single_clock_hz[i], seconds, clock_hz);
        method += "; " + describe(share) + "; " + equal_work_rate(r);
        if (share.slowest < kSharedBelow) shared.push_back(share);
      }
      const double flops_per_thread = r.work.flops / threads;
      device.compute.push_back(
          {.precision = configs[i].precision,
           .path = configs[i].path.name,
           .threads = threads,
           .flops_per_s = roofline::summarize(concurrent_rates(calls, flops_per_thread)),
           .clock_hz = clock_hz,
           .method = method,
           .sensors = r.sensors});
    }
  }
  if (!shared.empty()) device.facts["probe_notes"].push_back(shared_fma_note(shared));
  set_theoretical_peaks(device);

  // Ascending working sets until the sweep shows DRAM (probes::dram_onset) or reaches the plan's
  // top: a last cache reported far larger than what this process reaches (a virtual machine's
  // host socket's) then costs no sweep of DRAM at its 4x. Then, where needed, the deferred step
  // that gives the fewer threads their DRAM point.
  std::vector<Result> results;
  // The ceilings of the sweep so far: at its end, or when an interrupt stops it (the levels it
  // reached are kept, and the note says where it stopped).
  const auto conclude = [&] {
    device.sweep = sweep_points(results);
    for (const Result& r : results)
      if (!r.ok()) failures.push_back(failure_text(r));
    probes::record_dram_onset(device);
    device.memory = probes::memory_ceilings(device.sweep, device.caches);
    device.facts["probe_failures"] = failures;
  };
  double reached = 0;
  // Under a time budget every point samples at its floors from the start: a ceiling pools the
  // samples of its plateau's points (levels.hpp), and fitting to the pace of the first, cheap
  // steps left the costly ones past the caches too little.
  const roofline::MeasureOptions sweep_options =
      budget ? roofline::Budget::floors(options.measure) : options.measure;
  std::vector<StepCost> costs;
  const auto measure_step = [&](std::vector<std::unique_ptr<roofline::Case>>& cases, double ws) {
    const auto start = std::chrono::steady_clock::now();
    for (Result& r : roofline::measure_all(cases, sweep_options,
                                           "bandwidth sweep at " + probes::bytes_text(ws)))
      results.push_back(std::move(r));
    device.sweep = sweep_points(results);
    costs.push_back(
        {ws, static_cast<int>(cases.size()),
         std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
  };
  int thinned = 0;  // cases of the steps the budget dropped
  bool overrun_said = false;
  // The budget thins the sweep only in the last cache's span and past it: the levels before it
  // are cheap to sweep and need their every point.
  const std::vector<probes::LevelSpan> spans =
      probes::level_spans(device.caches, thread_counts.back());
  const double last_cache_from = spans.size() >= 2 ? spans[spans.size() - 2].from : 0;
  try {
    std::size_t taken = 0;
    std::optional<double> onset;
    while (taken < steps.size() && !onset) {
      if (budget && taken > 0) {
        // Where DRAM would show if the last plateau is DRAM; past the next step when none is.
        const double needed_to = probes::dram_shown_by(device.sweep, device.caches)
                                     .value_or(probes::kDramPlateauSpan * steps[taken].working_set);
        // A tenth left for the deferred step and the latency probe after the sweep.
        const double left = 0.9 * budget->seconds_left();
        const Thinned t = thin_to_fit(steps, taken, costs, needed_to, left, last_cache_from);
        budget->plan(-t.cases);
        thinned += t.cases;
        if (t.seconds > 1.2 * left && !overrun_said) {
          overrun_said = true;
          std::fprintf(stderr,
                       "time budget: probe %s: at this machine's pace the sweep's steps still "
                       "needed take about %.0f s even with every other one left out, and %.0f s "
                       "are left: it may run over\n",
                       device.id.c_str(), t.seconds, std::max(0.0, left));
        }
      }
      measure_step(steps[taken].cases, steps[taken].working_set);
      reached = steps[taken++].working_set;
      if (options.max_working_set <= 0) onset = probes::dram_onset(device.sweep, device.caches);
    }
    const std::optional<std::size_t> deferred = deferred_step(steps, taken, onset);
    for (std::size_t i = 0; budget && i < steps.size(); ++i)
      budget->plan(-static_cast<int>((i < taken ? 0 : steps[i].cases.size()) +
                                     (i == deferred ? 0 : steps[i].deferred.size())));
    if (deferred) measure_step(steps[*deferred].deferred, steps[*deferred].working_set);
  } catch (roofline::Interrupted& stop) {
    for (Result& r : stop.finished) results.push_back(std::move(r));
    conclude();
    device.facts["probe_notes"].push_back("interrupted during the bandwidth sweep after " +
                                          probes::bytes_text(reached) +
                                          ": the memory levels past it are missing");
    throw;
  }
  conclude();
  if (thinned > 0)
    device.facts["probe_notes"].push_back(
        "the time budget thinned the sweep: " + std::to_string(thinned) +
        " of its planned cases were left out, every other step where the large working sets "
        "would not have fit at this machine's pace");
  probe_latency(device, latency_threads, options, failures);
  device.facts["probe_failures"] = failures;
  return failures;
}

std::vector<std::unique_ptr<roofline::Case>> CpuBackend::cases(
    const roofline::Device& device, const roofline::RunOptions& options) const {
  // A profile's memory_bytes is what its host had: the cases are sized to what this one has now.
  roofline::Device here = device;
  const double memory = allocatable_memory().bytes;
  if (memory > 0 && (here.memory_bytes <= 0 || memory < here.memory_bytes))
    here.memory_bytes = memory;
  return kernels::cpu::make_cases(here, options);
}

std::unique_ptr<roofline::ProgramProfiler> CpuBackend::program_profiler() const {
  return roofline::make_region_profiler();
}

std::unique_ptr<roofline::CounterProvider> CpuBackend::counter_provider(
    const roofline::Device&) const {
  return roofline::make_papi_provider();
}

std::vector<std::unique_ptr<roofline::Case>> CpuBackend::calibration_cases(
    const roofline::Device& device) const {
  return kernels::cpu::calibration_cases(device);
}

std::unique_ptr<roofline::Sampler> CpuBackend::sampler(const roofline::Device&) const {
  return std::make_unique<PowerSampler>("/sys/class/powercap", "/sys/devices/system/cpu");
}

std::vector<std::unique_ptr<roofline::Case>> CpuBackend::roof_check_cases(
    const roofline::Device& device) const {
  auto cases = probes::cpu::roof_check_cases(device);
  // The profile's roof was measured at its host's working sets, which may not fit here.
  for (const auto& c : cases)
    check_fits(c->info().work.working_set, "the roof check of the profile's " + c->info().level +
                                               " roof (" + c->info().variant +
                                               "; --no-roof-check skips it)");
  return cases;
}

bool prepare_cpu_environment() { return kernels::cpu::set_openblas_coretype(); }

void register_cpu_backend(roofline::Registry& registry) {
  registry.add(std::make_unique<CpuBackend>());
}

}  // namespace probes::cpu
