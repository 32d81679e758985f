#include "reports/roofline_chart.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "reports/chart_frame.hpp"
#include "reports/format.hpp"
#include "reports/imported.hpp"
#include "reports/marker_shapes.hpp"
#include "reports/point_card.hpp"
#include "reports/roof_labels.hpp"
#include "reports/roofline_legend.hpp"
#include "reports/roofline_markers.hpp"

namespace reports {
namespace {

using roofline::Precision;

// "[2] ": how an overlay's labels name their layer.
std::string layer_number(std::size_t layer) {
  return std::string("[").append(std::to_string(layer + 1)).append("] ");
}

// Machine-read coordinates for the report's script: six significant digits.
std::string data_number(double v) { return format_number(v, 6); }

// The drawing pass: holds the axes, the colours and the label placer shared by all layers.
class RooflineDrawing {
 public:
  RooflineDrawing(const ChartLayout& layout, const Extent& e, const std::vector<ChartLayer>& layers)
      : layout_(layout),
        x_(e.x_lo, e.x_hi, layout.plot().x, layout.plot().x + layout.plot().width),
        y_(e.y_lo, e.y_hi, layout.plot().y + layout.plot().height, layout.plot().y),
        labels_(layout.plot(), label_size()),
        layers_(layers),
        overlay_(layers.size() > 1) {
    for (const ChartLayer& l : layers) {
      for (const PlotPoint& p : l.points)
        if (std::find(families_.begin(), families_.end(), p.result->family) == families_.end())
          families_.push_back(p.result->family);
    }
  }

  Extent bounds() const { return {x_.lo(), x_.hi(), y_.lo(), y_.hi()}; }
  bool overlay() const { return overlay_; }

  // What the report's script needs to redraw the chart for other bounds.
  std::vector<Attr> root_attrs() const {
    const Box plot = layout_.plot();
    return {
        {"data-plot", px(plot.x) + " " + px(plot.y) + " " + px(plot.width) + " " + px(plot.height)},
        {"data-extent", data_number(x_.lo()) + " " + data_number(x_.hi()) + " " +
                            data_number(y_.lo()) + " " + data_number(y_.hi())}};
  }

  std::vector<Marker> markers(const std::vector<PlotPoint>& points, std::size_t layer) const {
    return place_markers(points, layer, x_, y_);
  }

  void axes(Svg& svg) const {
    draw_axes(svg, layout_,
              {x_, [](double v) { return format_number(v); }, "Arithmetic intensity (FLOP/byte)"},
              {y_, [](double v) { return format_si(v, "FLOP/s"); }, "Performance (FLOP/s)"});
  }

  // A roof's line, after its 95% interval as a band where it has one; its label comes later
  // (roof_labels), once every roof and marker is drawn.
  void roof(Svg& svg, const RoofSegment& r, std::size_t layer) {
    const bool compute = r.kind == RoofKind::compute;
    const std::string colour = roof_colour(r, layer);
    const double x0 = x_.map(r.x0), y0 = y_.map(r.y0), x1 = x_.map(r.x1), y1 = y_.map(r.y1);
    const std::string index = std::to_string(roof_lines_.size());
    if (r.interval.known()) {
      const double lo = r.interval.low / r.roof, hi = r.interval.high / r.roof;
      std::vector<Attr> attrs = roof_attrs(r.name, r.precision, layer);
      attrs.insert(attrs.begin(), {"class", "roof-band"});
      attrs.insert(attrs.end(),
                   {{"data-line", index},
                    {"data-band", data_number(lo) + " " + data_number(hi)},
                    {"d", "M" + px(x0) + " " + px(y_.map(r.y0 * lo)) + "L" + px(x1) + " " +
                              px(y_.map(r.y1 * lo)) + "L" + px(x1) + " " + px(y_.map(r.y1 * hi)) +
                              "L" + px(x0) + " " + px(y_.map(r.y0 * hi)) + "Z"},
                    {"fill", colour},
                    {"fill-opacity", "0.18"}});
      svg.element("path", attrs);
    }
    std::vector<Attr> attrs = roof_attrs(r.name, r.precision, layer);
    attrs.insert(attrs.begin(), {"class", compute ? "roof compute" : "roof memory"});
    attrs.insert(attrs.end(), {{"data-line", index},
                               {"data-x0", data_number(r.x0)},
                               {"data-y0", data_number(r.y0)},
                               {"data-x1", data_number(r.x1)},
                               {"data-y1", data_number(r.y1)},
                               {"x1", px(x0)},
                               {"y1", px(y0)},
                               {"x2", px(x1)},
                               {"y2", px(y1)},
                               {"stroke", colour},
                               {"stroke-width", "2"},
                               {"stroke-dasharray", compute ? "none" : kMemoryDash}});
    svg.element("line", attrs);
    roof_lines_.push_back({compute, layer_prefix(layer) + r.name, r.value, x0, y0, x1, y1});
    roof_info_.push_back({colour, roof_attrs(r.name, r.precision, layer)});
  }

