#include "roofline/cli/cluster_probe.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "reports/cluster_summary.hpp"
#include "reports/escape.hpp"
#include "roofline/affinity.hpp"
#include "roofline/cli/cluster_run.hpp"
#include "roofline/cluster.hpp"
#include "roofline/cluster/world.hpp"
#include "roofline/input_error.hpp"
#include "roofline/json_io.hpp"
#include "roofline/provenance.hpp"
#include "roofline/stats.hpp"

namespace cli {
namespace {

using nlohmann::json;

enum Tag : int { kProfile = 1, kAlive, kLinks, kLatency, kBandwidth };

// Half a round trip of an 8-byte message is the latency; a 16 MiB message's bytes over half its
// round trip the bandwidth: large enough that the latency is under 1% of it on a 100 Gb/s link.
constexpr std::size_t kLatencyBytes = 8;
constexpr std::size_t kBandwidthBytes = std::size_t{16} << 20;

std::string host_name() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return host;
}

// Open MPI numbers the ranks of each node from 0; without it every rank probes.
bool first_on_node() { return cluster::local_rank().value_or(0) == 0; }

// Where this rank's profile goes: its own node per rank or per device, else its host's.
std::string node_name(const ClusterOptions& opts, int rank, const std::vector<Selected>& devices) {
  if (opts.distinct_nodes) return host_name() + "/rank " + std::to_string(rank);
  if (!opts.rank_per_device) return host_name();
  std::vector<std::string> ids;
  for (const Selected& d : devices) ids.push_back(d.device.id);
  return device_node_name(host_name(), ids);
}

// What each rank tells rank 0: where it ran and its node's profile, or why it has none.
json rank_report(Session& s, std::vector<Selected>& devices, const roofline::ProbeOptions& options,
                 std::optional<double> budget_seconds, const std::string& node, bool probes) {
  json report = {{"node", node}, {"host", host_name()}, {"probed", probes}};
  if (!probes) return report;
  try {
    report["machine"] = roofline::to_json(probe(s, devices, options, budget_seconds));
  } catch (const std::exception& e) {
    report["failure"] = std::string("its probe failed: ") + e.what();
  }
  return report;
}

cluster::Clock::time_point after(double seconds) {
  return cluster::Clock::now() + std::chrono::duration_cast<cluster::Clock::duration>(
                                     std::chrono::duration<double>(seconds));
}

// A rank's report as rank 0 can use it: one that does not parse, or whose profile does not read
// (another Rooflab version, a corrupted message) becomes that rank's failure.
json readable_report(const std::string& text) {
  try {
    json r = json::parse(text);
    if (!r.at("node").is_string() || !r.at("host").is_string() || !r.at("probed").is_boolean())
      throw std::runtime_error("its node, host or role is missing");
    if (r.at("probed") && !r.contains("failure")) roofline::machine_from_json(r.at("machine"));
    return r;
  } catch (const std::exception& e) {
    return {{"node", ""},
            {"host", ""},
            {"probed", false},
            {"failure", std::string("its report could not be read: ") + e.what()}};
  }
}

struct Pair {
  std::string pattern;
  int from, to;
};

// Ring (each alive rank to the next) then all-to-one (rank 0 to each): rank 0 takes part in
// every all-to-one pair and each ring pair waits for the one before, so the pairs are measured one
// at a time, in this order, on every rank.
std::vector<Pair> schedule(const std::vector<int>& alive) {
  std::vector<Pair> pairs;
  const std::size_t n = alive.size();
  for (std::size_t i = 0; n > 1 && i < (n == 2 ? 1 : n); ++i)
    pairs.push_back({"ring", alive[i], alive[(i + 1) % n]});
  for (std::size_t i = 1; i < n; ++i) pairs.push_back({"all_to_one", alive[0], alive[i]});
  return pairs;
}

// Per round trip: half its time (bytes == 0), or the bytes over half its time.
roofline::Summary per_half_trip(const json& round_trips, double bytes) {
  std::vector<double> out;
  for (const double t : round_trips) out.push_back(bytes > 0 ? bytes / (t / 2) : t / 2);
  return roofline::summarize(out);
}

// The pairs this rank takes part in; as their initiator it returns their measurements.
json measure_links(cluster::World& world, const std::vector<int>& alive, double timeout) {
  // Both ranks of a ping-pong spin on their requests, and OMP_PROC_BIND bound the main thread of
  // every rank of a host to its first core: sharing it, a round trip waited for the other's time
  // slice (4.000 ms whatever the transport). Each local rank spins on a core of its own.
  const roofline::PlacesAffinity own_core(cluster::local_rank().value_or(0));
  json links = json::array();
  for (const Pair& p : schedule(alive)) {
    if (p.from != world.rank() && p.to != world.rank()) continue;
    const bool initiator = p.from == world.rank();
    const int partner = initiator ? p.to : p.from;
    const auto latency =
        world.ping_pong(partner, initiator, kLatencyBytes, 10, 100, kLatency, after(timeout));
    const auto bandwidth = latency ? world.ping_pong(partner, initiator, kBandwidthBytes, 2, 10,
                                                     kBandwidth, after(timeout))
                                   : std::nullopt;
    if (!initiator) continue;
    json link = {{"pattern", p.pattern}, {"from_rank", p.from}, {"to_rank", p.to}};
    if (latency && bandwidth) {
      link["latency_round_trips_s"] = *latency;
      link["bandwidth_round_trips_s"] = *bandwidth;
    } else {
      link["error"] = "rank " + std::to_string(partner) + " stopped answering within " +
                      std::to_string(static_cast<int>(timeout)) + " s";
    }
    links.push_back(link);
  }
  return links;
}

// Rank 0's assembly of what arrived.
roofline::ClusterProfile assemble(const Session& s, int ranks, bool simulated,
                                  const std::map<int, json>& reports, const json& links,
                                  double timeout) {
  roofline::ClusterProfile c;
  c.provenance = roofline::collect_provenance(s.command_line);
  c.ranks = ranks;
  c.simulated_nodes = simulated;
  std::map<std::string, std::size_t> node_index;
  std::map<int, std::string> node_of;
  for (int rank = 0; rank < ranks; ++rank) {
    const auto it = reports.find(rank);
    if (it == reports.end()) {
      c.missing.push_back({rank, "",
                           "sent no profile within " + std::to_string(static_cast<int>(timeout)) +
                               " s: the rank died or hangs"});
      continue;
    }
    const json& r = it->second;
    node_of[rank] = r.at("node");
    if (r.contains("failure")) {
      c.missing.push_back({rank, r.at("node"), r.at("failure")});
      continue;
    }
    auto [at, added] = node_index.try_emplace(r.at("node"), c.nodes.size());
    if (added) c.nodes.push_back({r.at("node"), r.at("host"), {}, -1, {}});
    roofline::ClusterNode& node = c.nodes[at->second];
    node.ranks.push_back(rank);
    if (r.at("probed") && node.probing_rank < 0) {
      node.probing_rank = rank;
      node.machine = roofline::machine_from_json(r.at("machine"));
    }
  }
  // A node whose probing rank failed keeps its waiting ranks in `missing` only.
  std::erase_if(c.nodes, [&](const roofline::ClusterNode& n) {
    if (n.probing_rank >= 0) return false;
    for (const int rank : n.ranks)
      c.missing.push_back({rank, n.name, "no rank of its node has a profile"});
    return true;
  });
  std::map<int, std::string> host_of;
  for (const auto& [rank, r] : reports) host_of[rank] = r.at("host");
  for (const json& l : links) {
    roofline::NetworkLink link;
    link.pattern = l.at("pattern");
    link.from_rank = l.at("from_rank");
    link.to_rank = l.at("to_rank");
    link.from_node = node_of[link.from_rank];
    link.to_node = node_of[link.to_rank];
    link.same_host = host_of[link.from_rank] == host_of[link.to_rank];
    link.message_bytes = static_cast<double>(kBandwidthBytes);
    if (l.contains("error")) {
      link.error = l.at("error");
    } else {
      link.latency_s = per_half_trip(l.at("latency_round_trips_s"), 0);
      link.bandwidth_bytes_per_s =
          per_half_trip(l.at("bandwidth_round_trips_s"), link.message_bytes);
    }
    c.network.push_back(link);
  }
  c.outliers = roofline::cluster_outliers(c);
  return c;
}

}  // namespace

