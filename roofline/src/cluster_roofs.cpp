// The roofs that identical nodes of a cluster are compared by, and the outliers among them.
#include "roofline/cluster.hpp"
#include "roofline/identical_devices.hpp"

namespace roofline {

std::vector<NodeRoof> node_roofs(const ClusterProfile& c, const ClusterNode& node) {
  std::vector<NodeRoof> roofs;
  for (const Device& d : node.machine.devices)
    for (const DeviceRoof& r : device_roofs(d))
      roofs.push_back({d.id + " " + r.roof, r.unit, r.value});
  for (const NetworkLink& l : c.network) {
    if (l.pattern != "all_to_one" || l.to_rank != node.probing_rank || !l.error.empty()) continue;
    roofs.push_back({"network latency from rank 0", "s", l.latency_s->median, true});
    roofs.push_back({"network bandwidth from rank 0", "B/s", l.bandwidth_bytes_per_s->median});
  }
  return roofs;
}

std::vector<ClusterOutlier> cluster_outliers(const ClusterProfile& c) {
  std::vector<RoofValue> values;
  for (const ClusterNode& node : c.nodes)
    for (const NodeRoof& roof : node_roofs(c, node))
      values.push_back({node.name, roof.roof, roof.unit, roof.value});
  return roof_outliers(values, c.rule);
}

}  // namespace roofline
