// A user's own Google Benchmark binary, as `rooflab report` imports it: a daxpy that reports its
// FLOPs and bytes per iteration as rates, and one benchmark without those counters.
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
  state.counters["flops"] = Counter(2.0 * kN, Counter::kIsIterationInvariantRate);
  state.counters["bytes"] = Counter(24.0 * kN, Counter::kIsIterationInvariantRate);
  state.counters["working_set"] = 16.0 * kN;
  state.SetLabel("fp64 daxpy");
}
BENCHMARK(BM_daxpy)->UseRealTime();

void BM_untagged(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(state.iterations());
}
BENCHMARK(BM_untagged);

}  // namespace

BENCHMARK_MAIN();