  // The roofs' labels: one per group of roofs whose lines lie within half a label's height, which
  // a reader cannot tell apart at the labels' resolution (its parts
  // <tspan>s that toggle with their roofs), each where no marker or other label is (across other
  // roofs' lines where it must); then the lines are kept free of the labels that follow.
  void roof_labels(Svg& svg) {
    for (const std::vector<std::size_t>& group : roof_label_groups(roof_lines_, label_size() / 2))
      roof_label(svg, group);
    for (const RoofLine& r : roof_lines_) block_line(labels_, r);
  }

  void roof_label(Svg& svg, const std::vector<std::size_t>& group) {
    const RoofLabelText text = roof_label_text(roof_lines_, group);
    const RoofLine& top = roof_lines_[group.front()];
    const RoofLine& bottom = roof_lines_[group.back()];
    const double w = text_width(text.text(), label_size());
    const auto at = top.compute ? place_compute_label(labels_, w, label_size(), top, bottom)
                                : place_memory_label(labels_, w, label_size(), top, bottom);
    if (!at) return;
    std::string lines;
    for (const std::size_t i : group)
      lines.append(lines.empty() ? "" : " ").append(std::to_string(i));
    std::vector<Attr> attrs{{"class", "label roof-label"}};
    if (group.size() == 1) {
      const std::vector<Attr>& own = roof_info_[group.front()].attrs;
      attrs.insert(attrs.end(), own.begin(), own.end());
    }
    attrs.insert(attrs.end(), {{"data-lines", lines},
                               {"x", px(at->x)},
                               {"y", px(at->y)},
                               {"font-size", px(label_size())},
                               {"fill", roof_info_[group.front()].colour}});
    if (at->anchor == Anchor::end) attrs.push_back({"text-anchor", "end"});
    if (at->angle != 0)
      attrs.push_back(
          {"transform", "rotate(" + px(at->angle) + " " + px(at->x) + " " + px(at->y) + ")"});
    if (group.size() == 1) {
      svg.element("text", attrs, text.text());
      return;
    }
    // Merged: each roof's part in its colour, toggled with it.
    svg.open_inline("text", attrs);
    for (std::size_t k = 0; k < group.size(); ++k) {
      if (k > 0) svg.text(" · ");
      std::vector<Attr> part = roof_info_[group[k]].attrs;
      part.push_back({"fill", roof_info_[group[k]].colour});
      svg.inline_element("tspan", part, text.parts[k]);
    }
    if (!text.shared.empty()) svg.text(" " + text.shared);
    svg.close("text");
  }

  void ridge(Svg& svg, const RidgePoint& r, std::size_t layer) const {
    std::vector<Attr> attrs = roof_attrs(r.level, r.precision, layer);
    attrs.insert(attrs.begin(), {"class", "ridge"});
    attrs.insert(attrs.end(),
                 {{"data-ai", data_number(r.ai)},
                  {"data-perf", data_number(r.performance)},
                  {"d", ridge_diamond(x_.map(r.ai), y_.map(r.performance))},
                  {"fill", "#ffffff"},
                  {"stroke", overlay_ ? layer_colour(layer) : precision_colour(r.precision)},
                  {"stroke-width", "1.5"}});
    svg.element("path", attrs);
  }

