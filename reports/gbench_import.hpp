#pragma once
// Import of a user's own Google Benchmark results (--benchmark_format=json or --benchmark_out),
// so their kernels sit on the same roofline as Rooflab's.
//
// A benchmark is imported when it reports two user counters, as rates (benchmark::Counter with
// kIsRate or kIsIterationInvariantRate, which Google Benchmark prints per second):
//   flops  FLOP/s            bytes  bytes moved per second (as referenced)
// Google Benchmark divides such a counter by the CPU time it measured (summed over the
// benchmark's threads) unless the benchmark uses real or manual time (UseRealTime,
// UseManualTime: its name ends in "/real_time" or "/manual_time"). The import multiplies it back
// by that same time per iteration (the JSON's cpu_time or real_time) to get the work of one
// iteration, and times that work by wall clock (real_time, or the manual time), as Rooflab times
// its own kernels: the imported rate is wall-clock, not Google Benchmark's CPU-time rate. With
// several threads Google Benchmark sums the threads' counters: add kAvgThreads so that one
// iteration's work is counted once.
// Optional counters: `working_set` (bytes one iteration touches: picks the memory level; without
// it the level is the device's slowest). The precision is read from the benchmark's label
// (state.SetLabel) when it names one of fp16, bf16, fp32, fp64; otherwise fp64 is assumed and the
// result says so. The result is placed under the roofs measured with its `threads`
// (params "roof_threads"; the all-core roofs where the profile has none for that count, and
// params "roofs" says which). Repetitions become the result's samples (seconds per iteration,
// real time); aggregates (mean, median, stddev) are skipped, since Rooflab recomputes them.
// A benchmark with a `working_set` counter joins the size study of its function (the run name
// up to its first '/': BM_copy/4096 and BM_copy/65536 are two sizes of BM_copy, params "series"),
// time against the working set, relative to the benchmark whose label says "baseline".
// Imported results keep family "gbench" and params "source" (the file), so that a chart can mark
// them apart from Rooflab's own.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "roofline/profile.hpp"
#include "roofline/results.hpp"

namespace reports {

// True for the shape Google Benchmark writes: an object with "context" and "benchmarks".
bool is_gbench_json(const nlohmann::json& j);

// The imported benchmarks of `j` (read from `file`, named in messages), placed on `device`.
// Records are unverified by Rooflab and say so; a benchmark that reported an error is kept as
// failed. Benchmarks without both counters are skipped. Throws roofline::InputError naming the
// file when none has them, or when a value has the wrong type.
std::vector<roofline::Result> import_gbench(const nlohmann::json& j, const std::string& file,
                                            const roofline::Device& device);

}  // namespace reports
