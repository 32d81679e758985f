// A user's own Google Benchmark binary, as `rooflab report` imports it: a daxpy that reports its
// FLOPs and bytes per iteration as rates, timed by real time, by CPU time (Google Benchmark's
// default, whose rates are per CPU second) and on two threads, and one benchmark without those
// counters.
#include <benchmark/benchmark.h>

#include <vector>

namespace {

constexpr int kN = 4096;

void BM_daxpy(benchmark::State& state) {
  std::vector<double> x(kN, 1.5), y(kN, 2.0);
  for (auto _ : state) {
    for (int i = 0; i < kN; ++i) y[i] += 3.0 * x[i];
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  using benchmark::Counter;
  // kAvgThreads: every thread counts its own iterations' work, and Google Benchmark sums them.
  const auto rate = Counter::kIsIterationInvariantRate | Counter::kAvgThreads;
  state.counters["flops"] = Counter(2.0 * kN, rate);
  state.counters["bytes"] = Counter(24.0 * kN, rate);
  state.counters["working_set"] = Counter(16.0 * kN, Counter::kAvgThreads);
  state.SetLabel("fp64 daxpy");
}
BENCHMARK(BM_daxpy)->UseRealTime();
BENCHMARK(BM_daxpy)->Name("BM_daxpy_cpu_time");
BENCHMARK(BM_daxpy)->Name("BM_daxpy_2_threads")->Threads(2)->UseRealTime();

void BM_untagged(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(state.iterations());
}
BENCHMARK(BM_untagged);

}  // namespace

BENCHMARK_MAIN();
