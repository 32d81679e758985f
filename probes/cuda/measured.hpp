#pragma once
// A measured case's samples as the probe records them: rates per sample, and a summary as a device
// fact.
#include <nlohmann/json.hpp>
#include <vector>

#include "roofline/results.hpp"
#include "roofline/stats.hpp"

namespace probes::cuda {

// Each sample's rate: `per_call` (FLOPs or bytes of one call) over its seconds.
inline std::vector<double> rates(const roofline::Result& r, double per_call) {
  std::vector<double> out;
  for (double seconds : r.samples) out.push_back(per_call / seconds);
  return out;
}

// A summary as a device fact: its median, confidence interval and spread.
inline nlohmann::json summary_fact(const roofline::Summary& s) {
  return {{"median", s.median}, {"ci_low", s.ci_low}, {"ci_high", s.ci_high}, {"cv", s.cv}};
}

}  // namespace probes::cuda
