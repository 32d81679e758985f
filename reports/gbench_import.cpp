#include "reports/gbench_import.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "roofline/input_error.hpp"
#include "roofline/stats.hpp"

namespace reports {

namespace {

using nlohmann::json;
using roofline::InputError;

double seconds_per_unit(const std::string& unit, const std::string& where) {
  if (unit == "ns") return 1e-9;
  if (unit == "us") return 1e-6;
  if (unit == "ms") return 1e-3;
  if (unit == "s") return 1;
  throw InputError(where + ": time_unit \"" + unit + "\" is not ns, us, ms or s");
}

// Rooflab's schemas bound every measured quantity so; a file beyond it is not a measurement.
constexpr double kLargest = 1e30;

// entry[key], a number in [0, 1e30] (above 0 when `positive`: a time).
double number(const json& entry, const char* key, const std::string& where, bool positive = false) {
  if (!entry.contains(key)) throw InputError(where + ": no \"" + key + "\" (a number)");
  const json& v = entry.at(key);
  if (!v.is_number()) throw InputError(where + ": \"" + key + "\" is not a number");
  const double x = v.get<double>();
  if (positive ? !(x > 0) : !(x >= 0))
    throw InputError(where + ": \"" + key + "\" is " + v.dump() + ", expected a number " +
                     (positive ? "above 0" : "of 0 or more"));
  if (x > kLargest)
    throw InputError(where + ": \"" + key + "\" is " + v.dump() + ", expected at most 1e30");
  return x;
}

// entry[key] when it is there (a string, an integer or a boolean, as T), else `absent`; another
// JSON type is refused naming where, the key and the type expected.
template <class T>
T optional_field(const json& entry, const char* key, T absent, const std::string& where) {
  if (!entry.contains(key)) return absent;
  const json& v = entry.at(key);
  const auto [right, expected] =
      std::is_same_v<T, std::string> ? std::pair{v.is_string(), "a string"}
      : std::is_same_v<T, bool>      ? std::pair{v.is_boolean(), "true or false"}
                                     : std::pair{v.is_number_integer(), "an integer"};
  if (!right) throw InputError(where + ": \"" + key + "\" is not " + expected);
  return v.get<T>();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return (v[(n - 1) / 2] + v[n / 2]) / 2;
}

// The precision a label names, if any.
std::optional<roofline::Precision> precision_in(const std::string& label) {
  for (const char* name : {"fp16", "bf16", "fp32", "fp64"})
    if (label.find(name) != std::string::npos) return roofline::precision_from_string(name);
  return std::nullopt;
}

// Whether Google Benchmark divided the rate counters of a run of this name by its real time:
// UseRealTime() and UseManualTime() name their runs ".../real_time" and ".../manual_time" (a
// manual time is reported as real_time). Otherwise it divided by CPU time.
bool rates_per_real_time(const std::string& run_name) {
  std::size_t begin = 0;
  while (begin <= run_name.size()) {
    const std::size_t end = std::min(run_name.find('/', begin), run_name.size());
    const std::string_view part(run_name.data() + begin, end - begin);
    if (begin > 0 && (part == "real_time" || part == "manual_time")) return true;
    begin = end + 1;
  }
  return false;
}

// The repetitions of one benchmark, in file order.
struct Runs {
  std::vector<const json*> entries;
};

roofline::Result import_runs(const std::string& name, const Runs& runs, const std::string& file,
                             const roofline::Device& device) {
  const json& first = *runs.entries.front();
  const std::string where = "'" + file + "': benchmark \"" + name + "\"";
  const std::string label = optional_field<std::string>(first, "label", "", where);
  const std::int64_t threads = optional_field<std::int64_t>(first, "threads", 1, where);
  if (threads < 1 || threads > 1048576)  // the machine schema's bound on a thread count
    throw InputError(where + ": \"threads\" is " + std::to_string(threads) +
                     ", expected 1 to 1048576");
  const auto precision = precision_in(label);
  roofline::Result r;
  r.family = "gbench";
  r.variant = name;
  r.backend = device.backend;
  r.device = device.id;
  r.params = {{"source", file},
              {"threads", threads},
              {"roof_threads", threads},  // placed under the roofs of its own thread count
              {"label", label},
              {"precision", precision ? "from the label" : "fp64 (assumed: the label names none)"}};
  r.verification = {.passed = true,
                    .max_error = 0,
                    .tolerance = 0,
                    .message = "not verified by Rooflab: imported from Google Benchmark JSON"};
  std::vector<double> flops, bytes, working_sets;
  for (const json* e : runs.entries) {
    if (optional_field(*e, "error_occurred", false, where)) {
      r.error = "Google Benchmark reported an error: " +
                optional_field<std::string>(*e, "error_message", "", where);
      return r;
    }
    // Per iteration, as Google Benchmark reports them. Its rate counters are the counted work
    // over the time it measured by: CPU time (summed over the benchmark's threads) unless the
    // benchmark used real or manual time. That time gives back the work of one iteration, placed
    // against the wall-clock (or manual) time, as Rooflab times its own kernels.
    const double unit =
        seconds_per_unit(optional_field<std::string>(*e, "time_unit", "ns", where), where);
    const double seconds = number(*e, "real_time", where, true) * unit;
    const double rate_seconds =
        rates_per_real_time(name) ? seconds : number(*e, "cpu_time", where, true) * unit;
    r.samples.push_back(seconds);
    flops.push_back(number(*e, "flops", where) * rate_seconds);
    bytes.push_back(number(*e, "bytes", where) * rate_seconds);
    if (e->contains("working_set")) working_sets.push_back(number(*e, "working_set", where));
  }
  r.work = {.precision = precision.value_or(roofline::Precision::fp64),
            .flops = median(flops),
            .bytes = median(bytes),
            .bytes_write_allocate = median(bytes),
            .working_set = working_sets.empty() ? 0 : median(working_sets)};
  if (!working_sets.empty()) {
    // Its size study: time against the working set, a line per benchmark (and thread count),
    // relative to the benchmark whose label names it the baseline.
    r.params["working_set"] = r.work.working_set;
    r.params["series"] = name.substr(0, name.find('/')) +
                         (threads > 1 ? " · " + std::to_string(threads) + " threads" : "");
    r.study = roofline::SizeStudy{.param = "working_set",
                                  .label = "working set (bytes)",
                                  .panel = "",
                                  .baseline = label.find("baseline") != std::string::npos};
  }
  r.level = working_sets.empty()
                ? device.level_for(std::numeric_limits<double>::infinity(), threads)
                : device.level_for(r.work.working_set, threads);
  r.time = roofline::summarize(r.samples);
  return r;
}

}  // namespace

bool is_gbench_json(const json& j) {
  return j.is_object() && j.contains("context") && j.contains("benchmarks") &&
         j["benchmarks"].is_array();
}

// A row that sums up repetitions (mean, median, stddev, cv), not a run. Google Benchmark 1.5 and
// later say so in run_type; older files only in aggregate_name, or, older still, in the suffix of
// a name whose runs came before it ("BM_x_mean" after "BM_x").
bool aggregate_row(const json& e, const std::map<std::string, Runs>& runs,
                   const std::string& where) {
  if (e.contains("run_type"))
    return optional_field<std::string>(e, "run_type", "iteration", where) == "aggregate";
  if (e.contains("aggregate_name")) return true;
  const std::string name = optional_field<std::string>(e, "name", "", where);
  for (const std::string_view suffix : {"_mean", "_median", "_stddev", "_cv"})
    if (name.ends_with(suffix) && runs.contains(name.substr(0, name.size() - suffix.size())))
      return true;
  return false;
}

std::vector<roofline::Result> import_gbench(const json& j, const std::string& file,
                                            const roofline::Device& device) {
  std::vector<std::string> order;
  std::map<std::string, Runs> runs;
  std::size_t without_counters = 0;
  std::size_t index = 0;
  for (const json& e : j.at("benchmarks")) {
    const std::string where = "'" + file + "': benchmarks[" + std::to_string(index++) + "]";
    if (!e.is_object()) throw InputError(where + " is not an object");
    if (aggregate_row(e, runs, where)) continue;
    const std::string name =
        optional_field(e, "run_name", optional_field<std::string>(e, "name", "", where), where);
    const bool errored = optional_field(e, "error_occurred", false, where);
    // Read only for a benchmark that failed, but of the wrong type in any.
    optional_field<std::string>(e, "error_message", "", where);
    if (!errored && !(e.contains("flops") && e.contains("bytes"))) {
      ++without_counters;
      continue;
    }
    if (!runs.contains(name)) order.push_back(name);
    runs[name].entries.push_back(&e);
  }
  if (order.empty())
    throw InputError("'" + file + "': no benchmark reports both a \"flops\" and a \"bytes\" " +
                     "counter (FLOP/s and bytes/s, e.g. benchmark::Counter(n, "
                     "benchmark::Counter::kIsIterationInvariantRate)); " +
                     std::to_string(without_counters) + " benchmark run(s) without them");
  std::vector<roofline::Result> imported;
  for (const std::string& name : order)
    imported.push_back(import_runs(name, runs[name], file, device));
  return imported;
}

}  // namespace reports
