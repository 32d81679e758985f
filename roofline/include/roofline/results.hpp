#pragma once
// Results (rooflab.results/1): one verified, timed record per kernel run, with the machine.
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/counters.hpp"
#include "roofline/model.hpp"
#include "roofline/profile.hpp"
#include "roofline/sensors.hpp"
#include "roofline/stats.hpp"
#include "roofline/work.hpp"

namespace roofline {

struct Verification {
  bool passed = false;
  double max_error = 0;  // largest error found, in the unit the check uses
  double tolerance = 0;
  std::string message;  // what was checked, or what went wrong
};

// How a family's size study draws a result: its time against params[param] (a reader's `label`
// for it), one panel per value of params[panel] (if any) and precision, one line per variant; a
// baseline's line (a vendor library's) is the reference of the relative view. A family with a
// parameter sweep names its two axes: its results marked params "sweep" are drawn as a heat map
// of params[sweep_rows] × params[sweep_columns] instead.
struct SizeStudy {
  std::string param{}, label{}, panel{};
  bool baseline = false;
  std::string sweep_rows{}, sweep_columns{};  // empty: no sweep
  // How a call of the variant synchronizes, so which latency its latency-aware roof charges:
  // "none" (a library that picks its threads per size and runs small ones on one: OpenBLAS), a
  // LatencyCeiling kind ("fork_join", "team_wake", "launch_gap"), or empty: the least per-call
  // latency at its threads, none for one CPU thread (reports/size_study.hpp, call_latency).
  std::string sync{};
};

// A program's kernel of one shape (rooflab profile): its launches, aggregated.
struct KernelLaunches {
  long long launches = 0;    // of this kernel and shape
  long long counted = 0;     // replayed under the counters; their times are not samples
  double total_seconds = 0;  // every launch's time, summed
  double share = 0;          // of the program's kernel time
  std::string counting;      // why none was counted (empty when some were)
};

struct Result {
  std::string family, variant, backend, device;
  nlohmann::json params = nlohmann::json::object();  // size, threads, m, isa…
  Work work;
  std::string level;  // memory level the data lives in
  Verification verification;
  std::string error;            // a failure other than verification (empty when none)
  std::vector<double> samples;  // seconds per call, every repetition
  // The minimum time of each sample and the calls it held (the most of any repetition), as timed
  // (MeasureOptions::most_sample_seconds: longer than asked where the first samples were
  // unstable); 0 where not recorded (files before them, imported benchmarks).
  double sample_seconds = 0;
  long long calls_per_sample = 0;
  std::optional<Summary> time;         // of samples
  std::optional<Placement> placement;  // only for verified results on a device with ceilings
  // The device's memory roof of the result's level, measured again in the same seconds: the
  // fastest of the roof's kernels timed in turn with this result (MeasureOptions::roof_now), in
  // bytes/s. A shared host's DRAM moves within a minute; against this roof an efficiency compares
  // the kernel, not two moments.
  std::optional<Summary> roof_now;
  // What the device's sensors saw over the samples (MeasureOptions::sampler); none where not read.
  std::optional<Sensors> sensors;
  // Why its samples were disturbed (roofline/disturbed.hpp: clocks held down, a clock below its
  // roof's), set where it is placed; empty where they were not.
  std::string disturbed;
  // Hardware counters of one counted call after the timed ones (rooflab run --counters), by event.
  std::map<std::string, Counter> counters;
  std::optional<MeasuredWork> measured;    // from the counters whose calibration agreed
  std::optional<SizeStudy> study;          // none when the family has no size study
  std::optional<KernelLaunches> launches;  // a profiled program's kernel

