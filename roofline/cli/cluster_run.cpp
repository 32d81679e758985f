#include "roofline/cli/cluster_run.hpp"

#include <unistd.h>

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

roofline::MachineProfile machine_for_node(const std::string& path, int rank) {
  const auto j = roofline::read_json_file(path);
  const bool cluster = j.is_object() && j.contains("schema") && j["schema"].is_string() &&
                       j["schema"].get<std::string>().rfind("rooflab.cluster/", 0) == 0;
  try {
    if (!cluster) return roofline::machine_from_json(j);
    const roofline::ClusterProfile c = roofline::cluster_from_json(j);
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    const std::string as_rank = std::string(host) + "/rank " + std::to_string(rank);
    std::vector<std::string> names;
    for (const roofline::ClusterNode& node : c.nodes) {
      if ((c.simulated_nodes && node.name == as_rank) || (!c.simulated_nodes && node.name == host))
        return node.machine;
      names.push_back(node.name);
    }
    throw roofline::InputError("the cluster profile has no node '" +
                               (c.simulated_nodes ? as_rank : std::string(host)) +
                               "' (nodes: " + roofline::joined(names) + ")");
  } catch (const roofline::InputError& e) {
    throw roofline::InputError("'" + path + "': " + e.what());
  }
}

}  // namespace cli
