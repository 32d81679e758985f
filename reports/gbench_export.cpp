#include "reports/gbench_export.hpp"

#include <cmath>
#include <string>
#include <utility>

namespace reports {
namespace {

std::string benchmark_name(const roofline::Result& r) {
  std::string params;
  for (const auto& [key, value] : r.params.items())
    params += (params.empty() ? "" : ",") + key + "=" +
              (value.is_string() ? value.get<std::string>() : value.dump());
  return r.device + "/" + r.family + "/" + r.variant + "/" +
         std::string(to_string(r.work.precision)) + "/" + params + "/real_time";
}

int threads_of(const roofline::Result& r) {
  for (const char* key : {"roof_threads", "threads"})
    if (r.params.contains(key) && r.params.at(key).is_number_integer())
      return r.params.at(key).get<int>();
  return 1;
}

// One run of `seconds` per call: Google Benchmark's fields, in nanoseconds.
nlohmann::json run(const roofline::Result& r, const std::string& name, double seconds) {
  return {{"name", name},
          {"run_name", benchmark_name(r)},
          {"threads", threads_of(r)},
          {"iterations", 1},
          {"real_time", seconds * 1e9},
          {"time_unit", "ns"},
          {"flops", r.work.flops / seconds},
          {"bytes", r.work.bytes / seconds},
          {"working_set", r.work.working_set},
          {"label", std::string(to_string(r.work.precision))}};
}

}  // namespace

nlohmann::json export_gbench(const roofline::Results& results) {
  const roofline::Provenance& p = results.provenance;
  nlohmann::json out = {{"context",
                         {{"date", p.time},
                          {"host_name", p.host},
                          {"executable", "rooflab " + p.version + " (" + p.git_hash + ")"},
                          {"num_cpus", p.threads},
                          {"library_build_type", p.build_type.empty() ? "release" : p.build_type},
                          {"rooflab_command", p.command}}},
                        {"benchmarks", nlohmann::json::array()}};
  auto& benchmarks = out["benchmarks"];
  int family_index = 0;
  for (const roofline::Result& r : results.results) {
    if (!r.ok() || r.samples.empty()) continue;
    const std::string name = benchmark_name(r);
    const auto repetitions = static_cast<int>(r.samples.size());
    for (int i = 0; i < repetitions; ++i) {
      nlohmann::json one = run(r, name, r.samples[i]);
      one.update({{"family_index", family_index},
                  {"per_family_instance_index", 0},
                  {"run_type", "iteration"},
                  {"repetitions", repetitions},
                  {"repetition_index", i}});
      benchmarks.push_back(std::move(one));
    }
    double mean = 0, squares = 0;
    for (double s : r.samples) mean += s / repetitions;
    for (double s : r.samples) squares += (s - mean) * (s - mean);
    const double stddev = repetitions > 1 ? std::sqrt(squares / (repetitions - 1)) : 0;
    for (const auto& [aggregate, seconds] : {std::pair<const char*, double>{"mean", mean},
                                             {"median", r.time->median},
                                             {"stddev", stddev}}) {
      nlohmann::json one = run(r, name + "_" + aggregate, seconds);
      if (std::string(aggregate) == "stddev") one.erase("flops"), one.erase("bytes");  // no rate
      one.update({{"family_index", family_index},
                  {"per_family_instance_index", 0},
                  {"run_type", "aggregate"},
                  {"repetitions", repetitions},
                  {"aggregate_name", aggregate},
                  {"aggregate_unit", "time"}});
      benchmarks.push_back(std::move(one));
    }
    ++family_index;
  }
  return out;
}

}  // namespace reports