  void ridge_label(Svg& svg, const RidgePoint& r, std::size_t layer) {
    const double x = x_.map(r.ai), y = y_.map(r.performance);
    const std::string label = layer_prefix(layer) + r.label;
    std::vector<Attr> attrs = roof_attrs(r.level, r.precision, layer);
    attrs.insert(attrs.end(),
                 {{"data-ai", data_number(r.ai)}, {"data-perf", data_number(r.performance)}});
    if (const auto spot = labels_.place(x, y, label, 7))
      text(svg, *spot, label, "ridge-label", attrs);
  }

  // Keeps labels off the marker at (ai, performance).
  void reserve(double ai, double performance) {
    const double r = kPointRadius + 1;
    labels_.block({x_.map(ai) - r, y_.map(performance) - r, 2 * r, 2 * r});
  }

  void point(Svg& svg, const Marker& m, const Marker* before) const {
    const PlotPoint& p = *m.first;
    const double x = x_.map(p.ai), y = y_.map(p.performance);
    const std::string colour = point_colour(m);
    svg.open("g", result_attrs(m));
    std::vector<Attr> attrs{
        {"fill", p.unstable ? "#ffffff" : colour}, {"stroke", colour}, {"stroke-width", "1.5"}};
    const Shape shape = shape_of(*p.result);
    attrs.insert(attrs.end(),
                 {{"data-ai", data_number(p.ai)}, {"data-perf", data_number(p.performance)}});
    if (m.count > 1) {
      attrs.insert(attrs.begin(), {"class", p.unstable ? "point group unstable" : "point group"});
      attrs.push_back({"data-count", std::to_string(m.count)});
      open_marker(svg, shape, x, y, attrs);
      svg.element("title", {},
                  std::to_string(m.count) + " results in this spot, " +
                      format_si(m.performance_low, "FLOP/s") + " – " +
                      format_si(m.performance_high, "FLOP/s") + ", among them:\n" +
                      card(m, nullptr));
      svg.close(marker_tag(shape));
      svg.close("g");
      return;
    }
    if (p.high > p.low) {
      svg.element("line", {{"class", "ci"},
                           {"data-low", data_number(p.low)},
                           {"data-high", data_number(p.high)},
                           {"x1", px(x)},
                           {"y1", px(y_.map(p.low))},
                           {"x2", px(x)},
                           {"y2", px(y_.map(p.high))},
                           {"stroke", colour},
                           {"stroke-width", "1.5"}});
    }
    attrs.insert(attrs.begin(), {"class", p.unstable ? "point unstable" : "point"});
    open_marker(svg, shape, x, y, attrs, marker_scale(*p.result));
    svg.element("title", {}, card(m, before));
    svg.close(marker_tag(shape));
    svg.close("g");
  }

  // An arrow from the first run's point of a result to a later run's, drawn over the markers:
  // from the edge of the first to the edge of the later, or, where the two are too near for
  // that, from centre to centre; its label (the change, pair_label) comes with the other labels.
  void pair(Svg& svg, const Pair& pair, std::size_t index) const {
    const PlotPoint &a = *pair.from->first, &b = *pair.to->first;
    std::vector<Attr> attrs = result_attrs(*pair.to);
    attrs[0] = {"class", "pair"};
    attrs.insert(attrs.end(), {{"data-pair", std::to_string(index)},
                               {"data-ai0", data_number(a.ai)},
                               {"data-perf0", data_number(a.performance)},
                               {"data-ai1", data_number(b.ai)},
                               {"data-perf1", data_number(b.performance)}});
    svg.open("g", attrs);
    const double x0 = x_.map(a.ai), y0 = y_.map(a.performance);
    const double x1 = x_.map(b.ai), y1 = y_.map(b.performance);
    const double length = std::hypot(x1 - x0, y1 - y0);
    if (length >= 1) {
      const double ux = (x1 - x0) / length, uy = (y1 - y0) / length;
      const double end = length > 2 * (kPointRadius + 2) + kArrowHead ? kPointRadius + 2 : 0;
      const double head = std::min(kArrowHead, length - 2 * end);
      const double tx = x1 - ux * end, ty = y1 - uy * end;    // the head's tip
      const double bx = tx - ux * head, by = ty - uy * head;  // the middle of its base
      svg.element("line", {{"class", "arrow"},
                           {"x1", px(x0 + ux * end)},
                           {"y1", px(y0 + uy * end)},
                           {"x2", px(bx)},
                           {"y2", px(by)},
                           {"stroke", kArrowColour},
                           {"stroke-width", "1.2"}});
      svg.element("path", {{"class", "arrow-head"},
                           {"d", "M" + px(tx) + " " + px(ty) + "L" + px(bx - uy * head / 2) + " " +
                                     px(by + ux * head / 2) + "L" + px(bx + uy * head / 2) + " " +
                                     px(by - ux * head / 2) + "Z"},
                           {"fill", kArrowColour}});
    }
    svg.close("g");
  }

