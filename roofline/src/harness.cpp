#include "roofline/harness.hpp"

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <optional>

#include "roofline/budget.hpp"
#include "roofline/counting.hpp"
#include "roofline/interrupt.hpp"
#include "roofline/sensors.hpp"
#include "roofline/src/progress.hpp"
#include "roofline/stats.hpp"

namespace roofline {
namespace {

// Keeps every repetition of the benchmarks run together, by name: their seconds per call.
class SampleReporter : public benchmark::BenchmarkReporter {
 public:
  struct Runs {
    std::vector<double> samples;
    long long iterations = 0;  // the most of any repetition
    std::string error;
  };
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration) continue;
      Runs& named = by_name[run.run_name.function_name];
      if (run.error_occurred) {
        named.error = run.error_message;
        continue;
      }
      if (run.iterations > 0)
        named.samples.push_back(run.real_accumulated_time / static_cast<double>(run.iterations));
      named.iterations = std::max<long long>(named.iterations, run.iterations);
    }
  }
  std::map<std::string, Runs> by_name;
};

// Wall-clock seconds of each phase of one case, for --verbose.
class PhaseClock {
 public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - last_).count();
  }
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    return seconds;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// Google Benchmark shuffles the repetitions of the benchmarks it runs together when its
// command-line flag says so; the flag is set through Initialize, once.
void enable_random_interleaving() {
  static const bool enabled = [] {
    char program[] = "rooflab";
    char flag[] = "--benchmark_enable_random_interleaving=true";
    char* argv[] = {program, flag, nullptr};
    int argc = 2;
    benchmark::Initialize(&argc, argv);
    return true;
  }();
  (void)enabled;
}

// The calls of a device-timed case that make one timed unit of at least `sample_seconds`, from
// one call's device seconds: a sample of a 3 µs reduction is a few thousand calls between one
// pair of events, not a few thousand timed one by one, each with its launch's latency.
int calls_per_timing(double call_seconds, double sample_seconds) {
  constexpr double kMostCalls = 1 << 20;
  if (!(call_seconds > 0)) return 1;
  return static_cast<int>(std::clamp(std::ceil(sample_seconds / call_seconds), 1.0, kMostCalls));
}

