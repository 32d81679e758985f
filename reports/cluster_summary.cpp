#include "reports/cluster_summary.hpp"

#include "reports/format.hpp"
#include "reports/text_table.hpp"

namespace reports {

std::string outlier_rule_text(const roofline::OutlierRule& rule, const std::string& members) {
  return "k = " + format_number(rule.k) + " scaled MADs (MAD x " +
         format_number(rule.mad_scale, 5) + ", at least " + format_percent(rule.floor_fraction) +
         " of the median), over " + std::to_string(rule.min_values) + " or more " + members;
}

std::string outlier_text(const roofline::RoofOutlier& o) {
  return o.roof + ": " + format_si(o.value, o.unit) + ", " + format_number(o.ratio) +
         "x the median " + format_si(o.median, o.unit) + " (" + (o.deviation > 0 ? "+" : "") +
         format_number(o.deviation) + " scaled MADs)";
}

std::string link_ends(const roofline::NetworkLink& l) {
  // A rank that stopped before it said its node has none.
  const auto end = [](int rank, const std::string& node) {
    return "rank " + std::to_string(rank) + (node.empty() ? "" : " (" + node + ")");
  };
  return end(l.from_rank, l.from_node) + " -> " + end(l.to_rank, l.to_node);
}

std::string cluster_summary(const roofline::ClusterProfile& c) {
  std::string out = "cluster: " + std::to_string(c.ranks) + " rank(s), " +
                    std::to_string(c.nodes.size()) + " node(s) with a profile" +
                    (c.simulated_nodes ? " (ranks counted as nodes: --distinct-nodes)" : "") + "\n";
  std::vector<std::vector<std::string>> nodes;
  for (const roofline::ClusterNode& n : c.nodes) {
    std::string ranks, devices;
    for (const int r : n.ranks) {
      // Appended piece by piece: GCC 12 warns a false -Wrestrict on a literal plus a temporary.
      if (!ranks.empty()) ranks += ',';
      ranks += std::to_string(r);
    }
    for (const auto& d : n.machine.devices) devices += (devices.empty() ? "" : ", ") + d.id;
    nodes.push_back(
        {n.name, ranks, std::to_string(n.probing_rank), devices,
         n.ranks.size() > 1 ? "ranks share the node: one probed, the others waited" : ""});
  }
  out += text_table({"Node", "Ranks", "Probed by", "Devices", "Note"}, nodes, {}, "  ");
  std::vector<std::vector<std::string>> links;
  for (const roofline::NetworkLink& l : c.network) {
    const bool ok = l.error.empty();
    links.push_back(
        {l.pattern, link_ends(l), ok ? format_si(l.latency_s->median, "s") : "—",
         ok ? format_si(l.bandwidth_bytes_per_s->median, "B/s") : "—",
         ok ? (l.same_host ? "same host: shared memory, not the network" : "") : l.error});
  }
  if (!links.empty())
    out += "network (MPI ping-pong, medians):\n" +
           text_table({"Pattern", "Pair", "Latency", "Bandwidth", "Note"}, links, {2, 3}, "  ");
  for (const roofline::ClusterOutlier& o : c.outliers)
    out += "OUTLIER node " + o.member + ": " + outlier_text(o) + "\n";
  if (c.outliers.empty()) out += "no outliers (rule: " + outlier_rule_text(c.rule) + ")\n";
  for (const roofline::MissingRank& m : c.missing)
    out += "MISSING rank " + std::to_string(m.rank) + (m.node.empty() ? "" : " (" + m.node + ")") +
           ": " + m.reason + "\n";
  return out;
}

}  // namespace reports