  // The change beside its arrow's middle, or else beside the later point or the first.
  void pair_label(Svg& svg, const Pair& pair, std::size_t index) {
    const PlotPoint &a = *pair.from->first, &b = *pair.to->first;
    const double xa = x_.map(a.ai), ya = y_.map(a.performance);
    const double xb = x_.map(b.ai), yb = y_.map(b.performance);
    const std::string label = change_text(a.performance, b.performance);
    std::vector<Attr> attrs = result_attrs(*pair.to);
    attrs.erase(attrs.begin());
    attrs.push_back({"data-pair", std::to_string(index)});
    const double spots[][2] = {{(xa + xb) / 2, (ya + yb) / 2}, {xb, yb}, {xa, ya}};
    for (const auto& at : spots) {
      if (const auto spot = labels_.place(at[0], at[1], label, kPointRadius + 3)) {
        text(svg, *spot, label, "pair-label", attrs);
        return;
      }
    }
  }

  void point_label(Svg& svg, const Marker& m) {
    const double x = x_.map(m.first->ai), y = y_.map(m.first->performance);
    const std::string label = m.label();
    if (const auto spot = labels_.place(x, y, label, kPointRadius + 3)) {
      std::vector<Attr> attrs = result_attrs(m);
      attrs.erase(attrs.begin());
      attrs.insert(attrs.end(), {{"data-ai", data_number(m.first->ai)},
                                 {"data-perf", data_number(m.first->performance)}});
      text(svg, *spot, label, "point-label", attrs);
    }
  }

  void legend(Svg& svg, const std::vector<Precision>& precisions, const std::vector<Shape>& shapes,
              bool bands) const {
    std::vector<LegendEntry> entries;
    if (overlay_) {
      for (std::size_t l = 0; l < layers_.size(); ++l)
        entries.push_back({layer_prefix(l) + layers_[l].name, dot(layer_colour(l))});
    } else {
      for (std::size_t f = 0; f < families_.size(); ++f)
        entries.push_back({families_[f], dot(kPointColours[f % kPointColours.size()])});
      for (const Precision p : precisions)
        entries.push_back({std::string(roofline::to_string(p)) + " roofs",
                           legend_line(precision_colour(p), "none")});
    }
    for (LegendEntry& e : roofline_key(shapes, bands, overlay_)) entries.push_back(std::move(e));
    draw_legend(svg, layout_, entries);
  }

 private:
  static constexpr double kArrowHead = 6;

  struct RoofInfo {
    std::string colour;
    std::vector<Attr> attrs;  // what toggles it
  };

  double label_size() const { return layout_.font_size - 1; }

  static std::string layer_colour(std::size_t layer) {
    return kSeriesColours[layer % kSeriesColours.size()];
  }

  std::string roof_colour(const RoofSegment& r, std::size_t layer) const {
    if (overlay_) return layer_colour(layer);
    return r.kind == RoofKind::compute ? precision_colour(*r.precision) : kMemoryRoofColour;
  }

  std::string layer_prefix(std::size_t layer) const { return overlay_ ? layer_number(layer) : ""; }

