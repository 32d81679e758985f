#include "roofline/json_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <system_error>
#include <tuple>

#include "json_tree.hpp"
#include "roofline/interrupt.hpp"
#include "roofline/json_schema.hpp"
#include "roofline/output_file.hpp"
#include "roofline/src/json_fields.hpp"

namespace roofline {

using nlohmann::json;

// ---- field conversions (nlohmann ADL hooks) -------------------------------------------------
// Plain records map field by field; the others below have a JSON shape of their own.

void to_json(json& j, const Precision& p) { j = to_string(p); }
void from_json(const json& j, Precision& p) { p = precision_from_string(j.get<std::string>()); }

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Cache, level, size_bytes, instances, cpus_per_instance)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TheoreticalCompute, precision, path, threads, flops_per_s, basis)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TheoreticalMemory, level, bytes_per_s, basis)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LatencyCeiling, kind, threads, seconds, method)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LinkPoint, direction, host_memory, bytes, bytes_per_s)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SustainedCompute, precision, call, flops_per_s,
                                   burst_flops_per_s, seconds, clock_hz, power_w, power_limit_w,
                                   limiters, method)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(KernelLaunches, launches, counted, total_seconds, share,
                                   counting)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ProgramRun, command, exit_code, seconds, plain_seconds,
                                   kernel_seconds, launches, counted, sample, kernels, notes)

// A study's sweep axes are written only where the family declares a sweep.
void to_json(json& j, const SizeStudy& s) {
  j = {{"param", s.param}, {"label", s.label}, {"panel", s.panel}, {"baseline", s.baseline}};
  if (!s.sweep_rows.empty()) j["sweep_rows"] = s.sweep_rows;
  if (!s.sweep_columns.empty()) j["sweep_columns"] = s.sweep_columns;
  if (!s.sync.empty()) j["sync"] = s.sync;
}
void from_json(const json& j, SizeStudy& s) {
  s.param = j.at("param");
  s.label = j.at("label");
  s.panel = j.at("panel");
  s.baseline = j.at("baseline");
  s.sweep_rows = j.value("sweep_rows", "");
  s.sweep_columns = j.value("sweep_columns", "");
  s.sync = j.value("sync", "");
}

// A sensed figure is {"value": x} or {"unavailable": "why"}.
void to_json(json& j, const Sensed& s) {
  j = s.value ? json{{"value", *s.value}} : json{{"unavailable", s.unavailable}};
}
void from_json(const json& j, Sensed& s) {
  if (j.contains("value"))
    s = {j.at("value").get<double>(), ""};
  else
    s = Sensed::missing(j.at("unavailable"));
}

// mean_power_w is written for readers of the file and derived again on reading.
void to_json(json& j, const Sensors& s) {
  j = {{"seconds", s.seconds},
       {"calls", s.calls},
       {"flops", s.flops},
       {"bytes", s.bytes},
       {"energy_j", s.energy_j},
       {"mean_power_w", s.mean_power_w()},
       {"clock_hz", s.clock_hz},
       {"memory_clock_hz", s.memory_clock_hz},
       {"temperature_c", s.temperature_c},
       {"clock_events", s.clock_events},
       {"clock_events_unavailable", s.clock_events_unavailable}};
}
void from_json(const json& j, Sensors& s) {
  s.seconds = j.at("seconds");
  s.calls = j.at("calls");
  s.flops = j.at("flops");
  s.bytes = j.at("bytes");
  s.energy_j = j.at("energy_j");
  s.clock_hz = j.at("clock_hz");
  s.memory_clock_hz = j.at("memory_clock_hz");
  s.temperature_c = j.at("temperature_c");
  s.clock_events = j.at("clock_events").get<std::vector<std::string>>();
  s.clock_events_unavailable = j.at("clock_events_unavailable");
}

