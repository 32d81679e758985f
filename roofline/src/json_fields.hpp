#pragma once
// The JSON conversions of the records that more than one document holds (the machine profile,
// the results, the cluster profile), shared by their readers and writers.
#include <nlohmann/json.hpp>
#include <string>

#include "roofline/counters.hpp"
#include "roofline/profile.hpp"
#include "roofline/results.hpp"
#include "roofline/stats.hpp"

namespace roofline {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Summary, n, median, min, max, mean, ci_low, ci_high, ci_level,
                                   cv, unstable)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(MachineLoad, cpus, load_average, busy_cpus)
// Files written before the machine's load or the disturbances were recorded have none (cpus 0,
// an empty list).
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Provenance, version, git_hash, compiler, flags,
                                                build_type, host, os, cpu_model, threads,
                                                thread_binding, affinity, time, command,
                                                machine_load, disturbances)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(OutlierRule, k, mad_scale, floor_fraction, min_values)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(KernelLaunches, launches, counted, total_seconds, share,
                                   counting)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ProgramRun, command, exit_code, seconds, plain_seconds,
                                   kernel_seconds, launches, counted, sample, kernels, notes)

// The records with a JSON shape of their own, and those holding them (json_fields.cpp).
void to_json(nlohmann::json& j, const Device& d);
void from_json(const nlohmann::json& j, Device& d);
void to_json(nlohmann::json& j, const Result& r);
void from_json(const nlohmann::json& j, Result& r);
void to_json(nlohmann::json& j, const Calibration& c);
void from_json(const nlohmann::json& j, Calibration& c);

// An outlier with its member under the name the document gives members ("node", "device").
inline nlohmann::json outlier_json(const RoofOutlier& o, const std::string& member) {
  return {{member, o.member},   {"roof", o.roof},           {"unit", o.unit},  {"value", o.value},
          {"median", o.median}, {"deviation", o.deviation}, {"ratio", o.ratio}};
}
inline RoofOutlier outlier_from_json(const nlohmann::json& j, const std::string& member) {
  return {j.at(member),   j.at("roof"),      j.at("unit"), j.at("value"),
          j.at("median"), j.at("deviation"), j.at("ratio")};
}

}  // namespace roofline