// Times the cases together, the k-th registered under the name k, and records their samples.
// A device-timed case's iteration is calls_per_timing calls timed together, its sample their
// seconds per call. Where there is a sampler, each run of a case's benchmark (a sample, or one of
// Google Benchmark's runs that size it) is read from its start to its end, outside the timed
// loop, and a case's readings add up over its runs: interleaved cases each get their own.
void time_together(const std::vector<Case*>& cases, const std::vector<Result*>& results,
                   const MeasureOptions& options) {
  enable_random_interleaving();
  std::vector<std::string> run_errors(cases.size());  // owned here: a run may end before its report
  std::vector<int> calls(cases.size(), 0);            // per iteration, set by the first run
  std::vector<Sensors> sensed(cases.size());
  Sampler* const sampler = options.sampler;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    Case& c = *cases[k];
    const Work work = c.info().work;
    const bool device_timed = c.device_timed();
    // Among others, a working set that fits in a cache is brought back into it, untimed, before
    // each repetition: the repetition before may have been another case's.
    const bool rewarm = cases.size() > 1 && c.info().level != "DRAM";
    const double sample_seconds = options.min_sample_seconds;
    auto* bench = benchmark::RegisterBenchmark(
        std::to_string(k).c_str(),
        [&c, &run_error = run_errors[k], &calls = calls[k], &sensed = sensed[k], sampler, work,
         device_timed, rewarm, sample_seconds](benchmark::State& state) {
          long long ran = 0;  // calls of this run, for its readings
          try {
            if (sampler) sampler->start(sample_seconds);
            if (rewarm) {
              c.run();
              ++ran;
            }
            if (calls == 0 && device_timed) {
              c.run();
              ++ran;
              calls = calls_per_timing(c.last_device_seconds().value_or(0), sample_seconds);
              // Back to back a call can take less than alone (NVIDIA's OpenCL leaves µs between
              // kernels the host enqueues, not between those queued behind a hold): one timing
              // of that many tops the count up, so that every sample lasts sample_seconds.
              if (calls > 1) {
                calls =
                    std::max(calls, calls_per_timing(c.run_calls(calls) / calls, sample_seconds));
                ran += calls;
              }
            }
            calls = std::max(calls, 1);
            for (auto _ : state) {
              if (!device_timed) {
                c.run();
                continue;
              }
              state.SetIterationTime(c.run_calls(calls));
            }
            ran += static_cast<long long>(state.iterations()) * (device_timed ? calls : 1);
            if (sampler) {
              Sensors run = sampler->stop();
              run.calls = ran;
              run.flops = static_cast<double>(ran) * work.flops;
              run.bytes = static_cast<double>(ran) * work.bytes;
              accumulate(sensed, run);
            }
          } catch (const std::exception& e) {
            run_error = e.what();
            state.SkipWithError(run_error.c_str());
          }
          using benchmark::Counter;
          state.counters["flops"] = Counter(work.flops * calls, Counter::kIsIterationInvariantRate);
          state.counters["bytes"] = Counter(work.bytes * calls, Counter::kIsIterationInvariantRate);
        });
    bench->Repetitions(options.repetitions)
        ->MinTime(options.min_sample_seconds)
        ->MinWarmUpTime(options.warmup_seconds)
        ->Unit(benchmark::kSecond);
    if (device_timed) {
      bench->UseManualTime();
    } else {
      bench->UseRealTime();
    }
  }
  SampleReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::ClearRegisteredBenchmarks();
  for (std::size_t k = 0; k < cases.size(); ++k) {
    SampleReporter::Runs& runs = reporter.by_name[std::to_string(k)];
    Result& result = *results[k];
    if (!runs.error.empty() || !run_errors[k].empty()) {
      result.error = "run failed: " + (run_errors[k].empty() ? runs.error : run_errors[k]);
      continue;
    }
    result.samples = std::move(runs.samples);
    for (double& s : result.samples) s /= calls[k];
    if (!result.samples.empty()) result.time = summarize(result.samples);
    result.sample_seconds = options.min_sample_seconds;
    result.calls_per_sample = runs.iterations * std::max(calls[k], 1);
    if (sampler) result.sensors = sensed[k];
  }
}

// Times the unstable results (CV above kUnstableCv) again, together, with samples kLengthening
// times as long, until they are stable or their samples last options.most_sample_seconds; the
// longest samples are kept either way (a result still unstable stays flagged). The jitter of
// short GPU calls is the host's (a preempted thread, a call that waits for the device: CLBlast's
// sum on NVIDIA's OpenCL, docs/performance.md): a sample of more calls averages it out instead of
// leaving the median to the luck of nine short samples. A step is taken only while the unstable
// results are at most half of the group and the lengthening's seconds stay within
// kLengtheningShare of the group's first timing (`first`; a step estimated from it: the unstable
// cases' share, their samples that much longer): where most of a group is unstable the host is
// busy, longer samples do not steady it, and they would multiply the run's time (a CPU stream run
// on the busy 2-vCPU guest took 108 s instead of 10 with every result lengthened).
void lengthen_unstable(const std::vector<Case*>& cases, const std::vector<Result*>& results,
                       const MeasureOptions& options, double first) {
  MeasureOptions longer = options;
  double spent = 0;
  while (longer.min_sample_seconds < options.most_sample_seconds) {
    longer.min_sample_seconds =
        std::min(longer.min_sample_seconds * kLengthening, options.most_sample_seconds);
    std::vector<Case*> again;
    std::vector<Result*> again_results;
    for (std::size_t k = 0; k < cases.size(); ++k)
      if (results[k]->ok() && results[k]->time->unstable) {
        again.push_back(cases[k]);
        again_results.push_back(results[k]);
      }
    if (again.empty() || 2 * again.size() > cases.size()) return;
    const double step = first * static_cast<double>(again.size()) / cases.size() *
                        longer.min_sample_seconds / options.min_sample_seconds;
    if (spent + step > kLengtheningShare * first) return;
    const PhaseClock clock;
    time_together(again, again_results, longer);
    spent += clock.seconds();
  }
}

