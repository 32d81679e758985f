#include "reports/size_study.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <numeric>

#include "reports/chart_frame.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "roofline/names.hpp"

namespace reports {
namespace {

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

std::string size_label(double n) {
  const double k = n / 1024;
  if (k < 1) return format_number(n);
  if (k < 1024) return format_number(k) + "K";
  return format_number(k / 1024) + "M";
}

// "Reduce sum · fp32"
std::string panel_name(const StudyPanel& p) {
  return title_case(p.family) + (p.panel.empty() ? "" : " " + p.panel) + " · " +
         std::string(roofline::to_string(p.precision));
}

// The chart shared by the views: one polyline per series over log axes, and `roof` (when it has
// points) as a dashed grey line.
std::string lines_svg(const std::string& title, const std::string& css_class,
                      const std::vector<SizeSeries>& series, const std::string& x_title,
                      const std::string& y_title, const std::function<std::string(double)>& y_label,
                      double reference, std::optional<std::size_t> baseline,
                      const SizeSeries& roof = {}) {
  double x_lo = INFINITY, x_hi = 0, y_lo = INFINITY, y_hi = 0;
  std::vector<const SizeSeries*> drawn;
  for (const SizeSeries& s : series) drawn.push_back(&s);
  drawn.push_back(&roof);
  for (const SizeSeries* s : drawn)
    for (std::size_t i = 0; i < s->size.size(); ++i) {
      x_lo = std::min(x_lo, s->size[i]);
      x_hi = std::max(x_hi, s->size[i]);
      y_lo = std::min(y_lo, s->time[i]);
      y_hi = std::max(y_hi, s->time[i]);
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
  draw_axes(svg, layout, {x, size_label, x_title, 11}, {y, y_label, y_title});
  if (reference > 0) {
    svg.element("line", {{"class", "reference"},
                         {"x1", px(plot.x)},
                         {"y1", px(y.map(reference))},
                         {"x2", px(plot.x + plot.width)},
                         {"y2", px(y.map(reference))},
                         {"stroke", "#888888"},
                         {"stroke-dasharray", "2 3"}});
  }
  const auto points_of = [&](const SizeSeries& s) {
    std::string points;
    for (std::size_t k = 0; k < s.size.size(); ++k) {
      if (k > 0) points += " ";
      points += px(x.map(s.size[k])) + "," + px(y.map(s.time[k]));
    }
    return points;
  };
  std::vector<LegendEntry> legend;
  svg.open("g", {{"class", "series"}});
  for (std::size_t i = 0; i < series.size(); ++i) {
    const SizeSeries& s = series[i];
    const Style style = style_of(i, baseline);
    svg.open("polyline", {{"class", "study-line"},
                          {"data-variant", s.variant},
                          {"points", points_of(s)},
                          {"fill", "none"},
                          {"stroke", style.colour},
                          {"stroke-width", style.width},
                          {"stroke-dasharray", style.dash}});
    svg.element("title", {}, s.variant);
    svg.close("polyline");
    legend.push_back(
        {s.variant + (i == baseline ? " (baseline)" : ""), legend_line(style.colour, style.dash)});
  }
  if (!roof.size.empty()) {
    svg.open("polyline", {{"class", "latency-roof"},
                          {"points", points_of(roof)},
                          {"fill", "none"},
                          {"stroke", "#888888"},
                          {"stroke-width", "2"},
                          {"stroke-dasharray", "6 3"}});
    svg.element("title", {}, roof.variant);
    svg.close("polyline");
    legend.push_back({roof.variant, legend_line("#888888", "6 3")});
  }
  svg.close("g");
  draw_legend(svg, layout, legend);
  return svg.finish();
}

// The series with the most threads (the first of them).
const SizeSeries& most_threads(const StudyPanel& panel) {
  return *std::ranges::max_element(panel.series, {}, &SizeSeries::threads);
}

// A panel's time, latency-aware and relative views.
std::string panel_charts(const StudyPanel& p, const std::string& device_title,
                         const roofline::Device& device) {
  std::string html = study_time_svg(panel_name(p) + " — " + device_title, p, device) + "\n";
  const std::string latency = study_latency_svg(
      panel_name(p) + " against the latency-aware roof — " + device_title, p, device);
  if (!latency.empty()) html += latency + "\n";
  const std::string relative =
      study_relative_svg(panel_name(p) + " relative to the baseline — " + device_title, p);
  if (relative.empty())
    return html + "<p class=\"note\">" + escape_xml(panel_name(p)) +
           ": no baseline was run, so there is no relative view.</p>\n";
  return html + relative + "\n";
}

}  // namespace

std::vector<StudyPanel> study_panels(const std::vector<const roofline::Result*>& records) {
  std::vector<StudyPanel> panels;
  for (const roofline::Result* r : records) {
    if (!r->study || !r->ok() || !r->params.contains(r->study->param) ||
        r->params.contains("sweep"))
      continue;
    const roofline::SizeStudy& study = *r->study;
    const std::string panel_value = study.panel.empty() || !r->params.contains(study.panel)
                                        ? std::string()
                                        : r->params.at(study.panel).get<std::string>();
    // By the data's type: cuBLAS's DGEMM on the FP64 tensor cores is in the panel of the fp64
    // kernels it is the baseline of.
    const roofline::Precision data = roofline::data_precision(r->work.precision);
    auto panel = std::find_if(panels.begin(), panels.end(), [&](const StudyPanel& p) {
      return p.family == r->family && p.panel == panel_value && p.precision == data;
    });
    if (panel == panels.end())
      panel = panels.insert(panels.end(), {r->family, study, panel_value, data, {}});
    // An imported benchmark's sizes are runs of different names; they name their line.
    const std::string name = r->params.value("series", r->variant);
    auto s = std::find_if(panel->series.begin(), panel->series.end(),
                          [&](const SizeSeries& l) { return l.variant == name; });
    if (s == panel->series.end()) {
      s = panel->series.insert(panel->series.end(),
                               {name, study.baseline, r->params.value("threads", 0), {}, {}, {}});
    }
    s->size.push_back(r->params.at(study.param).get<double>());
    s->time.push_back(r->time->median);
    s->results.push_back(r);
  }
  for (StudyPanel& p : panels)
    for (SizeSeries& s : p.series) {
      std::vector<std::size_t> order(s.size.size());
      std::iota(order.begin(), order.end(), 0);
      std::sort(order.begin(), order.end(),
                [&](std::size_t a, std::size_t b) { return s.size[a] < s.size[b]; });
      SizeSeries sorted{s.variant, s.baseline, s.threads, {}, {}, {}};
      for (std::size_t i : order) {
        sorted.size.push_back(s.size[i]);
        sorted.time.push_back(s.time[i]);
        sorted.results.push_back(s.results[i]);
      }
      s = std::move(sorted);
    }
  // A family's panels together, families in order of first appearance.
  std::vector<std::string> families;
  for (const StudyPanel& p : panels)
    if (std::find(families.begin(), families.end(), p.family) == families.end())
      families.push_back(p.family);
  const auto rank = [&](const StudyPanel& p) {
    return std::find(families.begin(), families.end(), p.family) - families.begin();
  };
  std::stable_sort(panels.begin(), panels.end(),
                   [&](const StudyPanel& a, const StudyPanel& b) { return rank(a) < rank(b); });
  return panels;
}

std::optional<std::size_t> baseline_series(const StudyPanel& panel) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < panel.series.size(); ++i)
    if (panel.series[i].baseline &&
        (!best || panel.series[i].threads > panel.series[*best].threads))
      best = i;
  return best;
}

