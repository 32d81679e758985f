// The roofs that identical nodes of a cluster are compared by, and the outliers among them.
#include <map>

#include "roofline/cluster.hpp"

namespace roofline {

std::vector<NodeRoof> node_roofs(const ClusterProfile& c, const ClusterNode& node) {
  std::vector<NodeRoof> roofs;
  for (const Device& d : node.machine.devices) {
    const Roofline r = d.roofline();
    for (const ComputeRoof& p : r.compute())
      roofs.push_back({d.id + " " + std::string(to_string(p.precision)) + " " + p.path, "FLOP/s",
                       p.flops_per_s});
    for (const MemoryRoof& m : r.memory())
      roofs.push_back({d.id + " " + m.level, "B/s", m.bytes_per_s});
  }
  for (const NetworkLink& l : c.network) {
    if (l.pattern != "all_to_one" || l.to_rank != node.probing_rank || !l.error.empty()) continue;
    roofs.push_back({"network latency from rank 0", "s", l.latency_s->median, true});
    roofs.push_back({"network bandwidth from rank 0", "B/s", l.bandwidth_bytes_per_s->median});
  }
  return roofs;
}

std::vector<ClusterOutlier> cluster_outliers(const ClusterProfile& c) {
  struct Column {
    std::string unit;
    std::vector<double> values;
    std::vector<const ClusterNode*> nodes;
  };
  std::map<std::string, Column> by_roof;
  for (const ClusterNode& node : c.nodes)
    for (const NodeRoof& roof : node_roofs(c, node)) {
      Column& column = by_roof[roof.roof];
      column.unit = roof.unit;
      column.values.push_back(roof.value);
      column.nodes.push_back(&node);
    }
  std::vector<ClusterOutlier> out;
  for (const auto& [roof, column] : by_roof) {
    const double median = spread(column.values, c.rule).median;
    for (const OutlierVerdict& v : outliers(column.values, c.rule))
      out.push_back({column.nodes[v.index]->name, roof, column.unit, column.values[v.index], median,
                     v.deviation, v.ratio});
  }
  return out;
}

}  // namespace roofline