// The whole energy and the disturbed reason came with the energy pass: files before it have
// neither; disturbed is written where its window was.
void to_json(json& j, const ComputeEnergy& c) {
  j = {{"precision", c.precision},
       {"path", c.path},
       {"threads", c.threads},
       {"joules_per_flop", c.joules_per_flop},
       {"whole_joules_per_flop", c.whole_joules_per_flop},
       {"watts", c.watts},
       {"method", c.method}};
  if (!c.disturbed.empty()) j["disturbed"] = c.disturbed;
}
void from_json(const json& j, ComputeEnergy& c) {
  c.precision = j.at("precision");
  c.path = j.at("path");
  c.threads = j.at("threads");
  c.joules_per_flop = j.at("joules_per_flop");
  c.whole_joules_per_flop = j.value("whole_joules_per_flop", 0.0);
  c.watts = j.at("watts");
  c.method = j.at("method");
  c.disturbed = j.value("disturbed", "");
}
void to_json(json& j, const MemoryEnergy& m) {
  j = {{"level", m.level},
       {"kernel", m.kernel},
       {"threads", m.threads},
       {"joules_per_byte", m.joules_per_byte},
       {"whole_joules_per_byte", m.whole_joules_per_byte},
       {"watts", m.watts},
       {"method", m.method}};
  if (!m.disturbed.empty()) j["disturbed"] = m.disturbed;
}
void from_json(const json& j, MemoryEnergy& m) {
  m.level = j.at("level");
  m.kernel = j.at("kernel");
  m.threads = j.at("threads");
  m.joules_per_byte = j.at("joules_per_byte");
  m.whole_joules_per_byte = j.value("whole_joules_per_byte", 0.0);
  m.watts = j.at("watts");
  m.method = j.at("method");
  m.disturbed = j.value("disturbed", "");
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(DeviceEnergy, idle_w, power_cap_w, compute, memory)

// sensors and energy_window are written where the probe read them (profiles before them have
// none).
void to_json(json& j, const ComputeCeiling& c) {
  j = {{"precision", c.precision},     {"path", c.path},         {"threads", c.threads},
       {"flops_per_s", c.flops_per_s}, {"clock_hz", c.clock_hz}, {"method", c.method}};
  if (c.sensors) j["sensors"] = *c.sensors;
  if (c.energy_window) j["energy_window"] = *c.energy_window;
}
void from_json(const json& j, ComputeCeiling& c) {
  c.precision = j.at("precision");
  c.path = j.at("path");
  c.threads = j.at("threads");
  c.flops_per_s = j.at("flops_per_s");
  c.clock_hz = j.at("clock_hz");
  c.method = j.at("method");
  if (j.contains("sensors")) c.sensors = j.at("sensors").get<Sensors>();
  if (j.contains("energy_window")) c.energy_window = j.at("energy_window").get<Sensors>();
}

// sensors is written where the probe read them (profiles before them have none).
void to_json(json& j, const SweepPoint& p) {
  j = {{"kernel", p.kernel},
       {"threads", p.threads},
       {"store", p.store},
       {"working_set", p.working_set},
       {"bytes_per_s", p.bytes_per_s}};
  if (p.sensors) j["sensors"] = *p.sensors;
}
void from_json(const json& j, SweepPoint& p) {
  p.kernel = j.at("kernel");
  p.threads = j.at("threads");
  p.store = j.at("store");
  p.working_set = j.at("working_set");
  p.bytes_per_s = j.at("bytes_per_s").get<std::vector<double>>();
  if (j.contains("sensors")) p.sensors = j.at("sensors").get<Sensors>();
}

// algorithm_bytes is written when a variant declares it and optional on reading.
void to_json(json& j, const Work& w) {
  j = {{"precision", w.precision},
       {"flops", w.flops},
       {"bytes", w.bytes},
       {"bytes_write_allocate", w.bytes_write_allocate},
       {"working_set", w.working_set}};
  if (w.algorithm_bytes > 0) j["algorithm_bytes"] = w.algorithm_bytes;
}
void from_json(const json& j, Work& w) {
  w.precision = j.at("precision");
  w.flops = j.at("flops");
  w.bytes = j.at("bytes");
  w.bytes_write_allocate = j.at("bytes_write_allocate");
  w.working_set = j.at("working_set");
  w.algorithm_bytes = j.contains("algorithm_bytes") ? j.at("algorithm_bytes").get<double>() : 0;
}

// working_set_from is written where a ceiling fell short of its level's onset; files before it
// have none.
void to_json(json& j, const RefusedCeiling& r) {
  j = {{"roof", r.roof}, {"value", r.value}, {"limit", r.limit}, {"reason", r.reason}};
  if (r.working_set_from) j["working_set_from"] = *r.working_set_from;
}
void from_json(const json& j, RefusedCeiling& r) {
  r.roof = j.at("roof");
  r.value = j.at("value");
  r.limit = j.at("limit");
  r.reason = j.at("reason");
  if (j.contains("working_set_from")) r.working_set_from = j.at("working_set_from").get<double>();
}

void to_json(json& j, const MemoryCeiling& m) {
  j = {{"level", m.level},
       {"kernel", m.kernel},
       {"threads", m.threads},
       {"bytes_per_s", m.bytes_per_s},
       {"working_set", {m.working_set_min, m.working_set_max}},
       {"method", m.method}};
  if (m.sensors) j["sensors"] = *m.sensors;
  if (m.energy_window) j["energy_window"] = *m.energy_window;
}
void from_json(const json& j, MemoryCeiling& m) {
  m.level = j.at("level");
  m.kernel = j.at("kernel");
  m.threads = j.at("threads");
  m.bytes_per_s = j.at("bytes_per_s");
  m.working_set_min = j.at("working_set").at(0);
  m.working_set_max = j.at("working_set").at(1);
  m.method = j.at("method");
  if (j.contains("sensors")) m.sensors = j.at("sensors").get<Sensors>();
  if (j.contains("energy_window")) m.energy_window = j.at("energy_window").get<Sensors>();
}

void to_json(json& j, const Device& d) {
  j = {{"id", d.id},
       {"backend", d.backend},
       {"name", d.name},
       {"vendor", d.vendor},
       {"driver", d.driver},
       {"compute_units", d.compute_units},
       {"clock_hz", d.clock_hz},
       {"memory_bytes", d.memory_bytes},
       {"caches", d.caches},
       {"facts", d.facts},
       {"theoretical", {{"compute", d.theoretical_compute}, {"memory", d.theoretical_memory}}},
       {"ceilings", {{"compute", d.compute}, {"memory", d.memory}}},
       {"sweep", d.sweep}};
  // Optional (machine/1 profiles of earlier builds have neither): written where measured.
  if (!d.latency.empty()) j["ceilings"]["latency"] = d.latency;
  if (!d.refused.empty()) j["ceilings"]["refused"] = d.refused;
  if (!d.sustained.empty()) j["ceilings"]["sustained"] = d.sustained;
  if (!d.link.empty()) j["link"] = d.link;
  if (d.energy) j["energy"] = *d.energy;
  if (!d.not_offered.empty()) j["not_offered"] = d.not_offered;
}
void from_json(const json& j, Device& d) {
  d.id = j.at("id");
  d.backend = j.at("backend");
  d.name = j.at("name");
  d.vendor = j.at("vendor");
  d.driver = j.at("driver");
  d.compute_units = j.at("compute_units");
  d.clock_hz = j.at("clock_hz");
  d.memory_bytes = j.at("memory_bytes");
  d.caches = j.at("caches").get<std::vector<Cache>>();
  d.facts = j.at("facts");
  d.theoretical_compute = j.at("theoretical").at("compute").get<std::vector<TheoreticalCompute>>();
  d.theoretical_memory = j.at("theoretical").at("memory").get<std::vector<TheoreticalMemory>>();
  d.compute = j.at("ceilings").at("compute").get<std::vector<ComputeCeiling>>();
  d.memory = j.at("ceilings").at("memory").get<std::vector<MemoryCeiling>>();
  d.sweep = j.at("sweep").get<std::vector<SweepPoint>>();
  d.latency = j.at("ceilings").value("latency", std::vector<LatencyCeiling>());
  d.refused = j.at("ceilings").value("refused", std::vector<RefusedCeiling>());
  d.sustained = j.at("ceilings").value("sustained", std::vector<SustainedCompute>());
  d.link = j.value("link", std::vector<LinkPoint>());
  if (j.contains("energy")) d.energy = j.at("energy").get<DeviceEnergy>();
  d.not_offered = j.value("not_offered", std::map<std::string, std::vector<std::string>>());
}

void to_json(json& j, const Verification& v) {
  j = {{"status", v.passed ? "passed" : "failed"},
       {"max_error", v.max_error},
       {"tolerance", v.tolerance},
       {"message", v.message}};
}
void from_json(const json& j, Verification& v) {
  const std::string status = j.at("status");
  if (status != "passed" && status != "failed")
    throw std::invalid_argument("verification status '" + status +
                                "' is neither passed nor failed");
  v.passed = status == "passed";
  v.max_error = j.at("max_error").is_null() ? 0.0 : j.at("max_error").get<double>();
  v.tolerance = j.at("tolerance").is_null() ? 0.0 : j.at("tolerance").get<double>();
  v.message = j.at("message");
}

void to_json(json& j, const Placement& p) {
  j = {{"ai", p.ai},
       {"flops_per_s", p.performance},
       {"attainable_flops_per_s", p.attainable},
       {"efficiency", p.efficiency},
       {"efficiency_now", p.efficiency_now ? json(*p.efficiency_now) : json(nullptr)},
       {"bound", to_string(p.bound)},
       {"level", p.level}};
  if (!p.note.empty()) j["note"] = p.note;
}
void from_json(const json& j, Placement& p) {
  p.ai = j.at("ai");
  p.performance = j.at("flops_per_s");
  p.attainable = j.at("attainable_flops_per_s");
  p.efficiency = j.at("efficiency");
  // Came with results/1 files of later builds: older ones have none.
  if (j.contains("efficiency_now") && !j.at("efficiency_now").is_null())
    p.efficiency_now = j.at("efficiency_now").get<double>();
  p.bound = j.at("bound") == "compute" ? Bound::compute : Bound::memory;
  p.level = j.at("level");
  p.note = j.value("note", "");
}

void to_json(json& j, const Counter& c) {
  j = {{"value", c.value ? json(*c.value) : json(nullptr)},
       {"source", c.source},
       {"verdict", to_string(c.verdict)},
       {"note", c.note}};
}
void from_json(const json& j, Counter& c) {
  if (!j.at("value").is_null()) c.value = j.at("value").get<double>();
  c.source = j.at("source");
  c.verdict = verdict_from_string(j.at("verdict").get<std::string>());
  c.note = j.at("note");
}

void to_json(json& j, const MeasuredWork& m) {
  j = {{"flops", m.flops ? json(*m.flops) : json(nullptr)}, {"bytes", m.bytes}, {"ai", m.ai}};
}
void from_json(const json& j, MeasuredWork& m) {
  if (!j.at("flops").is_null()) m.flops = j.at("flops").get<double>();
  m.bytes = j.at("bytes").get<std::map<std::string, double>>();
  m.ai = j.at("ai").get<std::map<std::string, double>>();
}

void to_json(json& j, const Calibration& c) {
  j = {{"device", c.device}, {"quantity", c.quantity},   {"events", c.events},
       {"kernel", c.kernel}, {"expected", c.expected},   {"measured", c.measured},
       {"ratio", c.ratio()}, {"tolerance", c.tolerance}, {"agrees", c.agrees()}};
}
void from_json(const json& j, Calibration& c) {
  c.device = j.at("device");
  c.quantity = j.at("quantity");
  c.events = j.at("events").get<std::vector<std::string>>();
  c.kernel = j.at("kernel");
  c.expected = j.at("expected");
  c.measured = j.at("measured");
  c.tolerance = j.at("tolerance");
}

void to_json(json& j, const Result& r) {
  j = {{"family", r.family},
       {"variant", r.variant},
       {"backend", r.backend},
       {"device", r.device},
       {"params", r.params},
       {"work", r.work},
       {"level", r.level},
       {"verification", r.verification},
       {"error", r.error},
       {"samples", r.samples},
       {"time", r.time ? json(*r.time) : json(nullptr)},
       {"placement", r.placement ? json(*r.placement) : json(nullptr)},
       {"roof_now", r.roof_now ? json(*r.roof_now) : json(nullptr)},
       {"counters", r.counters},
       {"measured", r.measured ? json(*r.measured) : json(nullptr)}};
  if (r.study) j["study"] = *r.study;
  if (r.launches) j["launches"] = *r.launches;
  if (r.sample_seconds > 0) j["sample_seconds"] = r.sample_seconds;
  if (r.calls_per_sample > 0) j["calls_per_sample"] = r.calls_per_sample;
  if (r.sensors) j["sensors"] = *r.sensors;
  if (!r.disturbed.empty()) j["disturbed"] = r.disturbed;
}
void from_json(const json& j, Result& r) {
  r.family = j.at("family");
  r.variant = j.at("variant");
  r.backend = j.at("backend");
  r.device = j.at("device");
  r.params = j.at("params");
  r.work = j.at("work");
  r.level = j.at("level");
  r.verification = j.at("verification");
  r.error = j.at("error");
  r.samples = j.at("samples").get<std::vector<double>>();
  // Rooflab writes the summary of every result it timed; a writer without its statistics (a
  // marked region, roofline/region.hpp) leaves it null beside the samples.
  if (!j.at("time").is_null())
    r.time = j.at("time").get<Summary>();
  else if (!r.samples.empty())
    r.time = summarize(r.samples);
  if (!j.at("placement").is_null()) r.placement = j.at("placement").get<Placement>();
  if (j.contains("roof_now") && !j.at("roof_now").is_null()) r.roof_now = j.at("roof_now");
  // Counters came with results/1 files of later builds: older ones have none.
  if (j.contains("counters")) r.counters = j.at("counters").get<std::map<std::string, Counter>>();
  if (j.contains("measured") && !j.at("measured").is_null())
    r.measured = j.at("measured").get<MeasuredWork>();
  // Results of families with a size study say how to draw it (files before it have none).
  if (j.contains("study")) r.study = j.at("study").get<SizeStudy>();
  // A profiled program's kernels (rooflab profile) say how they were launched.
  if (j.contains("launches")) r.launches = j.at("launches").get<KernelLaunches>();
  // How long its samples were came later still.
  r.sample_seconds = j.value("sample_seconds", 0.0);
  r.calls_per_sample = j.value("calls_per_sample", 0LL);
  // And what the sensors saw later still.
  if (j.contains("sensors")) r.sensors = j.at("sensors").get<Sensors>();
  r.disturbed = j.value("disturbed", "");
}

// ---- documents -------------------------------------------------------------------------------

namespace {

template <class F>
auto converting(const std::string& what, F&& f) {
  try {
    return f();
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    throw InputError(what + ": " + e.what());
  }
}

}  // namespace

namespace {

json identical_json(const IdenticalDevices& group) {
  json outliers = json::array();
  for (const RoofOutlier& o : group.outliers) outliers.push_back(outlier_json(o, "device"));
  return {{"devices", group.devices},
          {"outlier_rule", group.rule},
          {"verdict", group.verdict()},
          {"outliers", outliers}};
}

IdenticalDevices identical_from_json(const json& j) {
  IdenticalDevices group{
      j.at("devices").get<std::vector<std::string>>(), j.at("outlier_rule").get<OutlierRule>(), {}};
  for (const json& o : j.at("outliers")) group.outliers.push_back(outlier_from_json(o, "device"));
  return group;
}

}  // namespace

json to_json(const MachineProfile& m) {
  json j = {{"schema", kMachineSchema}, {"provenance", m.provenance}, {"devices", m.devices}};
  if (!m.identical.empty()) {
    j["identical_devices"] = json::array();
    for (const IdenticalDevices& group : m.identical)
      j["identical_devices"].push_back(identical_json(group));
  }
  if (!m.incomplete.empty()) j["incomplete"] = m.incomplete;
  return j;
}

json to_json(const Results& r) {
  json j = {{"schema", kResultsSchema},      {"provenance", r.provenance},
            {"machine", to_json(r.machine)}, {"results", r.results},
            {"calibration", r.calibration},  {"roof_checks", r.roof_checks}};
  if (!r.incomplete.empty()) j["incomplete"] = r.incomplete;
  if (r.program) j["program"] = *r.program;
  return j;
}

namespace {

// The first schema failure of `j` as an InputError: "results[3].time.n: expected ...".
void conform(const json& j, std::string_view schema_name, const std::string& what) {
  if (const auto failure = schema_failure(j, schema_name))
    throw InputError(what + ": " + (failure->path.empty() ? "" : failure->path + ": ") +
                     failure->expected);
}

// After the schema, the conversions below fail only where a rule is the code's alone; their
// library text still comes out as an InputError.
MachineProfile machine_of(const json& j) {
  return converting("malformed machine profile", [&] {
    MachineProfile m;
    m.provenance = j.at("provenance");
    m.devices = j.at("devices").get<std::vector<Device>>();
    for (const json& group : j.value("identical_devices", json::array()))
      m.identical.push_back(identical_from_json(group));
    if (j.contains("incomplete")) m.incomplete = j.at("incomplete").get<std::string>();
    return m;
  });
}

}  // namespace

MachineProfile machine_from_json(const json& j) {
  check_schema(j, kMachineSchema, "machine profile");
  conform(j, "rooflab.machine-1", "machine profile");
  return machine_of(j);
}

namespace {

// The part of the results schema that each result meets.
constexpr std::string_view kResultItems = "/properties/results/items";

// A results file's schema line and shape, before any of it is converted.
void check_results_file(const json& j) {
  check_schema(j, kResultsSchema, "results");
  if (j.contains("machine")) check_schema(j["machine"], kMachineSchema, "results: machine");
  conform(j, "rooflab.results-1", "results");
}

// The file once checked; its results too unless they were read on their own (InputFile).
Results results_of(const json& j, bool with_results) {
  Results r;
  r.machine = machine_of(j.at("machine"));
  converting("malformed results", [&] {
    r.provenance = j.at("provenance");
    if (with_results) r.results = j.at("results").get<std::vector<Result>>();
    if (j.contains("calibration"))
      r.calibration = j.at("calibration").get<std::vector<Calibration>>();
    // Roof checks came with results/1 files of later builds: older ones have none.
    if (j.contains("roof_checks")) r.roof_checks = j.at("roof_checks").get<std::vector<Result>>();
    if (j.contains("incomplete")) r.incomplete = j.at("incomplete").get<std::string>();
    if (j.contains("program")) r.program = j.at("program").get<ProgramRun>();
    return 0;
  });
  return r;
}

}  // namespace

Results results_from_json(const json& j) {
  check_results_file(j);
  return results_of(j, true);
}

std::string schema_of(const json& j) {
  return j.is_object() && j.contains("schema") && j["schema"].is_string()
             ? j["schema"].get<std::string>()
             : "";
}

namespace {

// The major version in "NAME/MAJOR" or "NAME/MAJOR.MINOR" (each version part digits), or nothing
// for any other text: read by hand, in one pass, whatever the text's length.
std::optional<std::string_view> major_version(std::string_view schema, std::string_view name) {
  if (!schema.starts_with(name) || schema.substr(name.size(), 1) != "/") return std::nullopt;
  const std::string_view version = schema.substr(name.size() + 1);
  const auto digits = [](std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  const std::size_t dot = version.find('.');
  const std::string_view major = version.substr(0, dot);
  if (!digits(major) || (dot != std::string_view::npos && !digits(version.substr(dot + 1))))
    return std::nullopt;
  return major;
}

// A file's text as a message quotes it: at most 64 bytes (cut at a character's start), then "…".
std::string quoted_text(std::string_view text) {
  constexpr std::size_t kMost = 64;
  if (text.size() <= kMost) return std::string(text);
  std::size_t cut = kMost;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "…";
}

}  // namespace

void check_schema(const json& j, std::string_view expected, const std::string& where) {
  if (!j.is_object() || !j.contains("schema") || !j["schema"].is_string())
    throw InputError(where + ": no \"schema\" field (expected " + std::string(expected) + ")");
  const std::string& schema = j["schema"].get_ref<const std::string&>();
  const std::string_view name = expected.substr(0, expected.find('/'));
  const std::string_view major = expected.substr(expected.find('/') + 1);
  const std::optional<std::string_view> found = major_version(schema, name);
  if (!found)
    throw InputError(where + ": schema \"" + quoted_text(schema) + "\" is not " +
                     std::string(expected));
  if (*found != major)
    throw InputError(where + ": schema \"" + quoted_text(schema) + "\" has unknown major version " +
                     quoted_text(*found) + " (this Rooflab reads " + std::string(expected) + ")");
}

json parse_json(std::istream& in, const std::string& name) {
  return detail::JsonTree(name, kMaxJsonDepth, kMaxJsonString).parse(in);
}

namespace {

std::ifstream open_input(const std::filesystem::path& path) {
  if (std::filesystem::is_directory(path))
    throw InputError("'" + path.string() + "' is a folder, not a JSON file");
  std::ifstream in(path);
  if (!in) throw InputError("cannot open '" + path.string() + "'");
  return in;
}

}  // namespace

json read_json_file(const std::filesystem::path& path) {
  std::ifstream in = open_input(path);
  return parse_json(in, path.string());
}

InputFile::InputFile(const std::filesystem::path& path) {
  std::ifstream in = open_input(path);
  read(in, path.string());
}

InputFile::InputFile(std::istream& in, const std::string& name) { read(in, name); }

void InputFile::read(std::istream& in, const std::string& name) {
  const auto take = [this](std::size_t index, json&& element) {
    if (index == 0) {  // a repeated "results" field replaces the earlier one, as in a tree
      results_.clear();
      failure_.reset();
    }
    if (failure_) return;  // the first refusal is the one reported; the rest is only parsed
    const std::string at = "results[" + std::to_string(index) + "]";
    if (const auto failure = schema_failure(element, "rooflab.results-1", kResultItems)) {
      const std::string& inner = failure->path;
      failure_ = InputError("results: " + at + (inner.empty() || inner[0] == '[' ? "" : ".") +
                            inner + ": " + failure->expected);
      return;
    }
    try {
      results_.push_back(converting("malformed results", [&] { return element.get<Result>(); }));
    } catch (const InputError& e) {
      failure_ = e;
    }
  };
  tree_ = detail::JsonTree(name, kMaxJsonDepth, kMaxJsonString, {"results", take}).parse(in);
}

Results InputFile::results() && {
  check_results_file(tree_);
  if (failure_) throw *failure_;
  Results r = results_of(tree_, false);
  r.results = std::move(results_);
  return r;
}

void write_file_atomic(const std::filesystem::path& requested, std::string_view content) {
  // Through a symlink its target is replaced and the link kept; a device node is never replaced.
  const std::filesystem::path path = output_target(requested);
  const auto mode = output_mode(path);
  const auto dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  // A hidden name in the same folder, so the rename cannot cross file systems.
  const OpenFolder folder(dir);
  const std::string name = path.filename().string();
  // Known to the interrupt handler before it exists: a second interrupt removes it at any moment.
  std::string partial;
  int fd = -1;
  std::string temporary;
  try {
    std::tie(fd, temporary) = folder.create_temporary(name, [&](const std::string& t) {
      partial = (dir / t).string();
      set_partial_file(partial.c_str());
    });
  } catch (...) {
    set_partial_file(nullptr);
    throw;
  }
  record_temporary(path, partial);
  size_t done = 0;
  while (done < content.size()) {
    const ssize_t w = ::write(fd, content.data() + done, content.size() - done);
    if (w < 0) break;
    done += static_cast<size_t>(w);
  }
  // The mode an existing file had (the temporary was made 0600).
  const bool ok =
      done == content.size() && ::fchmod(fd, static_cast<mode_t>(mode)) == 0 && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok || ::renameat(folder.fd(), temporary.c_str(), folder.fd(), name.c_str()) != 0) {
    const std::string why = std::generic_category().message(errno);
    ::unlinkat(folder.fd(), temporary.c_str(), 0);
    set_partial_file(nullptr);
    throw std::runtime_error("cannot write '" + requested.string() + "': " + why);
  }
  set_partial_file(nullptr);
}

std::string json_text(const json& j, int indent) {
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

void write_json_atomic(const std::filesystem::path& path, const json& j) {
  write_file_atomic(path, json_text(j, 1) + "\n");
}

}  // namespace roofline