SizeSeries relative_to(const SizeSeries& s, const SizeSeries& baseline) {
  SizeSeries out{s.variant, s.baseline, s.threads, {}, {}, {}};
  for (std::size_t i = 0; i < s.size.size(); ++i) {
    const auto it = std::find(baseline.size.begin(), baseline.size.end(), s.size[i]);
    if (it == baseline.size.end()) continue;
    const double base = baseline.time[static_cast<std::size_t>(it - baseline.size.begin())];
    if (!(base > 0)) continue;
    out.size.push_back(s.size[i]);
    out.time.push_back(s.time[i] / base);
    out.results.push_back(s.results.at(i));
  }
  return out;
}

std::vector<double> latency_roof(const SizeSeries& s, const roofline::Device& device) {
  const auto latency = device.call_latency(s.threads);
  if (!latency) return {};
  const roofline::Roofline roofs = device.roofline(s.threads);
  std::vector<double> least;
  for (const roofline::Result* r : s.results) {
    const auto seconds = roofs.least_seconds(r->work, r->level, *latency);
    if (!seconds) return {};
    least.push_back(*seconds);
  }
  return least;
}

std::string study_time_svg(const std::string& title, const StudyPanel& panel,
                           const roofline::Device& device) {
  const SizeSeries& widest = most_threads(panel);
  SizeSeries roof{"latency-aware roof", false, widest.threads, {}, {}, {}};
  roof.time = latency_roof(widest, device);
  if (!roof.time.empty()) {
    roof.size = widest.size;
    if (widest.threads > 0) roof.variant += ", " + std::to_string(widest.threads) + " threads";
  }
  return lines_svg(
      title, "study-time", panel.series, title_case(panel.study.label), "Median time per call",
      [](double v) { return format_si(v, "s"); }, 0, baseline_series(panel), roof);
}

