#pragma once
// The cluster profile for the terminal: nodes, network roofs, outliers and missing ranks.
#include <string>

#include "roofline/cluster.hpp"

namespace reports {

std::string cluster_summary(const roofline::ClusterProfile& c);

// "k = 3 scaled MADs (MAD x 1.4826, at least 1% of the median), over 3 or more nodes", the
// compared being `members`.
std::string outlier_rule_text(const roofline::OutlierRule& rule,
                              const std::string& members = "nodes");

// "cpu DRAM: 12.1 GB/s, 0.52x the median 23.4 GB/s (-9.3 scaled MADs)".
std::string outlier_text(const roofline::RoofOutlier& o);

// A link's two ends: "rank 0 (node a) -> rank 1 (node b)".
std::string link_ends(const roofline::NetworkLink& l);

}  // namespace reports
