// The JSON conversions of the profile's and the results' records (nlohmann's ADL hooks), checked
// by the schemas in data/schema/ before they run on a file's contents.
#include "roofline/src/json_fields.hpp"

#include <string>

namespace roofline {

using nlohmann::json;

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

}  // namespace roofline
