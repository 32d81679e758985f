#pragma once
// `mpirun -n N rooflab probe`: every node probed at the same time, the network between the ranks
// measured, and one cluster profile (rooflab.cluster/1) written by rank 0.
#include <optional>
#include <string>
#include <vector>

#include "roofline/cli/session.hpp"
#include "roofline/cluster/world.hpp"

namespace cli {

struct ClusterOptions {
  // Every rank is its own node even where ranks share a host: simulates a cluster on one machine.
  bool distinct_nodes = false;
  // The devices were named per rank (-d 'cuda:{local_rank}'): every rank probes its own and is a
  // node of its own, "<host>/<device ids>" (cluster_run.hpp), also where ranks share a host.
  bool rank_per_device = false;
  // The longest any wait on another rank lasts, from when the wait starts: joining the job, each
  // profile (from the end of this rank's own probe), rank 0's answer, each ping-pong, leaving.
  double rank_timeout_seconds = 0;
};

// --rank-timeout's default: twice the time budget plus 120 s, 3600 s without a budget.
double default_rank_timeout(std::optional<double> budget_seconds);

// Run by every rank of the job. Rank 0 writes `output` with what arrived, names the ranks that
// failed or did not answer in time and then ends the job with exit code 1 (a hung rank cannot
// keep it alive). One rank per node probes (Open MPI's local rank 0, or every rank with
// distinct_nodes or rank_per_device); the others of its node wait, not to share its roofs, and are
// listed with it.
// `world` is joined before the devices are selected: a driver that hangs on one node then cannot
// keep the others waiting to join.
void cluster_probe(cluster::World& world, Session& s, std::vector<Selected>& devices,
                   const roofline::ProbeOptions& options, std::optional<double> budget_seconds,
                   const ClusterOptions& cluster, const std::string& output);

}  // namespace cli
