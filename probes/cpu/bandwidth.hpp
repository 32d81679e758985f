#pragma once
// The bandwidth sweep: stream kernels over log-spaced working sets, densified around each cache
// capacity, with one thread and with all cores. Its points become memory ceilings in levels.hpp.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/cpu/stream.hpp"
#include "probes/bandwidth_sweep.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/results.hpp"

namespace probes::cpu {

struct BandwidthConfig {
  kernels::StreamOp op = kernels::StreamOp::read;
  kernels::Store store = kernels::Store::temporal;
  int threads = 1;
  std::size_t n = 0;  // fp64 elements per array
  int passes = 1;     // passes per call
  kernels::cpu::Isa isa = kernels::cpu::kBaselineIsa;
  bool balanced = false;  // threads share out chunks (kernels::cpu::StreamCall::balanced)
};

// The configuration closest to `working_set` bytes (all arrays together): n rounded to whole
// cache lines per thread, and enough passes that a call moves ≥ 16 MiB per thread (≳ 50 µs even
// at L1 speed), so the parallel region's start is amortized.
BandwidthConfig bandwidth_config(kernels::StreamOp op, kernels::Store store, int threads,
                                 double working_set, kernels::cpu::Isa isa);

// Work per call: the stream kernel's bytes as referenced (arrays × n × 8) times passes.
roofline::Work bandwidth_work(const BandwidthConfig& config);

// Family "bandwidth", variant "<kernel>_<store>", at the memory level `level`. Throws
// roofline::InputError for threads, passes or n below 1.
std::unique_ptr<roofline::Case> make_bandwidth_case(const BandwidthConfig& config,
                                                    const std::string& device_id,
                                                    const std::string& level);

// The grid of working sets (probes/bandwidth_sweep.hpp) with the kernels and threads that sweep it.
struct SweepPlan : probes::WorkingSetGrid {
  // daxpy (in place) streams faster than pure reads on cores that keep few misses in flight.
  std::vector<kernels::StreamOp> kernels = {kernels::StreamOp::read, kernels::StreamOp::write,
                                            kernels::StreamOp::copy, kernels::StreamOp::triad,
                                            kernels::StreamOp::daxpy};
  std::vector<int> threads;  // 1 and all cores
  // Kernels swept with the most threads only (quick: daxpy, there for the all-core DRAM roof).
  std::vector<kernels::StreamOp> most_threads_only;
  // Quick: past twice their last cache, the fewer threads' cases wait (SweepStep::deferred) until
  // the most threads' series, which alone shows where DRAM begins (levels.hpp), has done so.
  bool defer_fewer_threads = false;
};

// quick: 3 points per octave (1 past twice the last cache), daxpy with all cores only and the
// fewer threads deferred past their caches; full: 6 and every kernel with both, nothing deferred;
// up to 4× the last-level capacity the threads reach (with margin, capped at a quarter of the
// device's memory). max_working_set > 0 overrides the top.
SweepPlan sweep_plan(const roofline::Device& device, bool quick, double max_working_set = 0);

// The sweep's configurations of one kernel at one working set: temporal stores, and past the
// caches also non-temporal ones for storing kernels that are not in place; past the caches more
// than one thread share out chunks (balanced).
std::vector<BandwidthConfig> bandwidth_configs(kernels::StreamOp op, int threads,
                                               double working_set, bool past_caches,
                                               kernels::cpu::Isa isa);

// One working set of the sweep: every (kernel, threads, store) the plan runs there, the deferred
// ones apart.
struct SweepStep {
  double working_set = 0;
  std::vector<std::unique_ptr<roofline::Case>> cases;
  std::vector<std::unique_ptr<roofline::Case>> deferred;
};

// Where the sweep's deferred cases are needed, once it has taken steps [0, taken) and the most
// threads' series shows DRAM from `dram_from` (nullopt: not shown): the index of the one step
// whose deferred cases give the fewer threads a DRAM point — the first step from the onset, or
// the last one taken when there is no onset — or nullopt where every thread count already has a
// point from the onset on.
std::optional<std::size_t> deferred_step(const std::vector<SweepStep>& steps, std::size_t taken,
                                         std::optional<double> dram_from);

// Every (kernel, threads, working set) with temporal stores, and non-temporal ones too for the
// storing kernels from the last-level capacity up (except in-place ones: nothing to save), by
// working set, ascending: the probe measures step by step and stops once the sweep shows DRAM.
std::vector<SweepStep> bandwidth_steps(const roofline::Device& device, const SweepPlan& plan);

// What one step of the sweep took: its working set, how many cases, the seconds in all.
struct StepCost {
  double working_set = 0;
  int cases = 0;
  double seconds = 0;
};

// Under a time budget: drops every other step from steps[next] on, below the first step that
// reaches `needed_to` (the working set that would show DRAM), as often as it takes for the steps
// up to that one to fit `seconds_left` at the pace of the steps `taken` so far. A case is
// modelled as a fixed cost (the least a case took) plus one per byte (what the last step's cases
// took beyond that): the large steps cost most, and the small ones cost about the fixed part.
// Never drops steps[next], the step that reaches `needed_to`, or a step below `keep_below` (the
// caches before the last, cheap and needed whole). Returns the cases dropped and what the steps
// up to the one needed are then expected to take.
struct Thinned {
  int cases = 0;
  double seconds = 0;
};
Thinned thin_to_fit(std::vector<SweepStep>& steps, std::size_t next,
                    const std::vector<StepCost>& taken, double needed_to, double seconds_left,
                    double keep_below);

// The probe's own measurements behind the device's outermost memory roof (probes::roof_points),
// as the sweep ran them, to repeat during a run. Empty when the profile has no such point.
std::vector<std::unique_ptr<roofline::Case>> roof_check_cases(const roofline::Device& device);

}  // namespace probes::cpu
