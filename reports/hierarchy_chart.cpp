#include "reports/hierarchy_chart.hpp"

#include <algorithm>
#include <array>

#include "reports/chart_frame.hpp"
#include "reports/format.hpp"
#include "reports/roofline_chart.hpp"

namespace reports {
namespace {

constexpr const char* kRoofColour = "#888888";
constexpr double kDotRadius = 4;

// Levels in the order a reader walks the hierarchy: nearest the cores first.
int level_rank(const std::string& level) {
  static constexpr std::array<const char*, 6> kOrder = {"L1", "shared", "L2", "L3", "LLC", "DRAM"};
  const auto it = std::find(kOrder.begin(), kOrder.end(), level);
  return static_cast<int>(it - kOrder.begin());
}

std::vector<std::string> levels_of(const std::vector<HierarchyPoint>& points) {
  std::vector<std::string> out;
  for (const auto& p : points)
    for (const auto& d : p.dots)
      if (std::find(out.begin(), out.end(), d.level) == out.end()) out.push_back(d.level);
  std::stable_sort(out.begin(), out.end(),
                   [](auto& a, auto& b) { return level_rank(a) < level_rank(b); });
  return out;
}

std::string dot_tooltip(const HierarchyPoint& p, const LevelDot& d) {
  const roofline::Result& r = *p.result;
  return r.family + " " + r.variant + " (" + params_text(r.params) + "): " + d.level + " AI " +
         format_number(d.ai) + " (declared " + format_number(r.work.arithmetic_intensity()) +
         "), " + format_si(p.performance, "FLOP/s") + " measured";
}

}  // namespace

std::vector<HierarchyPoint> hierarchy_points(const DeviceView& view) {
  std::vector<HierarchyPoint> out;
  for (const roofline::Result* r : view.records) {
    if (!r->ok() || !r->measured || !r->measured->flops || !(r->time->median > 0)) continue;
    HierarchyPoint p;
    p.result = r;
    p.precision = r->work.precision;
    p.performance = *r->measured->flops / r->time->median;
    for (const auto& [level, ai] : r->measured->ai)
      if (ai > 0) p.dots.push_back({level, ai});
    if (p.dots.empty() || !(p.performance > 0)) continue;
    std::sort(p.dots.begin(), p.dots.end(), [](auto& a, auto& b) { return a.ai < b.ai; });
    p.label = r->variant;
    if (const std::string key = result_key(*r); !key.empty()) p.label += " " + key;
    out.push_back(std::move(p));
  }
  return out;
}

std::string level_colour(const std::string& level) {
  static constexpr std::array<const char*, 7> kColours = {
      "#1b9e77", "#1b9e77", "#d95f02", "#7570b3", "#7570b3", "#e7298a", "#666666"};
  return kColours[static_cast<std::size_t>(level_rank(level))];
}

std::string hierarchy_svg(const std::string& title, const roofline::Roofline& roofs,
                          const std::vector<HierarchyPoint>& points) {
  // The extent holds every dot, like the points of the plain roofline chart.
  std::vector<PlotPoint> extent_points;
  for (const auto& p : points)
    for (const auto& d : p.dots)
      extent_points.push_back({.result = p.result,
                               .precision = p.precision,
                               .ai = d.ai,
                               .performance = p.performance,
                               .low = p.performance,
                               .high = p.performance,
                               .unstable = false,
                               .label = p.label,
                               .anchor = {},
                               .above_roof = {}});
  const Extent e = roofline_extent(roofs, extent_points);
  const ChartLayout layout;
  const Box plot = layout.plot();
  const LogAxis x(e.x_lo, e.x_hi, plot.x, plot.x + plot.width);
  const LogAxis y(e.y_lo, e.y_hi, plot.y + plot.height, plot.y);
  Svg svg(layout.width, layout.height,
          {{"class", "chart hierarchy"}, {"font-family", "sans-serif"}});
  draw_title(svg, layout, title);
  draw_axes(svg, layout,
            {x, [](double v) { return format_number(v); }, "Arithmetic intensity (FLOP/byte)"},
            {y, [](double v) { return format_si(v, "FLOP/s"); }, "Performance (FLOP/s)"});

  svg.open("g", {{"class", "roofs"}});
  for (const RoofSegment& r : roof_segments(roofs, {x.lo(), x.hi(), y.lo(), y.hi()})) {
    const bool memory = r.kind == RoofKind::memory;
    const std::string level = memory ? r.label.substr(0, r.label.find(' ')) : "";
    svg.element("line", {{"class", memory ? "roof memory" : "roof compute"},
                         {"x1", px(x.map(r.x0))},
                         {"y1", px(y.map(r.y0))},
                         {"x2", px(x.map(r.x1))},
                         {"y2", px(y.map(r.y1))},
                         {"stroke", memory ? level_colour(level) : kRoofColour},
                         {"stroke-width", "1.5"},
                         {"stroke-dasharray", memory ? kMemoryDash : "none"}});
  }
  svg.close("g");

  // Labels go where they overlap no dot, join or other label; one with no free spot is left out.
  LabelPlacer labels(plot, layout.font_size - 1);
  for (const HierarchyPoint& p : points) {
    const double py = y.map(p.performance), left = x.map(p.dots.front().ai);
    labels.block({left - kDotRadius, py - kDotRadius,
                  x.map(p.dots.back().ai) - left + 2 * kDotRadius, 2 * kDotRadius});
  }
  svg.open("g", {{"class", "kernels"}});
  for (const HierarchyPoint& p : points) {
    const double py = y.map(p.performance);
    svg.open("g", {{"class", "kernel"}, {"data-variant", p.result->variant}});
    svg.element("line", {{"class", "join"},
                         {"x1", px(x.map(p.dots.front().ai))},
                         {"y1", px(py)},
                         {"x2", px(x.map(p.dots.back().ai))},
                         {"y2", px(py)},
                         {"stroke", precision_colour(p.precision)},
                         {"stroke-width", "1.5"}});
    for (const LevelDot& d : p.dots) {
      svg.open("circle", {{"class", "dot"},
                          {"cx", px(x.map(d.ai))},
                          {"cy", px(py)},
                          {"r", px(kDotRadius)},
                          {"fill", level_colour(d.level)},
                          {"data-level", d.level},
                          {"data-ai", format_number(d.ai, 6)},
                          {"data-perf", format_number(p.performance, 6)}});
      svg.element("title", {}, dot_tooltip(p, d));
      svg.close("circle");
    }
    static constexpr const char* kAnchors[] = {"start", "middle", "end"};
    if (const auto at = labels.place(x.map(p.dots.back().ai), py, p.label, kDotRadius + 3)) {
      svg.element("text",
                  {{"class", "label point-label"},
                   {"x", px(at->x)},
                   {"y", px(at->y)},
                   {"text-anchor", kAnchors[static_cast<int>(at->anchor)]},
                   {"font-size", px(layout.font_size - 1)}},
                  p.label);
    }
    svg.close("g");
  }
  svg.close("g");

  std::vector<LegendEntry> legend;
  for (const std::string& level : levels_of(points)) {
    legend.push_back({level + " bytes", [level](Svg& s, double cx, double cy) {
                        s.element("circle", {{"cx", px(cx)},
                                             {"cy", px(cy)},
                                             {"r", px(kDotRadius)},
                                             {"fill", level_colour(level)}});
                      }});
  }
  legend.push_back({"one kernel (measured)", legend_line(kRoofColour, "none")});
  legend.push_back({"memory roof", legend_line(kRoofColour, kMemoryDash)});
  draw_legend(svg, layout, legend);
  return svg.finish();
}

}  // namespace reports
