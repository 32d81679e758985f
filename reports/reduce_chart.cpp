#include "reports/reduce_chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <numeric>

#include "reports/chart_frame.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"

namespace reports {
namespace {

// Categorical colours (Tableau 10), as in the sweep chart.
constexpr std::array<const char*, 10> kSeriesColours = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2",
                                                        "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
                                                        "#9c755f", "#bab0ac"};
constexpr const char* kBaselineColour = "#222222";

// The baseline is drawn black and thick; other variants cycle through the colours, dashed on
// their second pass through them.
struct Style {
  std::string colour, dash, width;
};
Style style_of(std::size_t index, std::optional<std::size_t> baseline) {
  if (index == baseline) return {kBaselineColour, "none", "2.6"};
  const std::size_t round = index / kSeriesColours.size();
  return {kSeriesColours[index % kSeriesColours.size()], round % 2 == 0 ? "none" : "5 3", "1.6"};
}

std::string length_label(double n) {
  const double k = n / 1024;
  if (k < 1) return format_number(n);
  if (k < 1024) return format_number(k) + "K";
  return format_number(k / 1024) + "M";
}

std::string panel_name(const ReducePanel& p) {
  return p.op + " · " + std::string(roofline::to_string(p.precision));
}

// The chart shared by both views: one polyline per series over log axes.
std::string lines_svg(const std::string& title, const std::string& css_class,
                      const std::vector<LengthSeries>& series, const std::string& y_title,
                      const std::function<std::string(double)>& y_label, double reference,
                      std::optional<std::size_t> baseline) {
  double x_lo = INFINITY, x_hi = 0, y_lo = INFINITY, y_hi = 0;
  for (const LengthSeries& s : series)
    for (std::size_t i = 0; i < s.length.size(); ++i) {
      x_lo = std::min(x_lo, s.length[i]);
      x_hi = std::max(x_hi, s.length[i]);
      y_lo = std::min(y_lo, s.time[i]);
      y_hi = std::max(y_hi, s.time[i]);
    }
  if (reference > 0) {
    y_lo = std::min(y_lo, reference);
    y_hi = std::max(y_hi, reference);
  }
  if (!(x_hi > 0) || !(y_hi > 0)) return {};
  const ChartLayout layout;
  const Box plot = layout.plot();
  const LogAxis x(x_lo, x_hi, plot.x, plot.x + plot.width, LogBase::binary);
  const LogAxis y(y_lo, y_hi, plot.y + plot.height, plot.y);

  Svg svg(layout.width, layout.height,
          {{"class", "chart " + css_class}, {"font-family", "sans-serif"}});
  draw_title(svg, layout, title);
  draw_axes(svg, layout, {x, length_label, "Vector length (elements)", 11}, {y, y_label, y_title});
  if (reference > 0) {
    svg.element("line", {{"class", "reference"},
                         {"x1", px(plot.x)},
                         {"y1", px(y.map(reference))},
                         {"x2", px(plot.x + plot.width)},
                         {"y2", px(y.map(reference))},
                         {"stroke", "#888888"},
                         {"stroke-dasharray", "2 3"}});
  }
  std::vector<LegendEntry> legend;
  svg.open("g", {{"class", "series"}});
  for (std::size_t i = 0; i < series.size(); ++i) {
    const LengthSeries& s = series[i];
    const Style style = style_of(i, baseline);
    std::string points;
    for (std::size_t k = 0; k < s.length.size(); ++k) {
      if (k > 0) points += " ";
      points += px(x.map(s.length[k])) + "," + px(y.map(s.time[k]));
    }
    svg.open("polyline", {{"class", "reduce-line"},
                          {"data-variant", s.variant},
                          {"points", points},
                          {"fill", "none"},
                          {"stroke", style.colour},
                          {"stroke-width", style.width},
                          {"stroke-dasharray", style.dash}});
    svg.element("title", {}, s.variant);
    svg.close("polyline");
    legend.push_back(
        {s.variant + (i == baseline ? " (baseline)" : ""), legend_line(style.colour, style.dash)});
  }
  svg.close("g");
  draw_legend(svg, layout, legend);
  return svg.finish();
}

}  // namespace

