#include "probes/latency.hpp"

#include <vector>

#include "roofline/budget.hpp"
#include "roofline/harness.hpp"
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

void probe_launch_cases(roofline::Device& device,
                        std::vector<std::unique_ptr<roofline::Case>>& cases, int calls,
                        const roofline::ProbeOptions& options, const std::string& title,
                        const std::function<std::string(std::size_t)>& method,
                        std::vector<std::string>& failures) {
  if (roofline::Budget* budget = options.measure.budget)
    budget->plan(static_cast<int>(cases.size()));
  const std::vector<roofline::Result> results =
      roofline::measure_all(cases, options.measure, title);
  device.latency.clear();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const roofline::Result& r = results[i];
    if (!r.ok()) {
      failures.push_back("latency " + r.variant + ": " + r.failure());
      continue;
    }
    device.latency.push_back(latency_ceiling(r, calls, 1, method(i)));
  }
}

}  // namespace probes
