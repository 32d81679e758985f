#include "reports/roofline_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <unordered_map>

#include "reports/chart_frame.hpp"
#include "reports/format.hpp"
#include "reports/imported.hpp"

namespace reports {
namespace {

using roofline::Precision;

constexpr const char* kMemoryColour = "#555555";
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
    out.push_back({RoofKind::memory, std::nullopt, m.level, m.level + " " + format_si(bw, "B/s"),
                   x0, bw * x0, x1, bw * x1});
  }
  for (const auto& c : roofs.compute()) {
    const double f = c.flops_per_s;
    if (!(f >= bounds.y_lo && f <= bounds.y_hi)) continue;
    const double x0 = std::clamp(fastest > 0 ? f / fastest : bounds.x_lo, bounds.x_lo, bounds.x_hi);
    if (x0 >= bounds.x_hi) continue;
    const std::string name = std::string(roofline::to_string(c.precision)) + " " + c.path;
    out.push_back({RoofKind::compute, c.precision, name, name + " " + format_si(f, "FLOP/s"), x0, f,
                   bounds.x_hi, f});
  }
  return out;
}

std::string match_key(const roofline::Result& r) {
  return r.family + '\n' + r.variant + '\n' + std::string(roofline::to_string(r.work.precision)) +
         '\n' + r.params.dump();
}

namespace {

// What one point marker stands for: a point, or (past kMostMarkers) every point of its spot.
struct Marker {
  const PlotPoint* first = nullptr;  // where it is drawn, and how
  std::size_t count = 1;
  double performance_low = 0, performance_high = 0;  // over its points' medians
  std::size_t layer = 0;

  std::string label() const {
    return count == 1 ? first->label : first->label + " and " + std::to_string(count - 1) + " more";
  }
};

// "[2] ": how an overlay's labels name their layer.
std::string layer_number(std::size_t layer) {
  return std::string("[").append(std::to_string(layer + 1)).append("] ");
}

enum class Shape { circle, square, triangle, star };

// A backend's marker shape; imported results are stars whatever their backend.
Shape shape_of(const roofline::Result& r) {
  if (imported(r)) return Shape::star;
  if (r.backend == "opencl") return Shape::square;
  if (r.backend == "cuda") return Shape::triangle;
  return Shape::circle;
}

// What a shape stands for, in the legend.
std::string_view shape_meaning(Shape s) {
  static constexpr std::string_view kMeanings[] = {"cpu", "opencl", "cuda", "imported"};
  return kMeanings[static_cast<int>(s)];
}

// The marker of `shape` centred at (x, y), with the attributes given (class, fill, ...); left
// open so that its <title> can follow.
void open_marker(Svg& svg, Shape shape, double x, double y, std::vector<Attr> attrs,
                 double scale = 1) {
  const double r = kPointRadius * scale;
  switch (shape) {
    case Shape::circle:
      attrs.insert(attrs.begin() + 1, {{"cx", px(x)}, {"cy", px(y)}, {"r", px(r)}});
      svg.open("circle", attrs);
      return;
    case Shape::square:
      attrs.insert(
          attrs.begin() + 1,
          {{"x", px(x - r)}, {"y", px(y - r)}, {"width", px(2 * r)}, {"height", px(2 * r)}});
      svg.open("rect", attrs);
      return;
    case Shape::triangle:
      attrs.insert(attrs.begin() + 1,
                   {"d", std::string("M") + px(x) + " " + px(y - 1.3 * r) + "l" + px(1.3 * r) +
                             " " + px(2.2 * r) + "h" + px(-2.6 * r) + "z"});
      svg.open("path", attrs);
      return;
    case Shape::star: {
      std::string d;
      for (int k = 0; k < 10; ++k) {
        const double radius = k % 2 == 0 ? 1.6 * r : 0.7 * r;
        const double a = std::numbers::pi * (k / 5.0 - 0.5);
        d.append(k == 0 ? "M" : "L").append(px(x + radius * std::cos(a)));
        d.append(" ").append(px(y + radius * std::sin(a)));
      }
      attrs.insert(attrs.begin() + 1, {"d", d + "z"});
      svg.open("path", attrs);
      return;
    }
  }
}

// A profiled program's kernel is drawn with an area that grows with its share of the program's
// kernel time (from the usual size at none to 4× the radius at all of it).
double marker_scale(const roofline::Result& r) {
  return r.launches ? 1 + 3 * std::sqrt(std::clamp(r.launches->share, 0.0, 1.0)) : 1;
}

std::string marker_tag(Shape s) {
  return s == Shape::circle ? "circle" : s == Shape::square ? "rect" : "path";
}

// The drawing pass: holds the axes, the colours and the label placer shared by all layers.
class RooflineDrawing {
 public:
  RooflineDrawing(const ChartLayout& layout, const Extent& e, const std::vector<ChartLayer>& layers)
      : layout_(layout),
        x_(e.x_lo, e.x_hi, layout.plot().x, layout.plot().x + layout.plot().width),
        y_(e.y_lo, e.y_hi, layout.plot().y + layout.plot().height, layout.plot().y),
        labels_(layout.plot(), label_size()),
        overlay_(layers.size() > 1) {
    for (const ChartLayer& l : layers) {
      layer_names_.push_back(l.name);
      for (const PlotPoint& p : l.points)
        if (std::find(families_.begin(), families_.end(), p.result->family) == families_.end())
          families_.push_back(p.result->family);
    }
  }

