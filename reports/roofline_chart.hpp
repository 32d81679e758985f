#pragma once
// The log-log roofline chart of one device: geometry computed here (pure and tested), drawn
// as SVG by roofline_svg.
#include <optional>
#include <string>
#include <vector>

#include "reports/roofline_colours.hpp"
#include "reports/view.hpp"
#include "roofline/model.hpp"

namespace reports {

// The data extent a chart must show (before the axes widen it to nice bounds).
struct Extent {
  double x_lo = 0, x_hi = 0, y_lo = 0, y_hi = 0;
};

enum class RoofKind { compute, memory };

// A roof as a segment in data coordinates (AI, FLOP/s).
struct RoofSegment {
  RoofKind kind = RoofKind::compute;
  std::optional<roofline::Precision> precision;  // compute roofs only
  std::string name;                              // "fp64 avx2", "L1": what a toggle names
  std::string label;                             // "fp64 avx2 120 GFLOP/s", "L1 1.2 TB/s"
  std::string value;                             // "120 GFLOP/s", "1.2 TB/s"
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  double roof = 0;                    // FLOP/s or bytes/s
  roofline::RoofInterval interval{};  // the roof's 95% interval, in the same unit
};

// Where the memory roof of `level` meets the best compute roof of `precision`.
struct RidgePoint {
  std::string level;
  roofline::Precision precision = roofline::Precision::fp32;
  double ai = 0, performance = 0;
  std::string label;  // "L2·fp64 AI 3.2"
};

// The extent that holds every roof's ridge and every point (with its CI), with room around them:
// at least three decades of AI, at most `kMaxDecades` of FLOP/s below the highest roof.
inline constexpr double kMaxDecades = 6;
Extent roofline_extent(const roofline::Roofline& roofs, const std::vector<PlotPoint>& points);

// Compute roofs are horizontal from where the fastest memory roof meets them to x_hi; memory roofs
// are diagonal (FLOP/s = bandwidth × AI) up to the highest compute roof. Both are clipped to
// `bounds`; a roof wholly outside is left out.
std::vector<RoofSegment> roof_segments(const roofline::Roofline& roofs, const Extent& bounds);
// One ridge per (memory level, precision with a compute roof).
std::vector<RidgePoint> ridge_points(const roofline::Roofline& roofs);
// The precisions of the compute roofs, then of the points, each once.
std::vector<roofline::Precision> precisions_of(const roofline::Roofline& roofs,
                                               const std::vector<PlotPoint>& points);

// Past this many points a chart draws one marker for the points of a spot, those whose markers
// would cover each other (of one precision and stability), its tooltip counting them: a sweep of
// a million results stays a chart of bounded size. Labels are bounded by the plot's area alone.
inline constexpr std::size_t kMostMarkers = 2000;

// The chart as an SVG element: roofs coloured by precision (each with its 95% interval as a band
// where the profile has one), points by family (roofline_colours.hpp keeps the two apart), their
// shape by backend (imported points a star). Every point, roof and label carries data-*
// attributes (family, variant, precision, backend, roof, layer) for the report's script, which
// toggles; for its zoom, which redraws the chart for new axis bounds, the svg carries its plot
// box (data-plot="x y width height") and axis bounds (data-extent="ai_lo ai_hi flops_lo
// flops_hi"), and points, roofs and ridges their data coordinates (data-ai, data-perf, data-x0…).
// A point's <title> is its card, which says whether its gap to its roof exceeds the intervals.
std::string roofline_svg(const std::string& title, const roofline::Roofline& roofs,
                         const std::vector<PlotPoint>& points);

// One run's roofs and points in an overlay of several runs (or machines).
struct ChartLayer {
  std::string name;  // "input 2: host-b, 2026-11-26T09:00:00Z"
  roofline::Roofline roofs;
  std::vector<PlotPoint> points;
};

// The layers on one chart, each in its own colour (roofs and points); an arrow goes from the first
// layer's point of a result (match_key) to a later layer's, labelled with the change in FLOP/s
// ("+12%", "−30%"), as Intel Advisor's compare does.
std::string overlay_svg(const std::string& title, const std::vector<ChartLayer>& layers);

}  // namespace reports
