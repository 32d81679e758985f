#include "probes/latency.hpp"

#include <vector>

#include "roofline/stats.hpp"

namespace probes {

roofline::LatencyCeiling latency_ceiling(const roofline::Result& r, int calls, int threads,
                                         const std::string& method) {
  std::vector<double> per_call;
  for (double seconds : r.samples) per_call.push_back(seconds / calls);
  return {.kind = r.variant,
          .threads = threads,
          .seconds = roofline::summarize(std::move(per_call)),
          .method = method};
}

}  // namespace probes
