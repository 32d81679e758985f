// Times write_report on a results file of 1,000 points (the target: ≤ 1 s).
#include <benchmark/benchmark.h>

#include "reports/report.hpp"
#include "sample_results.hpp"
#include "temp_dir.hpp"

namespace {

void BM_WriteReport(benchmark::State& state) {
  const int points = static_cast<int>(state.range(0));
  const std::vector<roofline::Results> inputs{
      reports::samples::sample_results({points, points / 100, points / 100})};
  test_support::TempDir dir;
  const reports::ReportOptions options{dir.path() / "report.html", dir.path() / "svg",
                                       dir.path() / "csv"};
  for (auto _ : state) reports::write_report(inputs, options);
  state.counters["points"] = points;
}
BENCHMARK(BM_WriteReport)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
