// Where a roofline chart's roofs and ridges lie, and the extent that holds them and the points.
#include <algorithm>
#include <cmath>

#include "reports/format.hpp"
#include "reports/roofline_chart.hpp"

namespace reports {

using roofline::Precision;

std::vector<Precision> precisions_of(const roofline::Roofline& roofs,
                                     const std::vector<PlotPoint>& points) {
  std::vector<Precision> out;
  auto add = [&](Precision p) {
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  };
  for (const auto& c : roofs.compute()) add(c.precision);
  for (const auto& p : points) add(p.precision);
  return out;
}

namespace {

double max_bandwidth(const roofline::Roofline& roofs) {
  double best = 0;
  for (const auto& m : roofs.memory()) best = std::max(best, m.bytes_per_s);
  return best;
}

double top_peak(const roofline::Roofline& roofs) {
  double best = 0;
  for (const auto& c : roofs.compute()) best = std::max(best, c.flops_per_s);
  return best;
}

}  // namespace

std::vector<RidgePoint> ridge_points(const roofline::Roofline& roofs) {
  std::vector<RidgePoint> out;
  for (const auto& m : roofs.memory()) {
    for (const Precision p : precisions_of(roofs, {})) {
      const auto ai = roofs.ridge(p, m.level);
      const auto peak = roofs.peak(p);
      if (!ai || !peak) continue;
      out.push_back(
          {m.level, p, *ai, *peak,
           m.level + "·" + std::string(roofline::to_string(p)) + " AI " + format_number(*ai, 2)});
    }
  }
  return out;
}

Extent roofline_extent(const roofline::Roofline& roofs, const std::vector<PlotPoint>& points) {
  std::vector<double> xs, ys;
  for (const auto& r : ridge_points(roofs)) xs.push_back(r.ai);
  for (const auto& c : roofs.compute()) ys.push_back(c.flops_per_s);
  for (const auto& p : points) {
    xs.push_back(p.ai);
    ys.push_back(p.low);
    ys.push_back(p.high);
  }
  Extent e{0.01, 100, 1, 1000};
  if (!xs.empty()) {
    e.x_lo = *std::min_element(xs.begin(), xs.end()) / 2;
    e.x_hi = *std::max_element(xs.begin(), xs.end()) * 4;
  }
  constexpr double kMinXRatio = 1e3;
  if (e.x_hi / e.x_lo < kMinXRatio) {
    const double centre = std::sqrt(e.x_lo * e.x_hi);
    e.x_lo = centre / std::sqrt(kMinXRatio);
    e.x_hi = centre * std::sqrt(kMinXRatio);
  }
  if (roofs.compute().empty()) {
    // Nothing caps the memory roofs: they rise to the right edge.
    for (const auto& m : roofs.memory()) ys.push_back(m.bytes_per_s * e.x_hi);
  }
  if (!ys.empty()) {
    e.y_hi = *std::max_element(ys.begin(), ys.end()) * 1.5;
    e.y_lo = *std::min_element(ys.begin(), ys.end()) / 1.5;
  }
  for (const auto& m : roofs.memory()) e.y_lo = std::min(e.y_lo, m.bytes_per_s * e.x_lo);
  e.y_lo = std::max(e.y_lo, e.y_hi / std::pow(10.0, kMaxDecades));
  return e;
}

std::vector<RoofSegment> roof_segments(const roofline::Roofline& roofs, const Extent& bounds) {
  std::vector<RoofSegment> out;
  const double fastest = max_bandwidth(roofs);
  const double highest = top_peak(roofs);
  for (const auto& m : roofs.memory()) {
    const double bw = m.bytes_per_s;
    if (!(bw > 0)) continue;
    const double cap = highest > 0 ? highest / bw : bounds.x_hi;
    const double x0 = std::max(bounds.x_lo, bounds.y_lo / bw);
    const double x1 = std::min({cap, bounds.x_hi, bounds.y_hi / bw});
    if (x0 >= x1) continue;
    const std::string value = format_si(bw, "B/s");
    out.push_back({RoofKind::memory, std::nullopt, m.level, m.level + " " + value, value, x0,
                   bw * x0, x1, bw * x1, bw, m.interval});
  }
  for (const auto& c : roofs.compute()) {
    const double f = c.flops_per_s;
    if (!(f >= bounds.y_lo && f <= bounds.y_hi)) continue;
    const double x0 = std::clamp(fastest > 0 ? f / fastest : bounds.x_lo, bounds.x_lo, bounds.x_hi);
    if (x0 >= bounds.x_hi) continue;
    const std::string name = std::string(roofline::to_string(c.precision)) + " " + c.path;
    const std::string value = format_si(f, "FLOP/s");
    out.push_back({RoofKind::compute, c.precision, name, name + " " + value, value, x0, f,
                   bounds.x_hi, f, f, c.interval});
  }
  return out;
}

}  // namespace reports
