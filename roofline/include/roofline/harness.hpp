#pragma once
// The measurement harness: Google Benchmark times each verified case; Rooflab's reporter keeps
// every repetition as a sample. Competing cases (one family's variants doing the same work on one
// device) are timed together, their repetitions interleaved in random order: a machine whose speed
// drifts over seconds, as a shared host's DRAM does, then moves them alike, and their ratios
// compare the kernels rather than two moments.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "roofline/case.hpp"
#include "roofline/results.hpp"

namespace roofline {

class Budget;
class Counting;
class Sampler;

struct MeasureOptions {
  int repetitions = 9;                // samples kept per case: 9 gives a true 95% CI of the median
  double min_sample_seconds = 0.004;  // each sample runs at least this long (≥ 1 ms, ≫ 20 ticks)
  double warmup_seconds = 0.005;      // untimed warm-up before the first sample
  // A result less stable than kUnstableCv is timed again with samples kLengthening times as long,
  // up to this long, so that a few slow calls (the host's: a preempted thread, a call that waits
  // for the device) weigh less in each sample; its results then say how long their samples were.
  // A step is taken only while the unstable results are at most half of their group of competing
  // cases and the lengthening's seconds stay within kLengtheningShare of the group's first timing.
  // At min_sample_seconds or below: never.
  double most_sample_seconds = 0.064;
  // Prints each case's wall time on stderr, split into prepare, verify and timing (--verbose).
  bool verbose = false;
  // Counts one more call after the timed ones (rooflab run --counters); nullptr: no counting.
  Counting* counting = nullptr;
  // Fits measure_all's groups to a time budget (roofline/budget.hpp); nullptr: none.
  Budget* budget = nullptr;
  // The most working-set bytes of competing cases measure_all prepares at once to interleave them;
  // a group that needs more is split, a case that needs more is timed alone. 0: each alone.
  double together_bytes = 0;
  // The kernels behind the device's outermost memory roof (Backend::roof_check_cases), prepared
  // and verified: they are timed in turn with every group of cases in their level on their
  // device, and the fastest one's bandwidth in those seconds is kept in each of the group's
  // results (Result::roof_now). Empty: none.
  std::vector<Case*> roof_now = {};
  // The device's sensors (roofline/sensors.hpp), read around each timed sample of every case into
  // its Result::sensors; nullptr: none read. A command sets it per device where `sensors` says
  // (rooflab --no-sensors: none).
  Sampler* sampler = nullptr;
  bool sensors = true;
  // Called with each result of measure_all as soon as its group of competing cases has finished
  // (rooflab run checkpoints its output from it); empty: none.
  std::function<void(const Result&)> finished = {};
};

inline constexpr double kLengthening = 4;
// One unstable result of six competing ones may reach 16x samples (estimated at 4/6 + 16/6 of the
// first timing), as those of the OpenCL reduce run on an H100 did before this bound
// (docs/performance.md, 2026-11-27 03:20).
inline constexpr double kLengtheningShare = 4;

// Prepares, verifies and (only when verified) times one case, counts one call when counting,
// then releases it, with the options fitted to the time budget where there is one.
// A case that throws is recorded with the error; nothing escapes.
Result measure(Case& c, const MeasureOptions& options);

// Measures every case, competing ones together (see above), showing progress on stderr; the
// results are in the cases' order. After SIGINT or SIGTERM (roofline/interrupt.hpp) it stops
// before the next group and throws Interrupted with the results that finished.
std::vector<Result> measure_all(std::vector<std::unique_ptr<Case>>& cases,
                                const MeasureOptions& options, const std::string& title);

}  // namespace roofline
