#include "reports/chart_frame.hpp"

#include <algorithm>

namespace reports {
namespace {

constexpr const char* kGrid = "#e3e3e3";
constexpr const char* kInk = "#333333";

}  // namespace

void draw_axes(Svg& svg, const ChartLayout& layout, const AxisSpec& x, const AxisSpec& y) {
  const Box plot = layout.plot();
  const double bottom = plot.y + plot.height;
  const double right = plot.x + plot.width;
  const std::string font = px(layout.font_size);
  svg.open("g", {{"class", "axes"}, {"font-size", font}, {"fill", kInk}});
  for (const Tick& t : x.axis.ticks(x.label, x.max_labels)) {
    svg.element("line", {{"class", "grid"},
                         {"x1", px(t.position)},
                         {"y1", px(plot.y)},
                         {"x2", px(t.position)},
                         {"y2", px(bottom)},
                         {"stroke", kGrid}});
    if (t.label.empty()) continue;
    svg.element("text",
                {{"class", "tick"},
                 {"x", px(t.position)},
                 {"y", px(bottom + layout.font_size + 6)},
                 {"text-anchor", "middle"}},
                t.label);
  }
  for (const Tick& t : y.axis.ticks(y.label, y.max_labels)) {
    svg.element("line", {{"class", "grid"},
                         {"x1", px(plot.x)},
                         {"y1", px(t.position)},
                         {"x2", px(right)},
                         {"y2", px(t.position)},
                         {"stroke", kGrid}});
    if (t.label.empty()) continue;
    svg.element("text",
                {{"class", "tick"},
                 {"x", px(plot.x - 6)},
                 {"y", px(t.position + 0.35 * layout.font_size)},
                 {"text-anchor", "end"}},
                t.label);
  }
  svg.element("rect", {{"class", "frame"},
                       {"x", px(plot.x)},
                       {"y", px(plot.y)},
                       {"width", px(plot.width)},
                       {"height", px(plot.height)},
                       {"fill", "none"},
                       {"stroke", kInk}});
  svg.element("text",
              {{"class", "axis-title"},
               {"x", px(plot.x + plot.width / 2)},
               {"y", px(layout.height - 12)},
               {"text-anchor", "middle"}},
              x.title);
  const double ty = plot.y + plot.height / 2;
  svg.element("text",
              {{"class", "axis-title"},
               {"x", px(16)},
               {"y", px(ty)},
               {"text-anchor", "middle"},
               {"transform", "rotate(-90 16 " + px(ty) + ")"}},
              y.title);
  svg.close("g");
}

void draw_legend(Svg& svg, const ChartLayout& layout, const std::vector<LegendEntry>& entries) {
  const double x = layout.width - layout.right + 16;
  const double line = layout.font_size + 8;
  svg.open("g", {{"class", "legend"}, {"font-size", px(layout.font_size)}, {"fill", kInk}});
  double y = layout.top + layout.font_size;
  for (const LegendEntry& e : entries) {
    e.draw_sample(svg, x + 12, y - 0.35 * layout.font_size);
    svg.element("text", {{"x", px(x + 30)}, {"y", px(y)}}, e.text);
    y += line;
  }
  svg.close("g");
}

void fit_legend(ChartLayout& layout, const std::vector<std::string>& texts, std::size_t entries) {
  double longest = 0;
  for (const std::string& t : texts) longest = std::max(longest, text_width(t, layout.font_size));
  // draw_legend's text starts 46 pixels into the margin.
  const double right = std::max(layout.right, 46 + longest + 8);
  layout.width += right - layout.right;
  layout.right = right;
  layout.height =
      std::max(layout.height,
               layout.top + (layout.font_size + 8) * static_cast<double>(entries) + layout.bottom);
}

std::function<void(Svg&, double x, double y)> legend_line(std::string colour, std::string dash) {
  return [colour = std::move(colour), dash = std::move(dash)](Svg& svg, double x, double y) {
    svg.element("line", {{"x1", px(x - 10)},
                         {"y1", px(y)},
                         {"x2", px(x + 10)},
                         {"y2", px(y)},
                         {"stroke", colour},
                         {"stroke-width", "2"},
                         {"stroke-dasharray", dash}});
  };
}

void draw_title(Svg& svg, const ChartLayout& layout, const std::string& title) {
  svg.element("text",
              {{"class", "chart-title"},
               {"x", px(layout.left)},
               {"y", px(layout.top - 10)},
               {"font-size", px(layout.font_size + 2)},
               {"font-weight", "bold"}},
              title);
}

}  // namespace reports