double default_rank_timeout(std::optional<double> budget_seconds) {
  return budget_seconds ? 2 * *budget_seconds + 120 : 3600;
}

void cluster_probe(cluster::World& world, Session& s, std::vector<Selected>& devices,
                   const roofline::ProbeOptions& options, std::optional<double> budget_seconds,
                   const ClusterOptions& opts, const std::string& output) {
  const int rank = world.rank();
  const double timeout = opts.rank_timeout_seconds;
  roofline::OutputLock lock;
  if (rank == 0) {
    try {
      lock = check_output(output);
    } catch (const roofline::InputError& e) {
      std::cerr << "rooflab: error: " << reports::terminal_text(e.what()) << "\n";
      world.abort(kExitBadInput);
    }
  }
  const json own = rank_report(s, devices, options, budget_seconds, node_name(opts, rank, devices),
                               opts.distinct_nodes || opts.rank_per_device || first_on_node());
  // Every wait starts when this rank starts waiting: a timeout shorter than the probes never
  // declares a rank missing that is only probing as long as this one.
  const auto profiles_due = after(timeout);

  std::vector<int> others;
  for (int r = 1; r < world.size(); ++r) others.push_back(r);
  if (rank != 0) {
    // Rank 0 answers with the ranks that answered it: the partners of the ping-pongs.
    std::vector<int> alive;
    if (world.send(0, kProfile, roofline::json_text(own), profiles_due))
      if (const auto answer = world.receive({0}, kAlive, after(timeout)); !answer.empty())
        alive = json::parse(answer.begin()->second).get<std::vector<int>>();
    if (alive.empty()) {
      std::cerr << "rooflab: rank " << rank << ": rank 0 did not answer within " << timeout
                << " s; its profile is lost\n";
      world.abort(kExitFailure);
    }
    world.send(0, kLinks, roofline::json_text(measure_links(world, alive, timeout)),
               after(timeout));
    return;
  }

  std::map<int, json> reports{{0, own}};
  for (auto& [from, text] : world.receive(others, kProfile, profiles_due))
    reports[from] = readable_report(text);
  std::vector<int> alive;
  for (const auto& [r, _] : reports) alive.push_back(r);
  for (const int r : alive)
    if (r != 0) world.send(r, kAlive, roofline::json_text(json(alive)), after(timeout));
  json links = measure_links(world, alive, timeout);
  for (const auto& [from, text] :
       world.receive(std::vector<int>(alive.begin() + 1, alive.end()), kLinks, after(timeout)))
    for (const json& l : json::parse(text, nullptr, false))
      if (l.is_object() && l.contains("pattern")) links.push_back(l);

  const roofline::ClusterProfile c =
      assemble(s, world.size(), opts.distinct_nodes, reports, links, timeout);
  roofline::write_json_atomic(output, roofline::to_json(c));
  std::printf("%s", reports::terminal_text(reports::cluster_summary(c)).c_str());
  std::printf("cluster profile: %s\n", output.c_str());
  std::fflush(stdout);
  if (c.missing.empty()) return;
  s.exit_code = kExitFailure;
  // A rank that never answered may hang in the job's last barrier: end the job.
  if (reports.size() < static_cast<std::size_t>(world.size())) world.abort(kExitFailure);
}

}  // namespace cli
