#include <cstdio>

#include "roofline/cli/cluster_run.hpp"
#include "roofline/cli/commands.hpp"
#include "roofline/cli/inputs.hpp"
#include "roofline/cli/profiled_devices.hpp"
#include "roofline/cluster/world.hpp"
#include "roofline/json_io.hpp"

namespace cli {

void add_devices_command(CLI::App& app, Session& s) {
  auto* cmd = app.add_subcommand("devices",
                                 "List backends and devices, and why a backend is "
                                 "unavailable");
  auto json = std::make_shared<bool>(false);
  auto machine_path = std::make_shared<std::string>();
  cmd->add_flag("--json", *json,
                "Print the backends, why one is unavailable, and their devices as JSON (the device "
                "records of a machine profile, before any probe)");
  cmd->add_option("--machine", *machine_path,
                  "Machine profile (rooflab probe): also show the levels it measured")
      ->check(names_a_path());
  cmd->callback([&s, json, machine_path] {
    roofline::MachineProfile machine;
    if (!machine_path->empty()) machine = machine_for_node(*machine_path, -1, {});
    std::string why;
    const auto library = cluster::mpi_library(&why);
    if (*json) {
      nlohmann::json backends = nlohmann::json::array();
      for (const auto& backend : s.registry().backends()) {
        const auto a = backend->availability();
        nlohmann::json entry = {{"name", backend->name()}, {"available", a.available}};
        if (!a.available) entry["reason"] = a.reason;
        roofline::MachineProfile described;
        if (a.available) described.devices = backend->devices();
        entry["devices"] = roofline::to_json(described).at("devices");
        backends.push_back(entry);
      }
      nlohmann::json cluster_mode = {{"available", library.has_value()}};
      cluster_mode[library ? "library" : "reason"] = library ? *library : why;
      std::printf(
          "%s\n",
          roofline::json_text({{"backends", backends}, {"cluster", cluster_mode}}, 2).c_str());
      return;
    }
    for (const auto& backend : s.registry().backends()) {
      const auto a = backend->availability();
      if (!a.available) {
        std::printf("%s: unavailable (%s)\n", backend->name().c_str(), a.reason.c_str());
        continue;
      }
      for (const auto& d : backend->devices()) {
        std::printf("%-12s %s  [%d compute units, %.2f GHz nominal", d.id.c_str(), d.name.c_str(),
                    d.compute_units, d.clock_hz / 1e9);
        for (const auto& c : d.caches)
          std::printf(", %s %.0f KiB x%d", c.level.c_str(), c.size_bytes / 1024, c.instances);
        std::printf("%s]\n", d.caches.empty() ? "" : " (caches as reported)");
        const roofline::Device* probed = machine.find(d.id);
        if (const std::string levels = probed ? measured_levels(*probed) : ""; !levels.empty())
          std::printf("%-12s measured: %s\n", "", levels.c_str());
        if (const std::string caveat = (probed ? *probed : d).cache_caveat(); !caveat.empty())
          std::printf("%-12s note: %s\n", "", caveat.c_str());
      }
    }
    if (library)
      std::printf("cluster mode (mpirun ... rooflab probe): available, %s\n", library->c_str());
    else
      std::printf("cluster mode: unavailable (%s)\n", why.c_str());
  });
}

}  // namespace cli
