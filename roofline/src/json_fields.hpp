#pragma once
// The JSON conversions of the records that more than one document holds (the machine profile,
// the results, the cluster profile), shared by their readers and writers.
#include <nlohmann/json.hpp>
#include <string>

#include "roofline/profile.hpp"
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
