#pragma once
// The cluster report: a heat map of every node's roofs as ratios to the cluster median, the
// outliers, the network roofs and the missing ranks, with each node's own roofline report beside
// it.
#include <filesystem>

#include "roofline/cluster.hpp"

namespace reports {

// Writes `html` and, in the folder `<html stem>-nodes` beside it, one report per node (the
// machine profile's ceilings), which the heat map's node names link to.
void write_cluster_report(const roofline::ClusterProfile& c, const std::filesystem::path& html);

// The heat map's colour for a ratio to the median: white at 1, red towards 0.5 and below where
// worse, blue where better ("#rrggbb").
std::string ratio_colour(double ratio, bool lower_is_better);

}  // namespace reports