// Whether the roof's kernels are timed with these verified cases: they live in the roof's level
// on its device.
bool roof_joins(const std::vector<Case*>& verified, const std::vector<Case*>& roof) {
  return !roof.empty() && !verified.empty() &&
         verified.front()->info().device == roof.front()->info().device &&
         verified.front()->info().level == roof.front()->info().level;
}

// The bandwidth samples of the fastest timed result, in bytes/s; nullopt when none was timed.
std::optional<Summary> fastest_bandwidth(const std::vector<Result>& timed) {
  const Result* fastest = nullptr;
  for (const Result& r : timed)
    if (r.error.empty() && r.time && (fastest == nullptr || bandwidth(r) > bandwidth(*fastest)))
      fastest = &r;
  if (fastest == nullptr) return std::nullopt;
  std::vector<double> rates;
  for (double seconds : fastest->samples) rates.push_back(fastest->work.bytes / seconds);
  return summarize(std::move(rates));
}

// Prepares and verifies each case, times the verified ones together (with the roof's kernels where
// MeasureOptions::roof_now says), counts one call of each when
// counting, then releases them. A case that throws is recorded with the error; nothing escapes.
std::vector<Result> measure_together(const std::vector<Case*>& cases,
                                     const MeasureOptions& options) {
  std::vector<Result> results;
  std::vector<double> prepare(cases.size()), verify(cases.size());
  std::vector<Case*> verified;
  std::vector<Result*> verified_results;
  results.reserve(cases.size());
  for (std::size_t k = 0; k < cases.size(); ++k) {
    Result& result = results.emplace_back(result_of(cases[k]->info()));
    PhaseClock clock;
    try {
      cases[k]->prepare();
      prepare[k] = clock.lap();
      result.verification = cases[k]->verify();
      verify[k] = clock.lap();
      if (!result.verification.passed) continue;
      verified.push_back(cases[k]);
      verified_results.push_back(&result);
    } catch (const std::exception& e) {
      result.error = e.what();
    }
  }
  const bool with_roof = roof_joins(verified, options.roof_now);
  std::vector<Result> roof;
  if (with_roof) {
    roof.reserve(options.roof_now.size());
    for (Case* c : options.roof_now) {
      verified.push_back(c);
      verified_results.push_back(&roof.emplace_back(result_of(c->info())));
    }
  }
  PhaseClock clock;
  try {
    if (!verified.empty()) time_together(verified, verified_results, options);
  } catch (const std::exception& e) {
    for (Result* result : verified_results) result->error = e.what();
  }
  const double first_timing = clock.seconds();
  if (with_roof) {
    verified.resize(verified.size() - roof.size());
    verified_results.resize(verified_results.size() - roof.size());
    const std::optional<Summary> roof_now = fastest_bandwidth(roof);
    for (Result* result : verified_results) result->roof_now = roof_now;
  }
  // The roof's kernels are not timed again: a lengthened result keeps the roof_now of its group.
  try {
    lengthen_unstable(verified, verified_results, options, first_timing);
  } catch (const std::exception& e) {
    for (Result* result : verified_results)
      if (result->time && result->time->unstable) result->error = e.what();
  }
  for (std::size_t k = 0; k < verified.size(); ++k) {
    try {
      if (options.counting && verified_results[k]->ok())
        options.counting->count(*verified[k], *verified_results[k]);
    } catch (const std::exception& e) {
      verified_results[k]->error = e.what();
    }
  }
  const double timing = clock.lap();
  for (std::size_t k = 0; k < cases.size(); ++k) {
    try {
      cases[k]->release();
    } catch (const std::exception& e) {
      if (results[k].error.empty()) results[k].error = std::string("release failed: ") + e.what();
    }
    if (!options.verbose) continue;
    const CaseInfo& info = cases[k]->info();
    std::fprintf(
        stderr, "%s %s %s %s: prepare %.3f s, verify %.3f s, timing %.3f s%s, release %.3f s\n",
        info.backend.c_str(), info.family.c_str(), info.variant.c_str(), info.params.dump().c_str(),
        prepare[k], verify[k], timing, cases.size() > 1 ? " (the group's)" : "", clock.lap());
  }
  return results;
}

