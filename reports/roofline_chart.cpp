#include "reports/roofline_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <unordered_map>

#include "reports/chart_frame.hpp"
#include "reports/format.hpp"

namespace reports {
namespace {

using roofline::Precision;

constexpr const char* kMemoryColour = "#555555";
constexpr const char* kMemoryDash = "7 4";
constexpr double kPointRadius = 3.5;

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

std::string precision_colour(Precision p) {
  switch (p) {
    case Precision::fp64:
      return "#1f77b4";
    case Precision::fp32:
      return "#d62728";
    case Precision::fp16:
      return "#2ca02c";
    case Precision::bf16:
      return "#9467bd";
    case Precision::int32:
      return "#8c564b";
    // The matrix units: a darker shade of their input type's colour; tf32, int8 and fp8 their own.
    case Precision::fp16_tensor:
      return "#1a6b1a";
    case Precision::bf16_tensor:
      return "#5e3a7e";
    case Precision::fp64_tensor:
      return "#10466e";
    case Precision::tf32_tensor:
      return "#e377c2";
    case Precision::int8_tensor:
      return "#bcbd22";
    case Precision::fp8_tensor:
      return "#17becf";
  }
  return "#000000";
}

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
    out.push_back({RoofKind::memory, std::nullopt, m.level + " " + format_si(bw, "B/s"), x0,
                   bw * x0, x1, bw * x1});
  }
  for (const auto& c : roofs.compute()) {
    const double f = c.flops_per_s;
    if (!(f >= bounds.y_lo && f <= bounds.y_hi)) continue;
    const double x0 = std::clamp(fastest > 0 ? f / fastest : bounds.x_lo, bounds.x_lo, bounds.x_hi);
    if (x0 >= bounds.x_hi) continue;
    out.push_back({RoofKind::compute, c.precision,
                   std::string(roofline::to_string(c.precision)) + " " + c.path + " " +
                       format_si(f, "FLOP/s"),
                   x0, f, bounds.x_hi, f});
  }
  return out;
}

namespace {

// What one point marker stands for: a point, or (past kMostMarkers) every point of its spot.
struct Marker {
  const PlotPoint* first = nullptr;  // where it is drawn, and how
  std::size_t count = 1;
  double performance_low = 0, performance_high = 0;  // over its points' medians

  std::string label() const {
    return count == 1 ? first->label : first->label + " and " + std::to_string(count - 1) + " more";
  }
};

// The drawing pass: holds the axes and the label placer shared by all layers.
class RooflineDrawing {
 public:
  RooflineDrawing(const ChartLayout& layout, const Extent& e)
      : layout_(layout),
        x_(e.x_lo, e.x_hi, layout.plot().x, layout.plot().x + layout.plot().width),
        y_(e.y_lo, e.y_hi, layout.plot().y + layout.plot().height, layout.plot().y),
        labels_(layout.plot(), label_size()) {}

  Extent bounds() const { return {x_.lo(), x_.hi(), y_.lo(), y_.hi()}; }

  // One marker per point; past kMostMarkers one per spot of kPointRadius * 2 pixels square.
  std::vector<Marker> markers(const std::vector<PlotPoint>& points) const {
    std::vector<Marker> out;
    if (points.size() <= kMostMarkers) {
      for (const PlotPoint& p : points) out.push_back({&p, 1, p.performance, p.performance});
      return out;
    }
    std::unordered_map<std::uint64_t, std::size_t> spots;  // spot → index in out
    for (const PlotPoint& p : points) {
      const auto cell = [](double pixel) {
        return static_cast<std::uint64_t>(std::clamp(pixel / (2 * kPointRadius), 0.0, 65535.0));
      };
      const std::uint64_t spot = cell(x_.map(p.ai)) << 24 | cell(y_.map(p.performance)) << 8 |
                                 static_cast<std::uint64_t>(p.precision) << 1 | p.unstable;
      const auto [it, added] = spots.try_emplace(spot, out.size());
      if (added) {
        out.push_back({&p, 1, p.performance, p.performance});
        continue;
      }
      Marker& m = out[it->second];
      ++m.count;
      m.performance_low = std::min(m.performance_low, p.performance);
      m.performance_high = std::max(m.performance_high, p.performance);
    }
    return out;
  }

  void axes(Svg& svg) const {
    draw_axes(svg, layout_,
              {x_, [](double v) { return format_number(v); }, "Arithmetic intensity (FLOP/byte)"},
              {y_, [](double v) { return format_si(v, "FLOP/s"); }, "Performance (FLOP/s)"});
  }

