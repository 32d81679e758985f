#pragma once
// Rooflab's results as Google Benchmark JSON (--benchmark_format=json with repetitions), for the
// tools that read that format (CI dashboards such as github-action-benchmark, compare.py).
//
// Each verified, timed result is one benchmark, named
// "<device>/<family>/<variant>/<precision>/<parameters>/real_time" (Google Benchmark's suffix for
// wall-clock timing, which is how Rooflab times): one "iteration" run per sample (its seconds per
// call as real_time in ns, iterations 1) and the aggregates Google Benchmark writes for
// repetitions (mean, median, stddev). The user counters are the rates of one call's declared
// work, `flops` (FLOP/s) and `bytes` (bytes/s), with `working_set` (bytes) and the precision as
// the label: what reports/gbench_import.hpp reads back. CPU time is not measured, so there is
// none. Failed results are left out (Google Benchmark has no place for a failed verification).
#include <nlohmann/json.hpp>

#include "roofline/results.hpp"

namespace reports {

nlohmann::json export_gbench(const roofline::Results& results);

}  // namespace reports