  Extent bounds() const { return {x_.lo(), x_.hi(), y_.lo(), y_.hi()}; }
  bool overlay() const { return overlay_; }

  // One marker per point; past kMostMarkers one per spot of kPointRadius * 2 pixels square.
  std::vector<Marker> markers(const std::vector<PlotPoint>& points, std::size_t layer) const {
    std::vector<Marker> out;
    if (points.size() <= kMostMarkers) {
      for (const PlotPoint& p : points) out.push_back({&p, 1, p.performance, p.performance, layer});
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

  void axes(Svg& svg) const {
    draw_axes(svg, layout_,
              {x_, [](double v) { return format_number(v); }, "Arithmetic intensity (FLOP/byte)"},
              {y_, [](double v) { return format_si(v, "FLOP/s"); }, "Performance (FLOP/s)"});
  }

  void roof(Svg& svg, const RoofSegment& r, std::size_t layer) {
    const bool compute = r.kind == RoofKind::compute;
    const std::string colour = overlay_  ? layer_colour(layer)
                               : compute ? precision_colour(*r.precision)
                                         : kMemoryColour;
    const double x0 = x_.map(r.x0), y0 = y_.map(r.y0), x1 = x_.map(r.x1), y1 = y_.map(r.y1);
    std::vector<Attr> attrs = roof_attrs(r.name, r.precision, layer);
    attrs.insert(attrs.begin(), {"class", compute ? "roof compute" : "roof memory"});
    attrs.insert(attrs.end(), {{"x1", px(x0)},
                               {"y1", px(y0)},
                               {"x2", px(x1)},
                               {"y2", px(y1)},
                               {"stroke", colour},
                               {"stroke-width", "2"},
                               {"stroke-dasharray", compute ? "none" : kMemoryDash}});
    svg.element("line", attrs);
    const std::string label = layer_prefix(layer) + r.label;
    if (compute) {
      compute_label(svg, label, colour, x0, x1, y0, roof_attrs(r.name, r.precision, layer));
      return;
    }
    memory_label(svg, label, colour, x0, y0, x1, y1, roof_attrs(r.name, r.precision, layer));
  }

  // Along the diagonal, just above the line: near its lower end, or further up where another
  // roof's label is there (diagonals meet at low AI); left out when the roof has no free stretch.
  void memory_label(Svg& svg, const std::string& label, const std::string& colour, double x0,
                    double y0, double x1, double y1, std::vector<Attr> attrs) {
    const double length = std::hypot(x1 - x0, y1 - y0);
    if (!(length > 0)) return;
    const double ux = (x1 - x0) / length, uy = (y1 - y0) / length;  // along the roof
    const double w = text_width(label, label_size()), h = label_size();
    // The text's band as squares of the font's height, above the line (y grows downwards).
    const auto band = [&](double start) {
      std::vector<Box> boxes;
      for (double s = start; s < start + w; s += h) {
        const double cx = x0 + ux * (s + h / 2) + uy * h * 0.6;
        const double cy = y0 + uy * (s + h / 2) - ux * h * 0.6;
        boxes.push_back({cx - h / 2, cy - h / 2, h, h});
      }
      return boxes;
    };
    for (double start = 10; start + w <= length; start += w / 2) {
      const std::vector<Box> boxes = band(start);
      if (!std::all_of(boxes.begin(), boxes.end(), [&](const Box& b) { return labels_.fits(b); }))
        continue;
      for (const Box& b : boxes) labels_.take(b);
      const double angle = std::atan2(uy, ux) * 180 / std::numbers::pi;
      const double tx = x0 + ux * start + uy * 4, ty = y0 + uy * start - ux * 4;
      attrs.insert(attrs.begin(), {"class", "label roof-label"});
      attrs.insert(attrs.end(),
                   {{"x", px(tx)},
                    {"y", px(ty)},
                    {"transform", "rotate(" + px(angle) + " " + px(tx) + " " + px(ty) + ")"},
                    {"fill", colour}});
      svg.element("text", attrs, label);
      return;
    }
  }

  // Just above the roof, right-aligned at its end; when another roof's label is there (roofs of
  // equal height), moved left along the roof until it is free.
  void compute_label(Svg& svg, const std::string& label, const std::string& colour, double x0,
                     double x1, double y, std::vector<Attr> attrs) {
    const double w = text_width(label, label_size());
    const double baseline = y - 4;
    for (double end = x1 - 4; end - w >= x0; end -= w + 16) {
      if (!labels_.take({end - w, baseline - 0.8 * label_size(), w, label_size()})) continue;
      attrs.insert(attrs.begin(), {"class", "label roof-label"});
      attrs.insert(attrs.end(),
                   {{"x", px(end)}, {"y", px(baseline)}, {"text-anchor", "end"}, {"fill", colour}});
      svg.element("text", attrs, label);
      return;
    }
  }

  void ridge(Svg& svg, const RidgePoint& r, std::size_t layer) const {
    std::vector<Attr> attrs = roof_attrs(r.level, r.precision, layer);
    attrs.insert(attrs.begin(), {"class", "ridge"});
    attrs.insert(attrs.end(),
                 {{"d", diamond(x_.map(r.ai), y_.map(r.performance))},
                  {"fill", "#ffffff"},
                  {"stroke", overlay_ ? layer_colour(layer) : precision_colour(r.precision)},
                  {"stroke-width", "1.5"}});
    svg.element("path", attrs);
  }

  void ridge_label(Svg& svg, const RidgePoint& r, std::size_t layer) {
    const double x = x_.map(r.ai), y = y_.map(r.performance);
    const std::string label = layer_prefix(layer) + r.label;
    if (const auto spot = labels_.place(x, y, label, 7))
      text(svg, *spot, label, "ridge-label", roof_attrs(r.level, r.precision, layer));
  }

  // Keeps labels off the marker at (ai, performance).
  void reserve(double ai, double performance) {
    const double r = kPointRadius + 1;
    labels_.block({x_.map(ai) - r, y_.map(performance) - r, 2 * r, 2 * r});
  }

  void point(Svg& svg, const Marker& m) const {
    const PlotPoint& p = *m.first;
    const double x = x_.map(p.ai), y = y_.map(p.performance);
    const std::string colour = point_colour(m);
    svg.open("g", result_attrs(m));
    std::vector<Attr> attrs{
        {"fill", p.unstable ? "#ffffff" : colour}, {"stroke", colour}, {"stroke-width", "1.5"}};
    const Shape shape = shape_of(*p.result);
    if (m.count > 1) {
      attrs.insert(attrs.begin(), {"class", p.unstable ? "point group unstable" : "point group"});
      attrs.push_back({"data-count", std::to_string(m.count)});
      open_marker(svg, shape, x, y, attrs);
      svg.element("title", {},
                  std::to_string(m.count) + " results in this spot, " +
                      format_si(m.performance_low, "FLOP/s") + " – " +
                      format_si(m.performance_high, "FLOP/s") + ", among them:\n" + card(m));
      svg.close(marker_tag(shape));
      svg.close("g");
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
    attrs.insert(attrs.begin(), {"class", p.unstable ? "point unstable" : "point"});
    attrs.insert(attrs.end(), {{"data-ai", format_number(p.ai, 6)},
                               {"data-perf", format_number(p.performance, 6)}});
    open_marker(svg, shape, x, y, attrs, marker_scale(*p.result));
    svg.element("title", {}, card(m));
    svg.close(marker_tag(shape));
    svg.close("g");
  }

  // A later layer's point joined to the first layer's point of the same result.
  void pair(Svg& svg, const Marker& from, const Marker& to) const {
    std::vector<Attr> attrs = result_attrs(to);
    attrs[0] = {"class", "pair"};
    attrs.insert(attrs.end(), {{"x1", px(x_.map(from.first->ai))},
                               {"y1", px(y_.map(from.first->performance))},
                               {"x2", px(x_.map(to.first->ai))},
                               {"y2", px(y_.map(to.first->performance))},
                               {"stroke", "#999999"},
                               {"stroke-width", "1"}});
    svg.element("line", attrs);
  }

  void point_label(Svg& svg, const Marker& m) {
    const double x = x_.map(m.first->ai), y = y_.map(m.first->performance);
    const std::string label = m.label();
    if (const auto spot = labels_.place(x, y, label, kPointRadius + 3)) {
      std::vector<Attr> attrs = result_attrs(m);
      attrs.erase(attrs.begin());
      text(svg, *spot, label, "point-label", attrs);
    }
  }

  void legend(Svg& svg, const std::vector<Precision>& precisions,
              const std::vector<Shape>& shapes) const {
    std::vector<LegendEntry> entries;
    if (overlay_) {
      for (std::size_t l = 0; l < layer_names_.size(); ++l)
        entries.push_back({layer_prefix(l) + layer_names_[l], dot(layer_colour(l))});
    } else {
      for (std::size_t f = 0; f < families_.size(); ++f)
        entries.push_back({families_[f], dot(kSeriesColours[f % kSeriesColours.size()])});
      for (const Precision p : precisions)
        entries.push_back({std::string(roofline::to_string(p)) + " roofs",
                           legend_line(precision_colour(p), "none")});
    }
    for (const Shape s : shapes) {
      entries.push_back(
          {std::string(shape_meaning(s)), [s](Svg& svg, double x, double y) {
             open_marker(svg, s, x, y, {{"class", "sample"}, {"fill", kMemoryColour}});
             svg.close(marker_tag(s));
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
    if (overlay_) entries.push_back({"same result, two runs", legend_line("#999999", "none")});
    draw_legend(svg, layout_, entries);
  }

 private:
  double label_size() const { return layout_.font_size - 1; }

  static std::string layer_colour(std::size_t layer) {
    return kSeriesColours[layer % kSeriesColours.size()];
  }

  std::string layer_prefix(std::size_t layer) const { return overlay_ ? layer_number(layer) : ""; }

  std::string point_colour(const Marker& m) const {
    if (overlay_) return layer_colour(m.layer);
    const auto f = std::find(families_.begin(), families_.end(), m.first->result->family);
    return kSeriesColours[static_cast<std::size_t>(f - families_.begin()) % kSeriesColours.size()];
  }

  static std::function<void(Svg&, double, double)> dot(std::string colour) {
    return [colour = std::move(colour)](Svg& s, double x, double y) {
      s.element("circle",
                {{"cx", px(x)}, {"cy", px(y)}, {"r", px(kPointRadius)}, {"fill", colour}});
    };
  }

  // What the report's toggles act on; the first attribute is the class (to be replaced).
  std::vector<Attr> result_attrs(const Marker& m) const {
    const roofline::Result& r = *m.first->result;
    std::vector<Attr> attrs{{"class", "result"},
                            {"data-family", r.family},
                            {"data-variant", r.variant},
                            {"data-precision", std::string(roofline::to_string(r.work.precision))},
                            {"data-backend", r.backend}};
    if (overlay_) attrs.push_back({"data-layer", layer_prefix(m.layer) + layer_names_[m.layer]});
    if (imported(r)) attrs.push_back({"data-imported", "true"});
    if (!m.first->anchor.empty()) attrs.push_back({"data-row", m.first->anchor});
    return attrs;
  }

  std::vector<Attr> roof_attrs(const std::string& name, std::optional<Precision> precision,
                               std::size_t layer) const {
    std::vector<Attr> attrs{{"data-roof", name}};
    if (precision)
      attrs.push_back({"data-precision", std::string(roofline::to_string(*precision))});
    if (overlay_) attrs.push_back({"data-layer", layer_prefix(layer) + layer_names_[layer]});
    return attrs;
  }

  static std::string diamond(double x, double y) {
    std::string d = "M";
    return d.append(px(x)).append(" ").append(px(y - 4.5)).append("l4.5 4.5-4.5 4.5-4.5-4.5z");
  }

  // The point's card, one fact per line: the <title> of its marker (a tooltip in a static SVG,
  // the hover card in the report).
  std::string card(const Marker& m) const {
    const PlotPoint& p = *m.first;
    const roofline::Result& r = *p.result;
    std::vector<std::string> lines{r.family + " " + r.variant + " · " + r.backend + " · " +
                                   std::string(roofline::to_string(p.precision))};
    if (overlay_) lines.push_back(layer_prefix(m.layer) + layer_names_[m.layer]);
    if (std::string params = params_text(r.params); !params.empty())
      lines.push_back(std::move(params));
    lines.push_back(format_si(p.performance, "FLOP/s") + " at AI " + format_number(p.ai) +
                    " FLOP/B");
    lines.push_back(std::string("95% CI ") + format_si(p.low, "FLOP/s") + " – " +
                    format_si(p.high, "FLOP/s"));
    if (r.placement)
      lines.push_back(format_percent(r.placement->efficiency) + " of attainable (" +
                      r.placement->level + ")");
    const roofline::Summary& t = *r.time;
    lines.push_back(std::to_string(t.n) + " repetitions: " + format_si(t.median, "s") +
                    " median, " + format_si(t.min, "s") + " – " + format_si(t.max, "s") + ", CV " +
                    format_percent(t.cv));
    if (p.unstable)
      lines.push_back(std::string("unstable (CV ") + format_percent(r.time->cv) + ")");
    if (!p.above_roof.empty()) lines.push_back(p.above_roof);
    if (imported(r)) lines.push_back("imported: not verified by Rooflab");
    if (r.launches)
      lines.push_back(std::to_string(r.launches->launches) + " launches, " +
                      format_percent(r.launches->share) + " of the program's kernel time");
    std::string text = lines[0];
    for (std::size_t i = 1; i < lines.size(); ++i) text.append("\n").append(lines[i]);
    return text;
  }

  void text(Svg& svg, const PlacedLabel& at, const std::string& label, const char* kind,
            std::vector<Attr> attrs) const {
    static constexpr const char* kAnchors[] = {"start", "middle", "end"};
    attrs.insert(attrs.begin(), {"class", std::string("label ") + kind});
    attrs.insert(attrs.end(), {{"x", px(at.x)},
                               {"y", px(at.y)},
                               {"text-anchor", kAnchors[static_cast<int>(at.anchor)]},
                               {"font-size", px(label_size())}});
    svg.element("text", attrs, label);
  }

  ChartLayout layout_;
  LogAxis x_, y_;
  LabelPlacer labels_;
  bool overlay_ = false;
  std::vector<std::string> layer_names_;
  std::vector<std::string> families_;  // in order of first appearance: their colours
};

Extent union_extent(const std::vector<ChartLayer>& layers) {
  Extent e = roofline_extent(layers.front().roofs, layers.front().points);
  for (const ChartLayer& l : layers) {
    const Extent o = roofline_extent(l.roofs, l.points);
    e = {std::min(e.x_lo, o.x_lo), std::max(e.x_hi, o.x_hi), std::min(e.y_lo, o.y_lo),
         std::max(e.y_hi, o.y_hi)};
  }
  return e;
}

std::string draw(const std::string& title, const std::vector<ChartLayer>& layers) {
  // An overlay's legend names its runs (host and time): room for them.
  ChartLayout layout;
  if (layers.size() > 1) {
    std::vector<std::string> names;
    for (std::size_t l = 0; l < layers.size(); ++l)
      names.push_back(layer_number(l) + layers[l].name);
    fit_legend(layout, names, 0);
  }
  RooflineDrawing drawing(layout, union_extent(layers), layers);
  Svg svg(layout.width, layout.height,
          {{"class", drawing.overlay() ? "chart roofline overlay" : "chart roofline"},
           {"font-family", "sans-serif"}});
  draw_title(svg, layout, title);
  drawing.axes(svg);
  const Extent bounds = drawing.bounds();
  svg.open("g", {{"class", "roofs"}, {"font-size", px(layout.font_size - 1)}});
  for (std::size_t l = 0; l < layers.size(); ++l)
    for (const RoofSegment& r : roof_segments(layers[l].roofs, bounds)) drawing.roof(svg, r, l);
  svg.close("g");
  std::vector<std::vector<RidgePoint>> ridges;
  std::vector<std::vector<Marker>> markers;
  std::vector<Precision> precisions;
  std::vector<Shape> shapes;
  for (std::size_t l = 0; l < layers.size(); ++l) {
    ridges.push_back(ridge_points(layers[l].roofs));
    std::erase_if(ridges.back(),
                  [&](const RidgePoint& r) { return r.ai < bounds.x_lo || r.ai > bounds.x_hi; });
    markers.push_back(drawing.markers(layers[l].points, l));
    for (const Precision p : precisions_of(layers[l].roofs, layers[l].points))
      if (std::find(precisions.begin(), precisions.end(), p) == precisions.end())
        precisions.push_back(p);
    for (const PlotPoint& p : layers[l].points)
      if (std::find(shapes.begin(), shapes.end(), shape_of(*p.result)) == shapes.end())
        shapes.push_back(shape_of(*p.result));
  }
  std::sort(shapes.begin(), shapes.end());
  // Markers first, so that no label covers one; then labels, ridges before points.
  for (std::size_t l = 0; l < layers.size(); ++l) {
    for (const RidgePoint& r : ridges[l]) drawing.reserve(r.ai, r.performance);
    for (const Marker& m : markers[l]) drawing.reserve(m.first->ai, m.first->performance);
  }
  svg.open("g", {{"class", "ridges"}});
  for (std::size_t l = 0; l < layers.size(); ++l)
    for (const RidgePoint& r : ridges[l]) drawing.ridge(svg, r, l);
  svg.close("g");
  if (drawing.overlay()) {
    std::unordered_map<std::string, const Marker*> first;
    for (const Marker& m : markers[0])
      if (m.count == 1) first.try_emplace(match_key(*m.first->result), &m);
    svg.open("g", {{"class", "pairs"}});
    for (std::size_t l = 1; l < layers.size(); ++l)
      for (const Marker& m : markers[l])
        if (const auto it = first.find(match_key(*m.first->result));
            m.count == 1 && it != first.end())
          drawing.pair(svg, *it->second, m);
    svg.close("g");
  }
  svg.open("g", {{"class", "points"}});
  for (const auto& layer : markers)
    for (const Marker& m : layer) drawing.point(svg, m);
  svg.close("g");
  svg.open("g", {{"class", "labels"}});
  for (std::size_t l = 0; l < layers.size(); ++l)
    for (const RidgePoint& r : ridges[l]) drawing.ridge_label(svg, r, l);
  for (const auto& layer : markers)
    for (const Marker& m : layer) drawing.point_label(svg, m);
  svg.close("g");
  drawing.legend(svg, precisions, shapes);
  return svg.finish();
}

}  // namespace

std::string roofline_svg(const std::string& title, const roofline::Roofline& roofs,
                         const std::vector<PlotPoint>& points) {
  return draw(title, {{"", roofs, points}});
}

std::string overlay_svg(const std::string& title, const std::vector<ChartLayer>& layers) {
  if (layers.empty()) return {};
  return draw(title, layers);
}

}  // namespace reports
