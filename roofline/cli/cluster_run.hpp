#pragma once
// `rooflab run` under mpirun, and a cluster profile given to `run --machine`: each rank runs on its
// own node, places its results under that node's roofs and writes its own results file.
#include <string>
#include <vector>

#include "roofline/profile.hpp"

namespace cli {

// `output` with ".rank<R>" before its extension: results.json → results.rank3.json.
std::string rank_output(const std::string& output, int rank);

// The node of a rank that probed only its own devices (-d 'cuda:{local_rank}'):
// "<host>/<device ids>", e.g. "gpu7/cuda:1".
std::string device_node_name(const std::string& host, const std::vector<std::string>& device_ids);

// The profile in `path`: a machine profile as it is; from a results file, the one it embeds;
// from a cluster profile, this node's entry:
// "<host>/rank <R>" where the probe counted ranks as nodes, else "<host>/<device ids>" where the
// probe gave each rank its devices and the cluster has that node, else "<host>". `rank` is -1
// outside mpirun. Throws InputError naming the file, and the nodes it holds when none is this one.
roofline::MachineProfile machine_for_node(const std::string& path, int rank,
                                          const std::vector<std::string>& device_ids);

}  // namespace cli
