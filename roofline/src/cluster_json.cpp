// Reading and writing the cluster profile (rooflab.cluster/1).
#include "roofline/cluster.hpp"
#include "roofline/json_io.hpp"
#include "roofline/json_schema.hpp"
#include "roofline/src/json_fields.hpp"

namespace roofline {

using nlohmann::json;

namespace {

json optional_summary(const std::optional<Summary>& s) { return s ? json(*s) : json(nullptr); }

std::optional<Summary> summary_or_none(const json& j) {
  if (j.is_null()) return std::nullopt;
  return j.get<Summary>();
}

}  // namespace

json to_json(const ClusterProfile& c) {
  json nodes = json::array();
  for (const ClusterNode& n : c.nodes)
    nodes.push_back({{"name", n.name},
                     {"host", n.host},
                     {"ranks", n.ranks},
                     {"probing_rank", n.probing_rank},
                     {"machine", to_json(n.machine)}});
  json missing = json::array();
  for (const MissingRank& m : c.missing)
    missing.push_back({{"rank", m.rank}, {"node", m.node}, {"reason", m.reason}});
  json network = json::array();
  for (const NetworkLink& l : c.network)
    network.push_back({{"pattern", l.pattern},
                       {"from_rank", l.from_rank},
                       {"to_rank", l.to_rank},
                       {"from_node", l.from_node},
                       {"to_node", l.to_node},
                       {"same_host", l.same_host},
                       {"message_bytes", l.message_bytes},
                       {"latency_s", optional_summary(l.latency_s)},
                       {"bandwidth_bytes_per_s", optional_summary(l.bandwidth_bytes_per_s)},
                       {"error", l.error}});
  json outliers = json::array();
  for (const ClusterOutlier& o : c.outliers) outliers.push_back(outlier_json(o, "node"));
  return {{"schema", kClusterSchema}, {"provenance", c.provenance},
          {"ranks", c.ranks},         {"simulated_nodes", c.simulated_nodes},
          {"nodes", nodes},           {"missing", missing},
          {"network", network},       {"outlier_rule", c.rule},
          {"outliers", outliers}};
}

ClusterProfile cluster_from_json(const json& j) {
  check_schema(j, kClusterSchema, "cluster profile");
  for (const json& node : j.value("nodes", json::array()))
    if (node.is_object() && node.contains("machine"))
      check_schema(node["machine"], kMachineSchema, "cluster profile: node machine");
  if (const auto failure = schema_failure(j, "rooflab.cluster-1"))
    throw InputError("cluster profile: " + (failure->path.empty() ? "" : failure->path + ": ") +
                     failure->expected);
  try {
    ClusterProfile c;
    c.provenance = j.at("provenance");
    c.ranks = j.at("ranks");
    c.simulated_nodes = j.at("simulated_nodes");
    for (const json& n : j.at("nodes"))
      c.nodes.push_back({n.at("name"), n.at("host"), n.at("ranks").get<std::vector<int>>(),
                         n.at("probing_rank"), machine_from_json(n.at("machine"))});
    for (const json& m : j.at("missing"))
      c.missing.push_back({m.at("rank"), m.at("node"), m.at("reason")});
    for (const json& l : j.at("network"))
      c.network.push_back({l.at("pattern"), l.at("from_rank"), l.at("to_rank"), l.at("from_node"),
                           l.at("to_node"), l.at("same_host"), l.at("message_bytes"),
                           summary_or_none(l.at("latency_s")),
                           summary_or_none(l.at("bandwidth_bytes_per_s")), l.at("error")});
    c.rule = j.at("outlier_rule").get<OutlierRule>();
    for (const json& o : j.at("outliers")) c.outliers.push_back(outlier_from_json(o, "node"));
    return c;
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    throw InputError(std::string("malformed cluster profile: ") + e.what());
  }
}

}  // namespace roofline
