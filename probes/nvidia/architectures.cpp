#include "probes/nvidia/architectures.hpp"

#include <cstdio>
#include <regex>
#include <string_view>

#include "roofline/json_io.hpp"

namespace rooflab_embedded {
extern const std::string_view cuda_architectures_json;
}

namespace probes::nvidia {

namespace {

using roofline::InputError;

// A non-empty object of precision → positive FLOP per clock per SM: tensor precisions only in
// the tensor table, the others only in the plain one.
std::map<roofline::Precision, double> parse_rates(const nlohmann::json& rates,
                                                  const std::string& where, bool tensor) {
  if (!rates.is_object() || rates.empty()) throw InputError(where + " must be a non-empty object");
  std::map<roofline::Precision, double> out;
  for (const auto& [name, value] : rates.items()) {
    roofline::Precision p;
    try {
      p = roofline::precision_from_string(name);
    } catch (const std::invalid_argument& e) {
      throw InputError(where + ": " + e.what());
    }
    if (roofline::is_tensor(p) != tensor)
      throw InputError(where + "." + name + ": " + (tensor ? "not a" : "a") + " tensor precision");
    if (!value.is_number() || value.get<double>() <= 0)
      throw InputError(where + "." + name + " must be a positive number");
    out[p] = value.get<double>();
  }
  return out;
}

Architecture parse_architecture(const nlohmann::json& entry, const std::string& where) {
  Architecture arch;
  arch.name = roofline::required_field<std::string>(entry, "name", where);
  const std::string named = where + " (" + arch.name + ")";
  arch.compute_capabilities =
      roofline::required_field<std::vector<std::string>>(entry, "compute_capabilities", named);
  if (arch.compute_capabilities.empty()) throw InputError(named + ": no compute_capabilities");
  static const std::regex kCapability("[0-9]+\\.[0-9]+");
  for (const std::string& cc : arch.compute_capabilities)
    if (!std::regex_match(cc, kCapability))
      throw InputError(named + ": compute capability \"" + cc + "\" is not major.minor");
  arch.flop_per_clock_per_sm =
      parse_rates(roofline::required_field<nlohmann::json>(entry, "flop_per_clock_per_sm", named),
                  named + ".flop_per_clock_per_sm", false);
  if (entry.contains("tensor_flop_per_clock_per_sm")) {
    arch.tensor_flop_per_clock_per_sm = parse_rates(entry.at("tensor_flop_per_clock_per_sm"),
                                                    named + ".tensor_flop_per_clock_per_sm", true);
    arch.tensor_source = roofline::required_field<std::string>(entry, "tensor_source", named);
    if (arch.tensor_source.empty()) throw InputError(named + ": empty tensor_source");
  }
  arch.shared_bytes_per_clock_per_sm =
      roofline::required_field<double>(entry, "shared_bytes_per_clock_per_sm", named);
  if (arch.shared_bytes_per_clock_per_sm <= 0)
    throw InputError(named + ": shared_bytes_per_clock_per_sm must be positive");
  arch.source = roofline::required_field<std::string>(entry, "source", named);
  if (arch.source.empty()) throw InputError(named + ": empty source");
  if (entry.contains("nvlink_bytes_per_s")) {
    arch.nvlink_bytes_per_s = roofline::required_field<double>(entry, "nvlink_bytes_per_s", named);
    if (arch.nvlink_bytes_per_s <= 0)
      throw InputError(named + ": nvlink_bytes_per_s must be positive");
    arch.nvlink_source = roofline::required_field<std::string>(entry, "nvlink_source", named);
    if (arch.nvlink_source.empty()) throw InputError(named + ": empty nvlink_source");
  }
  return arch;
}

}  // namespace

ArchitectureTable ArchitectureTable::parse(const nlohmann::json& j) {
  roofline::check_schema(j, "rooflab.cudaarch/1", "cuda architecture table");
  if (!j.contains("architectures") || !j.at("architectures").is_array())
    throw InputError("cuda architecture table: missing array \"architectures\"");
  ArchitectureTable table;
  for (std::size_t i = 0; i < j.at("architectures").size(); ++i) {
    Architecture arch =
        parse_architecture(j.at("architectures").at(i),
                           "cuda architecture table architectures[" + std::to_string(i) + "]");
    for (const std::string& cc : arch.compute_capabilities)
      for (const Architecture& earlier : table.architectures_)
        for (const std::string& other : earlier.compute_capabilities)
          if (cc == other)
            throw InputError("cuda architecture table: compute capability " + cc + " is in both " +
                             earlier.name + " and " + arch.name);
    table.architectures_.push_back(std::move(arch));
  }
  return table;
}

const ArchitectureTable& ArchitectureTable::embedded() {
  static const ArchitectureTable table =
      parse(nlohmann::json::parse(rooflab_embedded::cuda_architectures_json));
  return table;
}

const Architecture* ArchitectureTable::find(int major, int minor) const {
  const std::string cc = std::to_string(major) + "." + std::to_string(minor);
  for (const Architecture& arch : architectures_)
    for (const std::string& c : arch.compute_capabilities)
      if (c == cc) return &arch;
  return nullptr;
}

double theoretical_flops(const Architecture& arch, roofline::Precision p, int sms,
                         double clock_hz) {
  const auto& rates =
      roofline::is_tensor(p) ? arch.tensor_flop_per_clock_per_sm : arch.flop_per_clock_per_sm;
  const auto it = rates.find(p);
  return it == rates.end() ? 0 : sms * clock_hz * it->second;
}

double theoretical_dram_bandwidth(int bus_width_bits, double memory_clock_hz) {
  return bus_width_bits * memory_clock_hz * 2 / 8;
}

roofline::TheoreticalMemory theoretical_dram(int bus_width_bits, double memory_clock_hz,
                                             const std::string& source) {
  char basis[200];
  std::snprintf(basis, sizeof basis,
                "%d-bit bus x %.0f MHz memory clock x 2 (double data rate) / 8 (%s)",
                bus_width_bits, memory_clock_hz / 1e6, source.c_str());
  return {"DRAM", theoretical_dram_bandwidth(bus_width_bits, memory_clock_hz), basis};
}

}  // namespace probes::nvidia