std::vector<ReducePanel> reduce_panels(const std::vector<const roofline::Result*>& records) {
  std::vector<ReducePanel> panels;
  for (const roofline::Result* r : records) {
    if (r->family != "reduce" || !r->ok() || !r->params.contains("n") ||
        !r->params.contains("op") || r->params.contains("sweep"))
      continue;
    const std::string op = r->params.at("op").get<std::string>();
    auto panel = std::find_if(panels.begin(), panels.end(), [&](const ReducePanel& p) {
      return p.op == op && p.precision == r->work.precision;
    });
    if (panel == panels.end()) panel = panels.insert(panels.end(), {op, r->work.precision, {}});
    auto s = std::find_if(panel->series.begin(), panel->series.end(),
                          [&](const LengthSeries& l) { return l.variant == r->variant; });
    if (s == panel->series.end()) {
      s = panel->series.insert(
          panel->series.end(),
          {r->variant, r->params.contains("library"), r->params.value("threads", 0), {}, {}});
    }
    s->length.push_back(r->params.at("n").get<double>());
    s->time.push_back(r->time->median);
  }
  for (ReducePanel& p : panels)
    for (LengthSeries& s : p.series) {
      std::vector<std::size_t> order(s.length.size());
      std::iota(order.begin(), order.end(), 0);
      std::sort(order.begin(), order.end(),
                [&](std::size_t a, std::size_t b) { return s.length[a] < s.length[b]; });
      LengthSeries sorted{s.variant, s.baseline, s.threads, {}, {}};
      for (std::size_t i : order) {
        sorted.length.push_back(s.length[i]);
        sorted.time.push_back(s.time[i]);
      }
      s = std::move(sorted);
    }
  return panels;
}

std::optional<std::size_t> baseline_series(const ReducePanel& panel) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < panel.series.size(); ++i)
    if (panel.series[i].baseline &&
        (!best || panel.series[i].threads > panel.series[*best].threads))
      best = i;
  return best;
}

LengthSeries relative_to(const LengthSeries& s, const LengthSeries& baseline) {
  LengthSeries out{s.variant, s.baseline, s.threads, {}, {}};
  for (std::size_t i = 0; i < s.length.size(); ++i) {
    const auto it = std::find(baseline.length.begin(), baseline.length.end(), s.length[i]);
    if (it == baseline.length.end()) continue;
    const double base = baseline.time[static_cast<std::size_t>(it - baseline.length.begin())];
    if (!(base > 0)) continue;
    out.length.push_back(s.length[i]);
    out.time.push_back(s.time[i] / base);
  }
  return out;
}

std::string reduce_time_svg(const std::string& title, const ReducePanel& panel) {
  return lines_svg(
      title, "reduce-time", panel.series, "Median time per call",
      [](double v) { return format_si(v, "s"); }, 0, baseline_series(panel));
}

std::string reduce_relative_svg(const std::string& title, const ReducePanel& panel) {
  const std::optional<std::size_t> base = baseline_series(panel);
  if (!base) return {};
  std::vector<LengthSeries> relative;
  std::optional<std::size_t> relative_base;
  for (std::size_t i = 0; i < panel.series.size(); ++i) {
    LengthSeries r = relative_to(panel.series[i], panel.series[*base]);
    if (r.length.empty()) continue;
    if (i == *base) relative_base = relative.size();
    relative.push_back(std::move(r));
  }
  return lines_svg(
      title, "reduce-relative", relative,
      "Time relative to " + panel.series[*base].variant + " (lower is faster)",
      [](double v) { return format_number(v) + "×"; }, 1, relative_base);
}

std::string reduce_section(const std::string& device_title,
                           const std::vector<const roofline::Result*>& records,
                           const std::vector<std::string>& not_offered) {
  const std::vector<ReducePanel> panels = reduce_panels(records);
  if (panels.empty()) return {};
  std::string html = "<h3>Reduce: time against vector length</h3>\n";
  for (const ReducePanel& p : panels) {
    html += reduce_time_svg("Reduce " + panel_name(p) + " — " + device_title, p) + "\n";
    const std::string relative = reduce_relative_svg(
        "Reduce " + panel_name(p) + " relative to the baseline — " + device_title, p);
    if (relative.empty()) {
      html += "<p class=\"note\">Reduce " + escape_xml(panel_name(p)) +
              ": no library baseline was run, so there is no relative view.</p>\n";
    } else {
      html += relative + "\n";
    }
  }
  for (const std::string& line : not_offered)
    html += "<p class=\"note\">Not offered: " + escape_xml(line) + ".</p>\n";
  return html;
}

}  // namespace reports
