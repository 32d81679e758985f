#pragma once
// Import of a user's own Google Benchmark results (--benchmark_format=json or --benchmark_out),
// so their kernels sit on the same roofline as Rooflab's.
//
// A benchmark is imported when it reports two user counters, as rates (benchmark::Counter with
// kIsRate or kIsIterationInvariantRate, which Google Benchmark prints per second):
//   flops  FLOP/s            bytes  bytes moved per second (as referenced)
// Optional counters: `working_set` (bytes one iteration touches: picks the memory level; without
// it the level is the device's slowest). The precision is read from the benchmark's label
// (state.SetLabel) when it names one of fp16, bf16, fp32, fp64; otherwise fp64 is assumed and the
// result says so. Repetitions become the result's samples (seconds per iteration, real time);
// aggregates (mean, median, stddev) are skipped, since Rooflab recomputes them.
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
