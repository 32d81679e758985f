#include "probes/bandwidth_sweep.hpp"

#include <algorithm>
#include <cmath>

namespace probes {

std::vector<double> sweep_working_sets(const WorkingSetGrid& grid,
                                       const std::vector<roofline::Cache>& caches, int threads) {
  std::vector<double> sizes;
  const double top = grid.max_working_set * (1 + 1e-9);
  const int coarse = grid.points_per_octave_past_caches;
  const double past = coarse > 0 && !caches.empty() ? 2 * caches.back().capacity(threads) : top;
  for (int k = 0;; ++k) {
    const double ws = grid.min_working_set * std::exp2(double(k) / grid.points_per_octave);
    if (ws > top) break;
    // Past the caches, only the grid points of the coarser density.
    if (ws > past * kSameWorkingSet && k % (grid.points_per_octave / coarse) != 0) continue;
    sizes.push_back(ws);
  }
  if (past < top && grid.max_working_set > past) sizes.push_back(grid.max_working_set);
  for (const roofline::Cache& cache : caches)
    for (double f : {0.5, 0.75, 1.0, 1.5, 2.0}) {
      const double ws = f * cache.capacity(threads);
      if (ws >= grid.min_working_set && ws <= top) sizes.push_back(ws);
    }
  std::sort(sizes.begin(), sizes.end());
  std::vector<double> distinct;
  for (double ws : sizes)
    if (distinct.empty() || ws > distinct.back() * kSameWorkingSet) distinct.push_back(ws);
  return distinct;
}

std::vector<roofline::SweepPoint> sweep_points(const std::vector<roofline::Result>& results) {
  std::vector<roofline::SweepPoint> points;
  for (const roofline::Result& r : results) {
    if (r.family != "bandwidth" || !r.ok()) continue;
    roofline::SweepPoint p{.kernel = r.params.at("kernel").get<std::string>(),
                           .threads = r.params.at("threads").get<int>(),
                           .store = r.params.at("store").get<std::string>(),
                           .working_set = r.work.working_set,
                           .bytes_per_s = {},
                           .sensors = r.sensors};
    for (double seconds : r.samples) p.bytes_per_s.push_back(r.work.bytes / seconds);
    points.push_back(std::move(p));
  }
  return points;
}

}  // namespace probes
