#pragma once
// The cluster profile (rooflab.cluster/1): one machine profile per node, probed at the same time
// by the ranks of an MPI job, the network between them as roofs, and the nodes whose roofs lie
// outside the others' spread.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/outliers.hpp"
#include "roofline/profile.hpp"
#include "roofline/stats.hpp"

namespace roofline {

inline constexpr std::string_view kClusterSchema = "rooflab.cluster/1";

struct ClusterNode {
  std::string name;        // the host name, or "host/rank R" where ranks pretend to be nodes
  std::string host;        // the host name the ranks reported
  std::vector<int> ranks;  // every rank that ran on the node
  int probing_rank = 0;    // the one that probed it; the others waited, not to share its roofs
  MachineProfile machine;
};

// A rank whose profile never reached rank 0, and why (it failed, died or did not answer in time).
struct MissingRank {
  int rank = 0;
  std::string node;  // empty when the rank never said where it ran
  std::string reason;
};

// MPI ping-pong between two ranks: half the round trip of a small message is the latency, a
// large message's bytes over half its round trip the bandwidth (the IMB PingPong convention).
struct NetworkLink {
  std::string pattern;  // "ring" (rank r to r+1) or "all_to_one" (rank 0 to each other rank)
  int from_rank = 0, to_rank = 0;
  std::string from_node, to_node;
  bool same_host = false;  // both ranks on one host: shared memory, not the network
  double message_bytes = 0;
  std::optional<Summary> latency_s, bandwidth_bytes_per_s;
  std::string error;  // why the pair was not measured; empty when it was
};

// A node's roof outside the cluster's spread (roofline/outliers.hpp); member: the node's name.
using ClusterOutlier = RoofOutlier;

struct ClusterProfile {
  Provenance provenance;         // rank 0's
  int ranks = 0;                 // the size of the MPI job
  bool simulated_nodes = false;  // --distinct-nodes: ranks on one host counted as nodes
  std::vector<ClusterNode> nodes;
  std::vector<MissingRank> missing;
  std::vector<NetworkLink> network;
  OutlierRule rule;
  std::vector<ClusterOutlier> outliers;
};

nlohmann::json to_json(const ClusterProfile& c);
// Throws InputError naming the problem, as the other readers (roofline/json_io.hpp).
ClusterProfile cluster_from_json(const nlohmann::json& j);

// One roof of a node, as compared across the cluster.
struct NodeRoof {
  std::string roof;  // "cpu fp64 avx512", "cpu DRAM", "network bandwidth from rank 0"
  std::string unit;  // "FLOP/s", "B/s", "s"
  double value = 0;
  bool lower_is_better = false;  // latencies
};

// The node's roofs: each device's roofs (roofline/identical_devices.hpp) named "<device id>
// <roof>", and the all-to-one link from rank 0 to the node's probing rank.
std::vector<NodeRoof> node_roofs(const ClusterProfile& c, const ClusterNode& node);

// Per roof, the nodes outside the spread of the nodes that have that roof.
std::vector<ClusterOutlier> cluster_outliers(const ClusterProfile& c);

}  // namespace roofline
