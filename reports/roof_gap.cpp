#include "reports/roof_gap.hpp"

#include <algorithm>

#include "reports/format.hpp"

namespace reports {

std::optional<RoofGap> roof_gap(const PlotPoint& p, const roofline::Roofline& roofs) {
  const roofline::Result& r = *p.result;
  if (!r.placement || !(p.performance > 0)) return std::nullopt;
  const std::string& level = r.placement->level;
  const auto peak = roofs.peak(p.precision);
  const auto bw = roofs.bandwidth(level);
  if (!peak || !bw) return std::nullopt;
  const bool compute = *peak <= *bw * p.ai;
  const double roof = compute ? *peak : *bw * p.ai;
  // The roof's interval as fractions of its value, which hold along it (a memory roof's
  // interval is its bandwidth's, scaled by the AI).
  roofline::RoofInterval interval;
  if (compute) {
    for (const roofline::ComputeRoof& c : roofs.compute())
      if (c.precision == p.precision && c.flops_per_s == *peak) interval = c.interval;
  } else {
    for (const roofline::MemoryRoof& m : roofs.memory())
      if (m.level == level) interval = m.interval;
  }
  const double value = compute ? *peak : *bw;
  RoofGap g;
  g.roof = compute ? std::string(roofline::to_string(p.precision)) + " compute" : level;
  g.gap = (roof - p.performance) / roof;
  g.roof_interval = interval.known();
  // Below the roof, the point's upper bound and the roof's lower bound reach toward each other;
  // above it, the point's lower bound and the roof's upper bound.
  const double roof_part =
      g.roof_interval ? (g.gap >= 0 ? 1 - interval.low / value : interval.high / value - 1) : 0;
  const double point_part = (g.gap >= 0 ? p.high - p.performance : p.performance - p.low) / roof;
  g.intervals = std::max(0.0, roof_part) + std::max(0.0, point_part);
  return g;
}

std::string gap_text(const RoofGap& g) {
  const std::string size = format_percent(g.gap < 0 ? -g.gap : g.gap, 2);
  const std::string what = g.gap < 0 ? "above the " + g.roof + " roof by " + size
                                     : "gap to the " + g.roof + " roof " + size;
  const std::string intervals = (g.roof_interval ? "intervals " : "interval ") +
                                format_percent(g.intervals, 2) +
                                (g.roof_interval ? "" : " (the roof records none)");
  if (g.real()) return what + " > " + intervals + ": real";
  return what + ", within the " + intervals + ": at the roof";
}

}  // namespace reports