  bool ok() const { return verification.passed && error.empty() && time.has_value(); }
  // Why the result is not ok, in the words every output uses; empty when it is.
  std::string failure() const;
};

// The program a profile ran (rooflab profile -- PROGRAM).
struct ProgramRun {
  std::vector<std::string> command;
  int exit_code = 0;
  double seconds = 0;         // the profiled run, wall clock
  double plain_seconds = 0;   // the same command run without the profiler first; 0: not run
  double kernel_seconds = 0;  // every kernel launch's time, summed
  long long launches = 0, counted = 0;
  int sample = 0;                  // launches counted per kernel and shape, at most
  std::string kernels;             // the filter of the kernels counted; empty: all
  std::vector<std::string> notes;  // why there are no counts, records dropped…
};

struct Results {
  Provenance provenance;  // of the run
  MachineProfile machine;
  std::vector<Result> results;
  std::vector<Calibration> calibration;  // of the counters, when the run counted any
  // Each device's roof measurements repeated right before its cases and right after them
  // (Backend::roof_check_cases), params["when"] "before" or "after"; none without a profile.
  std::vector<Result> roof_checks;
  // Why the run stopped before all its cases ("interrupted by SIGINT after 12 of 40 cases");
  // empty for a complete run. `rooflab run --resume` completes such a file.
  std::string incomplete;
  std::optional<ProgramRun> program;  // a profile's program
};

}  // namespace roofline

namespace roofline {

// Bytes per second at the median time (STREAM convention); NaN without a time.
double bandwidth(const Result& r);

// Fills r.placement from the roofs when r is verified and timed (median time), with its
// efficiency_now where r has a roof_now and its note where r is stable and below kFarBelowRoof of
// its roof (against the roof measured in the same seconds where there is one); clears it otherwise.
inline constexpr double kFarBelowRoof = 0.5;
void place(Result& r, const Roofline& roofs);

// Places r under the device's roofs: those measured with params "roof_threads" threads where it
// names them (a benchmark measured outside Rooflab: imported, or a marked region) and the profile
// has that count's roofs of r's level and precision, else the most threads measured; such a result
// says which in params "roofs", and one without a level gets the level of its working set (the
// slowest without one). Throws InputError for a "roof_threads" that is not a thread count.
void place_on(Result& r, const Device& device);

// Placed results whose placement carries a note (far below their roof).
std::vector<const Result*> far_below_roof(const Results& r);

// Placed results more than `margin` above their attainable roof (efficiency > 1 + margin). On a
// steady machine there are none: they mean the machine changed between the probe and the run.
inline constexpr double kAboveRoofMargin = 0.10;
std::vector<const Result*> above_roof(const Results& r, double margin = kAboveRoofMargin);

// For a result of FMA (SIMT) work faster than its roof: the tensor-core roof of its data's type on
// `device` (r's) that its FLOP rate lies under, the units it ran on instead (a library's DGEMM on
// DMMA); nullptr where there is none.
const ComputeCeiling* tensor_path_of(const Device& device, const Result& r);

// The likely cause of a result above the roof it is placed under, the first that applies:
// another execution path than its roof's (tensor_path_of); a cache-resident working set (it fits
// in a level nearer than the one whose roof it beats, or lies under the DRAM onset while placed
// under DRAM); else its declared work is miscounted or the profile is stale (the machine ran
// faster than during the probe).
enum class AboveRoofCause { execution_path, cache_resident, work_or_profile };
std::string_view to_string(AboveRoofCause cause);  // "a different execution path", …

struct AboveRoof {
  AboveRoofCause cause;
  std::string why;  // this result's evidence: "its working set (8 MiB) fits in L3 (32 MiB …"
};
// nullopt where r lies within `margin` of its roof, or is not placed. `device`: r's.
std::optional<AboveRoof> above_roof_cause(const Device& device, const Result& r,
                                          double margin = kAboveRoofMargin);

// A device's roof checks of one moment ("before" or "after" its cases) against the roof of their
// level that its results are placed under: the fastest verified check's median bandwidth over that
// roof. nullopt when none verified or there is no such roof. Beyond 1 ± kRoofMovedMargin the
// machine changed since the probe.
inline constexpr double kRoofMovedMargin = 0.10;
std::optional<double> roof_check_ratio(const Results& r, const std::string& device_id,
                                       const std::string& when);
// The fastest verified roof check of a device at one moment; nullptr when none.
const Result* fastest_roof_check(const Results& r, const std::string& device_id,
                                 const std::string& when);
bool roof_moved(const Results& r, const std::string& device_id, double margin = kRoofMovedMargin);

}  // namespace roofline