  void roof(Svg& svg, const RoofSegment& r) {
    const bool compute = r.kind == RoofKind::compute;
    const std::string colour = compute ? precision_colour(*r.precision) : kMemoryColour;
    const double x0 = x_.map(r.x0), y0 = y_.map(r.y0), x1 = x_.map(r.x1), y1 = y_.map(r.y1);
    svg.element("line", {{"class", compute ? "roof compute" : "roof memory"},
                         {"x1", px(x0)},
                         {"y1", px(y0)},
                         {"x2", px(x1)},
                         {"y2", px(y1)},
                         {"stroke", colour},
                         {"stroke-width", "2"},
                         {"stroke-dasharray", compute ? "none" : kMemoryDash}});
    if (compute) {
      compute_label(svg, r.label, colour, x0, x1, y0);
      return;
    }
    // Along the diagonal, near its lower end, just above the line.
    const double angle = std::atan2(y1 - y0, x1 - x0) * 180 / std::numbers::pi;
    const double tx = x0 + 10, ty = y0 + (y1 - y0) / (x1 - x0) * 10 - 4;
    svg.element("text",
                {{"class", "label roof-label"},
                 {"x", px(tx)},
                 {"y", px(ty)},
                 {"transform", "rotate(" + px(angle) + " " + px(tx) + " " + px(ty) + ")"},
                 {"fill", colour}},
                r.label);
  }

  // Just above the roof, right-aligned at its end; when another roof's label is there (roofs of
  // equal height), moved left along the roof until it is free.
  void compute_label(Svg& svg, const std::string& label, const std::string& colour, double x0,
                     double x1, double y) {
    const double w = text_width(label, label_size());
    const double baseline = y - 4;
    for (double end = x1 - 4; end - w >= x0; end -= w + 16) {
      if (!labels_.take({end - w, baseline - 0.8 * label_size(), w, label_size()})) continue;
      svg.element("text",
                  {{"class", "label roof-label"},
                   {"x", px(end)},
                   {"y", px(baseline)},
                   {"text-anchor", "end"},
                   {"fill", colour}},
                  label);
      return;
    }
  }

  void ridge(Svg& svg, const RidgePoint& r) const {
    svg.element("path", {{"class", "ridge"},
                         {"d", diamond(x_.map(r.ai), y_.map(r.performance))},
                         {"fill", "#ffffff"},
                         {"stroke", precision_colour(r.precision)},
                         {"stroke-width", "1.5"}});
  }

  void ridge_label(Svg& svg, const RidgePoint& r) {
    const double x = x_.map(r.ai), y = y_.map(r.performance);
    if (const auto spot = labels_.place(x, y, r.label, 7)) text(svg, *spot, r.label, "ridge-label");
  }

  // Keeps labels off the marker at (ai, performance).
  void reserve(double ai, double performance) {
    const double r = kPointRadius + 1;
    labels_.block({x_.map(ai) - r, y_.map(performance) - r, 2 * r, 2 * r});
  }

  void point(Svg& svg, const Marker& m) const {
    const PlotPoint& p = *m.first;
    const double x = x_.map(p.ai), y = y_.map(p.performance);
    const std::string colour = precision_colour(p.precision);
    if (m.count > 1) {
      svg.open("circle", {{"class", p.unstable ? "point group unstable" : "point group"},
                          {"cx", px(x)},
                          {"cy", px(y)},
                          {"r", px(kPointRadius)},
                          {"fill", p.unstable ? "#ffffff" : colour},
                          {"stroke", colour},
                          {"stroke-width", "1.5"},
                          {"data-count", std::to_string(m.count)}});
      svg.element("title", {},
                  std::to_string(m.count) + " results in this spot, " +
                      format_si(m.performance_low, "FLOP/s") + " – " +
                      format_si(m.performance_high, "FLOP/s") + ", among them " + tooltip(p));
      svg.close("circle");
      return;
    }
    if (p.high > p.low) {
      svg.element("line", {{"class", "ci"},
                           {"x1", px(x)},
                           {"y1", px(y_.map(p.low))},
                           {"x2", px(x)},
                           {"y2", px(y_.map(p.high))},
                           {"stroke", colour},
                           {"stroke-width", "1.5"}});
    }
    svg.open("circle", {{"class", p.unstable ? "point unstable" : "point"},
                        {"cx", px(x)},
                        {"cy", px(y)},
                        {"r", px(kPointRadius)},
                        {"fill", p.unstable ? "#ffffff" : colour},
                        {"stroke", colour},
                        {"stroke-width", "1.5"},
                        {"data-variant", p.result->variant},
                        {"data-precision", std::string(roofline::to_string(p.precision))},
                        {"data-ai", format_number(p.ai, 6)},
                        {"data-perf", format_number(p.performance, 6)}});
    svg.element("title", {}, tooltip(p));
    svg.close("circle");
  }

  void point_label(Svg& svg, const Marker& m) {
    const double x = x_.map(m.first->ai), y = y_.map(m.first->performance);
    const std::string label = m.label();
    if (const auto spot = labels_.place(x, y, label, kPointRadius + 3)) {
      text(svg, *spot, label, "point-label");
    }
  }

