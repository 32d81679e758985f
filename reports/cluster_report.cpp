#include "reports/cluster_report.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

#include "reports/cluster_summary.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/html_table.hpp"
#include "reports/report.hpp"
#include "reports/template.hpp"
#include "roofline/json_io.hpp"

namespace rooflab_embedded {
extern const std::string_view cluster_html;
}  // namespace rooflab_embedded

namespace reports {
namespace {

// A file name for the node's report that any file system takes: its index, then its name with
// everything but letters, digits, '.', '-' and '_' as '_'.
std::string node_file(std::size_t index, const std::string& name) {
  std::string safe;
  for (const char ch : name.substr(0, 64))
    safe += std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-' ? ch : '_';
  return std::to_string(index) + "-" + safe + ".html";
}

std::string heatmap(const roofline::ClusterProfile& c, const std::string& folder) {
  std::vector<std::string> roofs;  // in order of first appearance
  std::map<std::string, std::vector<double>> values;
  std::vector<std::map<std::string, roofline::NodeRoof>> per_node;
  for (const roofline::ClusterNode& node : c.nodes) {
    auto& row = per_node.emplace_back();
    for (const roofline::NodeRoof& roof : roofline::node_roofs(c, node)) {
      if (!values.contains(roof.roof)) roofs.push_back(roof.roof);
      values[roof.roof].push_back(roof.value);
      row[roof.roof] = roof;
    }
  }
  if (roofs.empty()) return none_note();
  std::string out = "<table class=\"heatmap\">\n<tr><th>Node</th>";
  for (const std::string& roof : roofs) out += "<th>" + escape_xml(roof) + "</th>";
  out += "</tr>\n";
  for (std::size_t i = 0; i < c.nodes.size(); ++i) {
    const std::string& name = c.nodes[i].name;
    out += "<tr><td><a href=\"" + escape_xml(folder + "/" + node_file(i, name)) + "\">" +
           escape_xml(name) + "</a></td>";
    for (const std::string& roof : roofs) {
      const auto it = per_node[i].find(roof);
      if (it == per_node[i].end()) {
        out += "<td class=\"num\">—</td>";
        continue;
      }
      const roofline::NodeRoof& r = it->second;
      const double median = roofline::spread(values[roof], c.rule).median;
      const double ratio = median > 0 ? r.value / median : 0;
      const auto outlier = std::find_if(c.outliers.begin(), c.outliers.end(), [&](const auto& o) {
        return o.member == name && o.roof == roof;
      });
      const bool flagged = outlier != c.outliers.end();
      out += "<td class=\"num" + std::string(flagged ? " outlier" : "") +
             "\" style=\"background:" + ratio_colour(ratio, r.lower_is_better) + "\" title=\"" +
             escape_xml(format_si(r.value, r.unit) + " (median " + format_si(median, r.unit) + ")" +
                        (flagged ? "; outlier: " + outlier_text(*outlier) : "")) +
             "\">" + format_number(ratio) + "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string outliers_table(const roofline::ClusterProfile& c) {
  std::vector<std::vector<Cell>> rows;
  for (const roofline::ClusterOutlier& o : c.outliers)
    rows.push_back({{o.member},
                    {o.roof},
                    Cell(format_si(o.value, o.unit), "num bad"),
                    Cell(format_si(o.median, o.unit), "num"),
                    Cell(format_number(o.ratio), "num"),
                    Cell(format_number(o.deviation), "num")});
  if (rows.empty()) return none_note();
  return html_table({"Node", "Roof", "Value", "Cluster median", "Ratio", "Scaled MADs"}, rows,
                    "outliers");
}

std::string network_table(const roofline::ClusterProfile& c) {
  std::vector<std::vector<Cell>> rows;
  for (const roofline::NetworkLink& l : c.network) {
    const bool ok = l.error.empty();
    rows.push_back({{l.pattern},
                    {link_ends(l)},
                    Cell(ok ? format_si(l.latency_s->median, "s") : "—", "num"),
                    Cell(ok ? format_si(l.bandwidth_bytes_per_s->median, "B/s") : "—", "num"),
                    Cell(format_bytes(l.message_bytes), "num"),
                    ok ? Cell(l.same_host ? "same host: shared memory, not the network" : "")
                       : Cell(l.error, "bad")});
  }
  if (rows.empty()) return none_note();
  return html_table(
      {"Pattern", "Pair", "Latency (median)", "Bandwidth (median)", "Message", "Note"}, rows,
      "network");
}

std::string missing_table(const roofline::ClusterProfile& c) {
  std::vector<std::vector<Cell>> rows;
  for (const roofline::MissingRank& m : c.missing)
    rows.push_back({Cell(std::to_string(m.rank), "num"), {m.node}, Cell(m.reason, "bad")});
  if (rows.empty()) return none_note();
  return html_table({"Rank", "Node", "Why"}, rows, "missing");
}

}  // namespace

std::string ratio_colour(double ratio, bool lower_is_better) {
  // How much worse (negative) or better (positive), from -1 at half or double the median.
  double better = ratio > 0 ? std::log2(ratio) : -1;
  if (lower_is_better) better = -better;
  const double t = std::clamp(std::abs(better), 0.0, 1.0);
  const int fade = static_cast<int>(255 - 160 * t);
  char colour[8];
  if (better < 0)
    std::snprintf(colour, sizeof colour, "#ff%02x%02x", fade, fade);
  else
    std::snprintf(colour, sizeof colour, "#%02x%02xff", fade, fade);
  return colour;
}

void write_cluster_report(const roofline::ClusterProfile& c, const std::filesystem::path& html) {
  const std::string folder = html.stem().string() + "-nodes";
  for (std::size_t i = 0; i < c.nodes.size(); ++i) {
    roofline::Results node;
    node.provenance = c.nodes[i].machine.provenance;
    node.machine = c.nodes[i].machine;
    const auto path = html.parent_path() / folder / node_file(i, c.nodes[i].name);
    std::filesystem::create_directories(path.parent_path());
    write_report({node}, {.html = path, .svg_dir = {}, .csv_dir = {}});
  }
  const std::string subtitle =
      std::to_string(c.ranks) + " rank(s), " + std::to_string(c.nodes.size()) + " node(s)" +
      (c.simulated_nodes ? " (ranks counted as nodes: --distinct-nodes)" : "") + ", probed " +
      c.provenance.time + " by rooflab " + c.provenance.version;
  roofline::write_file_atomic(html, fill_template(rooflab_embedded::cluster_html,
                                                  {{"title", "Rooflab cluster report"},
                                                   {"subtitle", escape_xml(subtitle)},
                                                   {"rule", escape_xml(outlier_rule_text(c.rule))},
                                                   {"heatmap", heatmap(c, folder)},
                                                   {"outliers", outliers_table(c)},
                                                   {"network", network_table(c)},
                                                   {"missing", missing_table(c)}}));
}

}  // namespace reports
