#include "reports/peer_copies.hpp"

#include <vector>

#include "reports/format.hpp"
#include "reports/html_table.hpp"

namespace reports {

namespace {

// A median the probe recorded (`fact`: {"median", "ci_low", …}) with `unit`, "—" where none was.
Cell median_cell(const nlohmann::json& peer, const char* fact, const char* unit) {
  if (!peer.contains(fact)) return Cell("—", "num");
  const double median = peer.at(fact).value("median", 0.0);
  return num(format_si(median, unit), median);
}

Cell of_link(const nlohmann::json& peer) {
  const nlohmann::json link = peer.value("link", nlohmann::json::object());
  if (!peer.contains("bandwidth_bytes_per_s") || !link.contains("theoretical_bytes_per_s"))
    return Cell("—", "num", link.value("theoretical_unavailable", ""));
  const double theoretical = link.at("theoretical_bytes_per_s").get<double>();
  const double fraction = peer.at("bandwidth_bytes_per_s").value("median", 0.0) / theoretical;
  return Cell(format_number(fraction) + " of " + format_si(theoretical, "B/s") + " (" +
                  link.value("kind", "") + ")",
              "num", link.value("basis", ""));
}

}  // namespace

std::string peer_copies_html(const roofline::Device& device) {
  const nlohmann::json peers = device.facts.value("peers", nlohmann::json::array());
  if (!peers.is_array() || peers.empty()) return "";
  std::vector<std::vector<Cell>> rows;
  for (const nlohmann::json& p : peers)
    rows.push_back({{"to " + p.value("device", std::string("?"))},
                    {p.value("peer_access", false) ? "yes" : "no"},
                    median_cell(p, "bandwidth_bytes_per_s", "B/s"),
                    {p.value("bandwidth_by", std::string("—"))},
                    of_link(p),
                    median_cell(p, "staged_bandwidth_bytes_per_s", "B/s"),
                    median_cell(p, "latency_s", "s")});
  return "<h3>Copies to the host's other GPUs</h3>\n<p class=\"note\">256 MiB each way from this "
         "GPU; with peer access by the copy engines or the destination's SMs (the faster is "
         "shown), against the link's theoretical rate each way (hover for its basis); staged "
         "through host memory without peer access; a 4-byte copy's time.</p>\n" +
         html_table({"Copy", "Peer access", "Bandwidth (median)", "By", "Of the link", "Staged",
                     "4 bytes"},
                    rows, "peers");
}

}  // namespace reports
