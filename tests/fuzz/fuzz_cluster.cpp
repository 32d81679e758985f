// libFuzzer target: a cluster profile, read as `report` reads it.
#include "fuzz_input.hpp"
#include "roofline/cluster.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::read_as_file(data, size, [](const nlohmann::json& j) {
    const roofline::ClusterProfile c = roofline::cluster_from_json(j);
    roofline::cluster_from_json(roofline::to_json(c));
    for (const roofline::ClusterNode& node : c.nodes) roofline::node_roofs(c, node);
    roofline::cluster_outliers(c);
  });
}
