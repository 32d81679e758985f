#pragma once
// A user's own program on the roofline (rooflab profile): what a backend recorded of its kernels
// as it ran unmodified, and the results they become, one per kernel and launch shape.
#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "roofline/counters.hpp"
#include "roofline/results.hpp"

namespace roofline {

// The family of a profiled program's kernels and regions.
inline constexpr char kProgramFamily[] = "program";

// One kernel launch as recorded.
struct KernelLaunch {
  std::string name;  // demangled
  std::array<long long, 3> grid{1, 1, 1}, block{1, 1, 1};
  // Its execution time from the trace; 0 for a counted launch, which ran replayed under the
  // counters (its time from the counters' own duration metric, where counted).
  double seconds = 0;
  bool counted = false;
  std::map<std::string, double> counts;  // a counted launch's metrics: name → value
  std::string count_error;               // why a launch chosen for counting has no counts
};

struct ProgramRecording {
  std::vector<KernelLaunch> launches;
  std::string source;                              // "cupti range profiler GH100"
  std::map<std::string, std::string> unavailable;  // metric → why it could not be counted
  std::vector<std::string> notes;                  // dropped records, a refused filter…
};

// What profiling a program may take: the first `sample` launches of each kernel and shape whose
// name matches `kernels` (POSIX extended; empty: all) are counted.
struct ProgramOptions {
  int sample = 1;
  std::string kernels;
};

// A metric's calibration verdict for a quantity (from Counting::calibrate on the device), where
// one was made: quantity → verdict and its note.
using QuantityVerdicts = std::map<std::string, std::pair<Verdict, std::string>>;

// A backend's way into a program: the environment that makes the program record its kernels (or
// regions) into a folder as it runs, and the results what it recorded there becomes.
class ProgramProfiler {
 public:
  virtual ~ProgramProfiler() = default;
  virtual std::vector<std::pair<std::string, std::string>> environment(
      const std::filesystem::path& folder, const ProgramOptions& options) const = 0;
  // What the program recorded into `folder`, as results on `device` (placed where it has roofs),
  // with `program`'s totals and notes filled in. Throws InputError for a record that does not
  // parse.
  virtual std::vector<Result> collect(const std::filesystem::path& folder, const Device& device,
                                      const QuantityVerdicts& verdicts,
                                      ProgramRun& program) const = 0;
};

// A program's results, slowest total time first (stable).
void sort_by_total_time(std::vector<Result>& results);

// A library of rooflab's own: beside the binary (a build) or in the install's private library
// folder (ROOFLAB_PRIVATE_LIBDIR under the prefix); empty when it is in neither.
std::filesystem::path library_beside_rooflab(const std::string& name);

// Regions marked with roofline/region.hpp in a CPU program, with the work the program declares.
std::unique_ptr<ProgramProfiler> make_region_profiler();

// The recording's kernels as results, one per kernel name and shape, slowest total first: every
// launch's time a sample (a counted launch's only where it was the shape's one launch: then from
// the duration metric), counters averaged over the counted launches, the work they measured
// (FLOPs of all precisions; the precision with most of them chooses the compute roof; its DRAM
// bytes place it, or the L2's where none reached DRAM; each level's bytes give its hierarchical
// dots) and, on a device with roofs, its
// placement. `program.kernel_seconds` and the launch totals are filled in.
std::vector<Result> kernel_results(const ProgramRecording& recording,
                                   const std::vector<EventSpec>& events,
                                   const QuantityVerdicts& verdicts, const Device& device,
                                   ProgramRun& program);

// A kernel's demangled name without its return type, arguments and long template arguments:
// "at::native::vectorized_elementwise_kernel<…>".
std::string short_kernel_name(const std::string& name);

// The roof that limits a placed, counted result: of its compute roof and every memory level it
// has measured bytes and a roof for, the lowest attainable rate at its measured intensity there.
struct Limit {
  std::string roof;       // "DRAM", "L2", "shared" or a precision ("bf16_tensor")
  double attainable = 0;  // FLOP/s (bytes/s for a result without FLOPs)
  double speedup = 0;     // attainable over achieved: what the roof still allows
};
std::optional<Limit> limit_of(const Result& r, const Roofline& roofs);

}  // namespace roofline