std::string study_latency_svg(const std::string& title, const StudyPanel& panel,
                              const roofline::Device& device) {
  std::vector<SizeSeries> efficiency;
  for (const SizeSeries& s : panel.series) {
    const std::vector<double> least = latency_roof(s, device);
    if (least.empty()) continue;
    SizeSeries e{s.variant, s.baseline, s.threads, s.size, {}, s.results};
    for (std::size_t i = 0; i < least.size(); ++i) e.time.push_back(least[i] / s.time[i]);
    efficiency.push_back(std::move(e));
  }
  if (efficiency.empty()) return {};
  std::optional<std::size_t> base;
  for (std::size_t i = 0; i < efficiency.size(); ++i)
    if (const auto b = baseline_series(panel);
        b && efficiency[i].variant == panel.series[*b].variant)
      base = i;
  return lines_svg(
      title, "study-latency", efficiency, title_case(panel.study.label),
      "Latency-aware roof / time (1 is the roof)", [](double v) { return format_percent(v); }, 1,
      base);
}

std::string study_relative_svg(const std::string& title, const StudyPanel& panel) {
  const std::optional<std::size_t> base = baseline_series(panel);
  if (!base) return {};
  std::vector<SizeSeries> relative;
  std::optional<std::size_t> relative_base;
  for (std::size_t i = 0; i < panel.series.size(); ++i) {
    SizeSeries r = relative_to(panel.series[i], panel.series[*base]);
    if (r.size.empty()) continue;
    if (i == *base) relative_base = relative.size();
    relative.push_back(std::move(r));
  }
  return lines_svg(
      title, "study-relative", relative, title_case(panel.study.label),
      "Time relative to " + panel.series[*base].variant + " (lower is faster)",
      [](double v) { return format_number(v) + "×"; }, 1, relative_base);
}

std::string study_section(const std::string& device_title,
                          const std::vector<const roofline::Result*>& records,
                          const roofline::Device& device) {
  const std::vector<StudyPanel> panels = study_panels(records);
  std::string html;
  // Per family: its heading, the charts of each panel that swept sizes, one note naming the
  // panels that did not, and what the device does not offer of it.
  for (std::size_t first = 0, end = 0; first < panels.size(); first = end) {
    const std::string& family = panels[first].family;
    for (end = first; end < panels.size() && panels[end].family == family;) ++end;
    html += "<h3>" + escape_xml(title_case(family)) + ": time against " +
            escape_xml(panels[first].study.label) + "</h3>\n";
    std::vector<std::string> unswept;
    for (std::size_t i = first; i < end; ++i) {
      const StudyPanel& p = panels[i];
      if (std::ranges::all_of(p.series, [](const SizeSeries& s) { return s.size.size() < 2; }))
        unswept.push_back((p.panel.empty() ? "" : p.panel + " · ") +
                          std::string(roofline::to_string(p.precision)));
      else
        html += panel_charts(p, device_title, device);
    }
    if (!unswept.empty())
      html += "<p class=\"note\">" + escape_xml(title_case(family)) +
              ": one size per variant in these results for " +
              escape_xml(roofline::joined(unswept)) + ", so no size study is drawn for " +
              (unswept.size() == 1 ? "it" : "them") + ".</p>\n";
    if (const auto it = device.not_offered.find(family); it != device.not_offered.end())
      for (const std::string& line : it->second)
        html += "<p class=\"note\">Not offered: " + escape_xml(line) + ".</p>\n";
  }
  return html;
}

}  // namespace reports
