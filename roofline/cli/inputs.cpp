#include "roofline/cli/inputs.hpp"

#include <algorithm>
#include <system_error>
#include <utility>

#include "reports/gbench_import.hpp"
#include "roofline/cli/session.hpp"
#include "roofline/json_io.hpp"

namespace cli {

std::vector<roofline::Results> load_inputs(const std::vector<std::string>& files) {
  std::vector<roofline::Results> results;
  std::vector<roofline::MachineProfile> machines;
  std::vector<std::pair<std::string, nlohmann::json>> gbench;  // placed once a machine is known
  for (const auto& file : files) {
    auto j = roofline::read_json_file(file);
    if (reports::is_gbench_json(j)) {
      gbench.emplace_back(file, std::move(j));
      continue;
    }
    const std::string schema = j.is_object() && j.contains("schema") && j["schema"].is_string()
                                   ? j["schema"].get<std::string>()
                                   : "";
    try {
      if (schema.rfind("rooflab.machine/", 0) == 0)
        machines.push_back(roofline::machine_from_json(j));
      else if (schema.rfind("rooflab.results/", 0) == 0)
        results.push_back(roofline::results_from_json(j));
      else
        throw roofline::InputError(
            schema.empty() ? "no \"schema\" field: not a Rooflab results or machine file"
                           : "schema \"" + schema + "\" is not a Rooflab results or machine file");
    } catch (const roofline::InputError& e) {
      throw roofline::InputError("'" + file + "': " + e.what());
    }
  }
  for (auto& r : results)
    for (const auto& m : machines)
      for (const auto& lender : m.devices)
        for (auto& d : r.machine.devices)
          if (d.id == lender.id && d.compute.empty() && d.memory.empty()) d = lender;
  if (results.empty())
    for (auto& m : machines) {
      roofline::Results profile_only;
      profile_only.provenance = m.provenance;
      profile_only.machine = std::move(m);
      results.push_back(std::move(profile_only));
    }
  for (const auto& [file, j] : gbench) {
    if (results.empty() || results.front().machine.devices.empty())
      throw roofline::InputError("'" + file +
                                 "': Google Benchmark results are placed on a device's roofs: give "
                                 "a Rooflab machine profile or results file with it");
    roofline::Results& host = results.front();
    const auto& devices = host.machine.devices;
    const auto cpu = std::find_if(devices.begin(), devices.end(),
                                  [](const roofline::Device& d) { return d.backend == "cpu"; });
    for (auto& r : reports::import_gbench(j, file, cpu != devices.end() ? *cpu : devices.front()))
      host.results.push_back(std::move(r));
  }
  for (auto& r : results) place_all(r);
  return results;
}

std::filesystem::path ensure_folder(const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (ec || !std::filesystem::is_directory(path))
    throw roofline::InputError("cannot create folder '" + path + "'" +
                               (ec ? ": " + ec.message() : ""));
  return path;
}

}  // namespace cli
