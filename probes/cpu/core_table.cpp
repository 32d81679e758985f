#include "probes/cpu/core_table.hpp"

#include <algorithm>
#include <regex>
#include <string_view>

#include "roofline/json_io.hpp"

namespace rooflab_embedded {
extern const std::string_view cpu_cores_json;
}

namespace probes::cpu {

namespace {

using roofline::InputError;

// cpuid numbers are written in hex in the table ("0x19"), as vendors and WikiChip print them.
int hex_number(const nlohmann::json& value, const std::string& where) {
  if (!value.is_string()) throw InputError(where + ": expected a hex string such as \"0x19\"");
  const std::string text = value.get<std::string>();
  try {
    std::size_t used = 0;
    const int number = std::stoi(text, &used, 16);
    if (used == text.size() && text.starts_with("0x")) return number;
  } catch (const std::logic_error&) {
  }
  throw InputError(where + ": \"" + text + "\" is not a hex number such as \"0x19\"");
}

CoreFamily parse_family(const nlohmann::json& entry, const std::string& where) {
  CoreFamily core;
  core.name = roofline::required_field<std::string>(entry, "name", where);
  const std::string named = where + " (" + core.name + ")";
  core.vendor = roofline::required_field<std::string>(entry, "vendor", named);
  core.family = hex_number(entry.value("family", nlohmann::json()), named + ".family");
  for (const auto& model : roofline::required_field<nlohmann::json>(entry, "models", named))
    core.models.push_back(hex_number(model, named + ".models"));
  core.brand_regex = entry.value("brand_regex", "");
  core.fma_pipes = roofline::required_field<int>(entry, "fma_pipes", named);
  core.datapath_bits = roofline::required_field<int>(entry, "datapath_bits", named);
  core.source = roofline::required_field<std::string>(entry, "source", named);
  if (core.fma_pipes < 1) throw InputError(named + ": fma_pipes must be at least 1");
  if (core.datapath_bits < 128 || core.datapath_bits % 128 != 0)
    throw InputError(named + ": datapath_bits " + std::to_string(core.datapath_bits) +
                     " is not a multiple of 128");
  return core;
}

}  // namespace

CoreTable CoreTable::parse(const nlohmann::json& j) {
  roofline::check_schema(j, "rooflab.cpucores/1", "cpu core table");
  if (!j.contains("families") || !j.at("families").is_array())
    throw InputError("cpu core table: missing array \"families\"");
  CoreTable table;
  for (std::size_t i = 0; i < j.at("families").size(); ++i)
    table.families_.push_back(
        parse_family(j.at("families").at(i), "cpu core table families[" + std::to_string(i) + "]"));
  return table;
}

const CoreTable& CoreTable::embedded() {
  static const CoreTable table = parse(nlohmann::json::parse(rooflab_embedded::cpu_cores_json));
  return table;
}

const CoreFamily* CoreTable::find(const std::string& vendor, int family, int model,
                                  const std::string& brand) const {
  for (const CoreFamily& core : families_) {
    if (core.vendor != vendor || core.family != family) continue;
    if (std::find(core.models.begin(), core.models.end(), model) == core.models.end()) continue;
    if (!core.brand_regex.empty() && !std::regex_search(brand, std::regex(core.brand_regex)))
      continue;
    return &core;
  }
  return nullptr;
}

double flops_per_cycle(const CoreFamily& core, int width_bits, roofline::Precision p) {
  const int lanes =
      width_bits == 0 ? 1 : std::min(width_bits, core.datapath_bits) / (8 * roofline::size_of(p));
  return core.fma_pipes * lanes * 2.0;
}

}  // namespace probes::cpu