// Whether two cases compete: one family's variants doing the same work on one device.
bool compete(const CaseInfo& a, const CaseInfo& b) {
  return a.device == b.device && a.backend == b.backend && a.family == b.family &&
         a.level == b.level && a.work.precision == b.work.precision &&
         a.work.flops == b.work.flops && a.work.bytes == b.work.bytes &&
         a.work.working_set == b.work.working_set;
}

// The cases' indices in groups of competing cases, in the order of each group's first case; a
// group stops taking cases where their working sets would exceed `bytes`.
std::vector<std::vector<std::size_t>> groups_of(const std::vector<std::unique_ptr<Case>>& cases,
                                                double bytes) {
  std::vector<std::vector<std::size_t>> groups;
  std::vector<double> held;  // working-set bytes of each group
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const CaseInfo& info = cases[k]->info();
    std::size_t g = 0;
    while (g < groups.size() && !(compete(cases[groups[g].front()]->info(), info) &&
                                  held[g] + info.work.working_set <= bytes))
      ++g;
    if (g == groups.size()) {
      groups.emplace_back();
      held.push_back(0);
    }
    groups[g].push_back(k);
    held[g] += info.work.working_set;
  }
  return groups;
}

// measure_together with the options the time budget fits to what is left, and its pace kept.
std::vector<Result> measure_within_budget(const std::vector<Case*>& cases,
                                          const MeasureOptions& options) {
  if (!options.budget) return measure_together(cases, options);
  const MeasureOptions used = options.budget->fit(options);
  const PhaseClock clock;
  std::vector<Result> measured = measure_together(cases, used);
  std::vector<double> calls;
  for (const Result& r : measured) calls.push_back(r.time ? r.time->median : 0);
  options.budget->finished(used, clock.seconds(), calls);
  return measured;
}

}  // namespace

Result measure(Case& c, const MeasureOptions& options) {
  if (options.budget) options.budget->expect_at_least(1);
  return std::move(measure_within_budget({&c}, options).front());
}

std::vector<Result> measure_all(std::vector<std::unique_ptr<Case>>& cases,
                                const MeasureOptions& options, const std::string& title) {
  Progress progress(title, static_cast<int>(cases.size()));
  if (options.budget) options.budget->expect_at_least(static_cast<int>(cases.size()));
  std::vector<Result> results(cases.size());
  std::vector<bool> finished(cases.size(), false);
  for (const std::vector<std::size_t>& group : groups_of(cases, options.together_bytes)) {
    const bool spent = options.budget && options.budget->stops_now();
    if (interrupted() || spent) {
      std::vector<Result> done;
      for (std::size_t k = 0; k < cases.size(); ++k)
        if (finished[k]) done.push_back(std::move(results[k]));
      char why[96];
      std::snprintf(why, sizeof why, "its time budget of %.3g s spent",
                    spent ? options.budget->seconds() : 0.0);
      throw Interrupted(std::move(done), interrupted() ? "" : why);
    }
    std::vector<Case*> members;
    for (std::size_t k : group) members.push_back(cases[k].get());
    const CaseInfo& first = cases[group.front()]->info();
    progress.start(first.family + " " + first.variant + " " +
                       std::string(to_string(first.work.precision)) + " " +
                       params_label(first.params),
                   static_cast<int>(group.size()));
    std::vector<Result> measured = measure_within_budget(members, options);
    progress.finish();
    if (options.budget)
      if (const std::string forecast = options.budget->forecast(); !forecast.empty())
        std::cerr << "time budget: " << forecast << "\n";
    for (std::size_t i = 0; i < group.size(); ++i) {
      results[group[i]] = std::move(measured[i]);
      finished[group[i]] = true;
      if (options.finished) options.finished(results[group[i]]);
    }
  }
  return results;
}

}  // namespace roofline
