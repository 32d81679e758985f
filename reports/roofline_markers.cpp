#include "reports/roofline_markers.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "reports/marker_shapes.hpp"
#include "reports/roofline_chart.hpp"  // kMostMarkers

namespace reports {

std::string match_key(const roofline::Result& r) {
  return r.family + '\n' + r.variant + '\n' + std::string(roofline::to_string(r.work.precision)) +
         '\n' + r.params.dump();
}

std::vector<Marker> place_markers(const std::vector<PlotPoint>& points, std::size_t layer,
                                  const LogAxis& x, const LogAxis& y) {
  std::vector<Marker> out;
  if (points.size() <= kMostMarkers) {
    for (const PlotPoint& p : points) out.push_back({&p, 1, p.performance, p.performance, layer});
    return out;
  }
  std::unordered_map<std::uint64_t, std::size_t> spots;  // spot → index in out
  const auto cell = [](double pixel) {
    return static_cast<std::uint64_t>(std::clamp(pixel / (2 * kPointRadius), 0.0, 65535.0));
  };
  for (const PlotPoint& p : points) {
    const std::uint64_t spot = cell(x.map(p.ai)) << 24 | cell(y.map(p.performance)) << 8 |
                               static_cast<std::uint64_t>(p.precision) << 1 | p.unstable;
    const auto [it, added] = spots.try_emplace(spot, out.size());
    if (added) {
      out.push_back({&p, 1, p.performance, p.performance, layer});
      continue;
    }
    Marker& m = out[it->second];
    ++m.count;
    m.performance_low = std::min(m.performance_low, p.performance);
    m.performance_high = std::max(m.performance_high, p.performance);
  }
  return out;
}

std::vector<Pair> pairs_of(const std::vector<std::vector<Marker>>& markers) {
  std::vector<Pair> out;
  if (markers.size() < 2) return out;
  std::unordered_map<std::string, const Marker*> first;
  for (const Marker& m : markers[0])
    if (m.count == 1) first.try_emplace(match_key(*m.first->result), &m);
  for (std::size_t l = 1; l < markers.size(); ++l)
    for (const Marker& m : markers[l])
      if (const auto it = first.find(match_key(*m.first->result));
          m.count == 1 && it != first.end())
        out.push_back({it->second, &m});
  return out;
}

}  // namespace reports