  std::string point_colour(const Marker& m) const {
    if (overlay_) return layer_colour(m.layer);
    const auto f = std::find(families_.begin(), families_.end(), m.first->result->family);
    return kPointColours[static_cast<std::size_t>(f - families_.begin()) % kPointColours.size()];
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
    if (overlay_) attrs.push_back({"data-layer", layer_prefix(m.layer) + layers_[m.layer].name});
    if (imported(r)) attrs.push_back({"data-imported", "true"});
    if (!m.first->anchor.empty()) attrs.push_back({"data-row", m.first->anchor});
    return attrs;
  }

  std::vector<Attr> roof_attrs(const std::string& name, std::optional<Precision> precision,
                               std::size_t layer) const {
    std::vector<Attr> attrs{{"data-roof", name}};
    if (precision)
      attrs.push_back({"data-precision", std::string(roofline::to_string(*precision))});
    if (overlay_) attrs.push_back({"data-layer", layer_prefix(layer) + layers_[layer].name});
    return attrs;
  }

  std::string card(const Marker& m, const Marker* before) const {
    const std::string run = overlay_ ? layer_prefix(m.layer) + layers_[m.layer].name : "";
    return point_card(*m.first, layers_[m.layer].roofs, run, before ? before->first : nullptr,
                      before ? layer_prefix(before->layer) : "");
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
  const std::vector<ChartLayer>& layers_;
  bool overlay_ = false;
  std::vector<std::string> families_;  // in order of first appearance: their colours
  std::vector<RoofLine> roof_lines_;   // every roof drawn, in pixels
  std::vector<RoofInfo> roof_info_;    // and its colour and toggles
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
  std::vector<Attr> root{{"class", drawing.overlay() ? "chart roofline overlay" : "chart roofline"},
                         {"font-family", "sans-serif"}};
  for (Attr& a : drawing.root_attrs()) root.push_back(std::move(a));
  Svg svg(layout.width, layout.height, root);
  draw_title(svg, layout, title);
  drawing.axes(svg);
  const Extent bounds = drawing.bounds();
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
  // Markers first, so that no label covers one; then labels: roofs', ridges', changes', points'.
  for (std::size_t l = 0; l < layers.size(); ++l) {
    for (const RidgePoint& r : ridges[l]) drawing.reserve(r.ai, r.performance);
    for (const Marker& m : markers[l]) drawing.reserve(m.first->ai, m.first->performance);
  }
  bool bands = false;
  svg.open("g", {{"class", "roofs"}});
  for (std::size_t l = 0; l < layers.size(); ++l)
    for (const RoofSegment& r : roof_segments(layers[l].roofs, bounds)) {
      drawing.roof(svg, r, l);
      bands = bands || r.interval.known();
    }
  svg.close("g");
  svg.open("g", {{"class", "ridges"}});
  for (std::size_t l = 0; l < layers.size(); ++l)
    for (const RidgePoint& r : ridges[l]) drawing.ridge(svg, r, l);
  svg.close("g");
  const std::vector<Pair> pairs = pairs_of(markers);
  std::unordered_map<const Marker*, const Marker*> before;
  for (const Pair& p : pairs) before.emplace(p.to, p.from);
  svg.open("g", {{"class", "points"}});
  for (const auto& layer : markers)
    for (const Marker& m : layer) {
      const auto it = before.find(&m);
      drawing.point(svg, m, it == before.end() ? nullptr : it->second);
    }
  svg.close("g");
  if (drawing.overlay()) {
    svg.open("g", {{"class", "pairs"}});
    for (std::size_t i = 0; i < pairs.size(); ++i) drawing.pair(svg, pairs[i], i);
    svg.close("g");
  }
  svg.open("g", {{"class", "labels"}});
  drawing.roof_labels(svg);
  for (std::size_t l = 0; l < layers.size(); ++l)
    for (const RidgePoint& r : ridges[l]) drawing.ridge_label(svg, r, l);
  for (std::size_t i = 0; i < pairs.size(); ++i) drawing.pair_label(svg, pairs[i], i);
  for (const auto& layer : markers)
    for (const Marker& m : layer) drawing.point_label(svg, m);
  svg.close("g");
  drawing.legend(svg, precisions, shapes, bands);
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
