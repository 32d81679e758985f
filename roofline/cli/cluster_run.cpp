#include "roofline/cli/cluster_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "roofline/cluster.hpp"
#include "roofline/input_error.hpp"
#include "roofline/json_io.hpp"
#include "roofline/names.hpp"

namespace cli {

std::string rank_output(const std::string& output, int rank) {
  const std::filesystem::path path(output);
  return (path.parent_path() /
          (path.stem().string() + ".rank" + std::to_string(rank) + path.extension().string()))
      .string();
}

std::string device_node_name(const std::string& host, const std::vector<std::string>& device_ids) {
  return host + "/" + roofline::joined(device_ids);
}

roofline::MachineProfile machine_for_node(const std::string& path, int rank,
                                          const std::vector<std::string>& device_ids) {
  const auto j = roofline::read_json_file(path);
  const std::string schema = roofline::schema_of(j);
  try {
    if (schema.starts_with("rooflab.results/")) return roofline::results_from_json(j).machine;
    if (!schema.starts_with("rooflab.cluster/")) return roofline::machine_from_json(j);
    const roofline::ClusterProfile c = roofline::cluster_from_json(j);
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    const std::string as_rank = std::string(host) + "/rank " + std::to_string(rank);
    const std::string as_devices = device_node_name(host, device_ids);
    const auto named = [&](const std::string& name) {
      return std::find_if(c.nodes.begin(), c.nodes.end(),
                          [&](const roofline::ClusterNode& n) { return n.name == name; });
    };
    const std::string wanted = c.simulated_nodes                    ? as_rank
                               : named(as_devices) != c.nodes.end() ? as_devices
                                                                    : std::string(host);
    if (const auto node = named(wanted); node != c.nodes.end()) return node->machine;
    std::vector<std::string> names;
    for (const roofline::ClusterNode& node : c.nodes) names.push_back(node.name);
    throw roofline::InputError("the cluster profile has no node '" + wanted +
                               "' (nodes: " + roofline::joined(names) + ")");
  } catch (const roofline::InputError& e) {
    throw roofline::InputError("'" + path + "': " + e.what());
  }
}

}  // namespace cli