  void legend(Svg& svg, const std::vector<Precision>& precisions) const {
    std::vector<LegendEntry> entries;
    for (const Precision p : precisions) {
      entries.push_back({std::string(roofline::to_string(p)), [p](Svg& s, double x, double y) {
                           s.element("circle", {{"cx", px(x)},
                                                {"cy", px(y)},
                                                {"r", px(kPointRadius)},
                                                {"fill", precision_colour(p)}});
                         }});
    }
    entries.push_back({"compute roof", legend_line(kMemoryColour, "none")});
    entries.push_back({"memory roof", legend_line(kMemoryColour, kMemoryDash)});
    entries.push_back(
        {"ridge point", [](Svg& s, double x, double y) {
           s.element("path",
                     {{"d", diamond(x, y)}, {"fill", "#ffffff"}, {"stroke", kMemoryColour}});
         }});
    entries.push_back(
        {"median, 95% CI", [](Svg& s, double x, double y) {
           s.element("line", {{"x1", px(x)},
                              {"y1", px(y - 7)},
                              {"x2", px(x)},
                              {"y2", px(y + 7)},
                              {"stroke", kMemoryColour}});
           s.element(
               "circle",
               {{"cx", px(x)}, {"cy", px(y)}, {"r", px(kPointRadius)}, {"fill", kMemoryColour}});
         }});
    entries.push_back({"unstable (CV > 5%)", [](Svg& s, double x, double y) {
                         s.element("circle", {{"cx", px(x)},
                                              {"cy", px(y)},
                                              {"r", px(kPointRadius)},
                                              {"fill", "#ffffff"},
                                              {"stroke", kMemoryColour},
                                              {"stroke-width", "1.5"}});
                       }});
    draw_legend(svg, layout_, entries);
  }

 private:
  double label_size() const { return layout_.font_size - 1; }

  static std::string diamond(double x, double y) {
    std::string d = "M";
    return d.append(px(x)).append(" ").append(px(y - 4.5)).append("l4.5 4.5-4.5 4.5-4.5-4.5z");
  }

  static std::string tooltip(const PlotPoint& p) {
    const roofline::Result& r = *p.result;
    std::string text = r.family + " " + r.variant + " (" + params_text(r.params) +
                       "): " + format_si(p.performance, "FLOP/s") + " at AI " +
                       format_number(p.ai) + ", 95% CI " + format_si(p.low, "FLOP/s") + " – " +
                       format_si(p.high, "FLOP/s");
    if (r.placement) text += ", " + format_percent(r.placement->efficiency) + " of attainable";
    if (p.unstable) text += ", unstable (CV " + format_percent(r.time->cv) + ")";
    return text;
  }

  void text(Svg& svg, const PlacedLabel& at, const std::string& label, const char* kind) const {
    static constexpr const char* kAnchors[] = {"start", "middle", "end"};
    svg.element("text",
                {{"class", std::string("label ") + kind},
                 {"x", px(at.x)},
                 {"y", px(at.y)},
                 {"text-anchor", kAnchors[static_cast<int>(at.anchor)]},
                 {"font-size", px(label_size())}},
                label);
  }

  ChartLayout layout_;
  LogAxis x_, y_;
  LabelPlacer labels_;
};

}  // namespace

std::string roofline_svg(const std::string& title, const roofline::Roofline& roofs,
                         const std::vector<PlotPoint>& points) {
  const ChartLayout layout;
  RooflineDrawing drawing(layout, roofline_extent(roofs, points));
  Svg svg(layout.width, layout.height,
          {{"class", "chart roofline"}, {"font-family", "sans-serif"}});
  draw_title(svg, layout, title);
  drawing.axes(svg);
  const std::vector<RoofSegment> segments = roof_segments(roofs, drawing.bounds());
  svg.open("g", {{"class", "roofs"}, {"font-size", px(layout.font_size - 1)}});
  for (const RoofSegment& r : segments) drawing.roof(svg, r);
  svg.close("g");
  std::vector<RidgePoint> ridges = ridge_points(roofs);
  const Extent bounds = drawing.bounds();
  std::erase_if(ridges,
                [&](const RidgePoint& r) { return r.ai < bounds.x_lo || r.ai > bounds.x_hi; });
  // Markers first, so that no label covers one; then labels, ridges before points.
  const std::vector<Marker> markers = drawing.markers(points);
  for (const RidgePoint& r : ridges) drawing.reserve(r.ai, r.performance);
  for (const Marker& m : markers) drawing.reserve(m.first->ai, m.first->performance);
  svg.open("g", {{"class", "ridges"}});
  for (const RidgePoint& r : ridges) drawing.ridge(svg, r);
  svg.close("g");
  svg.open("g", {{"class", "points"}});
  for (const Marker& m : markers) drawing.point(svg, m);
  svg.close("g");
  svg.open("g", {{"class", "labels"}});
  for (const RidgePoint& r : ridges) drawing.ridge_label(svg, r);
  for (const Marker& m : markers) drawing.point_label(svg, m);
  svg.close("g");
  drawing.legend(svg, precisions_of(roofs, points));
  return svg.finish();
}

}  // namespace reports
