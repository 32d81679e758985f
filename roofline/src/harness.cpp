#include "roofline/harness.hpp"

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <exception>
#include <optional>
#include <stdexcept>

#include "roofline/counting.hpp"
#include "roofline/stats.hpp"

namespace roofline {
namespace {

// Keeps every repetition of the one benchmark registered at a time: its seconds per call.
class SampleReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration) continue;
      if (run.error_occurred) {
        error = run.error_message;
        continue;
      }
      if (run.iterations > 0)
        samples.push_back(run.real_accumulated_time / static_cast<double>(run.iterations));
    }
  }
  std::vector<double> samples;
  std::string error;
};

// Wall-clock seconds of each phase of one case, for --verbose.
class PhaseClock {
 public:
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    return seconds;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

void time_case(Case& c, const MeasureOptions& options, Result& result) {
  std::string run_error;  // owned here: the benchmark may end before reporting it
  const Work work = c.info().work;
  const bool device_timed = c.device_timed();
  auto* bench = benchmark::RegisterBenchmark(
      (c.info().family + "/" + c.info().backend + "/" + c.info().variant).c_str(),
      [&c, &run_error, work, device_timed](benchmark::State& state) {
        try {
          for (auto _ : state) {
            c.run();
            if (!device_timed) continue;
            const std::optional<double> seconds = c.last_device_seconds();
            if (!seconds) throw std::runtime_error("the case reported no device time");
            state.SetIterationTime(*seconds);
          }
        } catch (const std::exception& e) {
          run_error = e.what();
          state.SkipWithError(run_error.c_str());
        }
        using benchmark::Counter;
        state.counters["flops"] = Counter(work.flops, Counter::kIsIterationInvariantRate);
        state.counters["bytes"] = Counter(work.bytes, Counter::kIsIterationInvariantRate);
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
  SampleReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::ClearRegisteredBenchmarks();
  if (!reporter.error.empty() || !run_error.empty()) {
    result.error = "run failed: " + (run_error.empty() ? reporter.error : run_error);
    return;
  }
  result.samples = std::move(reporter.samples);
  if (!result.samples.empty()) result.time = summarize(result.samples);
}

}  // namespace

Progress::Progress(std::string title, int total)
    : title_(std::move(title)), total_(total), enabled_(isatty(STDERR_FILENO) == 1) {}

Progress::~Progress() {
  if (enabled_ && done_ > 0) std::fprintf(stderr, "\r\033[K");
}

void Progress::step(const std::string& label) {
  ++done_;
  if (!enabled_) return;
  std::fprintf(stderr, "\r\033[K%s [%d/%d] %s", title_.c_str(), done_, total_, label.c_str());
  std::fflush(stderr);
}

Result measure(Case& c, const MeasureOptions& options) {
  const CaseInfo& info = c.info();
  PhaseClock clock;
  double prepare = 0, verify = 0, timing = 0;
  Result result;
  result.family = info.family;
  result.variant = info.variant;
  result.backend = info.backend;
  result.device = info.device;
  result.params = info.params;
  result.work = info.work;
  result.level = info.level;
  try {
    c.prepare();
    prepare = clock.lap();
    result.verification = c.verify();
    verify = clock.lap();
    if (result.verification.passed) time_case(c, options, result);
    if (options.counting && result.ok()) options.counting->count(c, result);
    timing = clock.lap();
  } catch (const std::exception& e) {
    result.error = e.what();
  }
  try {
    c.release();
  } catch (const std::exception& e) {
    if (result.error.empty()) result.error = std::string("release failed: ") + e.what();
  }
  if (options.verbose)
    std::fprintf(stderr,
                 "%s %s %s %s: prepare %.3f s, verify %.3f s, timing %.3f s, release %.3f s\n",
                 info.backend.c_str(), info.family.c_str(), info.variant.c_str(),
                 info.params.dump().c_str(), prepare, verify, timing, clock.lap());
  return result;
}

std::vector<Result> measure_all(std::vector<std::unique_ptr<Case>>& cases,
                                const MeasureOptions& options, const std::string& title) {
  Progress progress(title, static_cast<int>(cases.size()));
  std::vector<Result> results;
  results.reserve(cases.size());
  for (auto& c : cases) {
    progress.step(c->info().family + " " + c->info().variant + " " + c->info().params.dump());
    results.push_back(measure(*c, options));
  }
  return results;
}

}  // namespace roofline
