#include "reports/sweep_chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

#include "reports/chart_frame.hpp"
#include "reports/format.hpp"
#include "roofline/stats.hpp"

namespace reports {
namespace {

constexpr const char* kCacheColour = "#888888";

}  // namespace

std::string SweepSeries::label() const {
  std::string text =
      kernel + " · " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
  if (!store.empty() && store != "temporal") text += " · " + store;
  return text;
}

std::vector<SweepSeries> sweep_series(const std::vector<roofline::SweepPoint>& sweep) {
  std::vector<SweepSeries> series;
  for (const roofline::SweepPoint& p : sweep) {
    if (p.bytes_per_s.empty() || !(p.working_set > 0)) continue;
    auto it = std::find_if(series.begin(), series.end(), [&](const SweepSeries& s) {
      return std::tie(s.kernel, s.threads, s.store) == std::tie(p.kernel, p.threads, p.store);
    });
    if (it == series.end()) {
      series.push_back({p.kernel, p.store, p.threads, {}, {}});
      it = series.end() - 1;
    }
    it->working_set.push_back(p.working_set);
    it->bandwidth.push_back(roofline::summarize(p.bytes_per_s).median);
  }
  for (SweepSeries& s : series) {
    std::vector<std::size_t> order(s.working_set.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return s.working_set[a] < s.working_set[b]; });
    SweepSeries sorted{s.kernel, s.store, s.threads, {}, {}};
    for (const std::size_t i : order) {
      sorted.working_set.push_back(s.working_set[i]);
      sorted.bandwidth.push_back(s.bandwidth[i]);
    }
    s = std::move(sorted);
  }
  return series;
}

std::vector<CacheMark> cache_marks(const roofline::Device& device) {
  std::vector<CacheMark> marks;
  const int threads = device.max_threads_measured();
  for (const roofline::Cache& c : device.caches) {
    if (!(c.size_bytes > 0)) continue;
    marks.push_back({c.level + " " + format_bytes(c.size_bytes), c.size_bytes});
    const double covered = c.capacity(threads);
    if (covered > c.size_bytes) {
      const int instances = static_cast<int>(std::lround(covered / c.size_bytes));
      marks.push_back(
          {c.level + " ×" + std::to_string(instances) + " " + format_bytes(covered), covered});
    }
  }
  return marks;
}

std::string sweep_svg(const std::string& title, const roofline::Device& device) {
  const std::vector<SweepSeries> series = sweep_series(device.sweep);
  if (series.empty()) return {};
  double ws_lo = series[0].working_set.front(), ws_hi = ws_lo;
  double bw_lo = series[0].bandwidth.front(), bw_hi = bw_lo;
  for (const SweepSeries& s : series) {
    ws_lo = std::min(ws_lo, s.working_set.front());
    ws_hi = std::max(ws_hi, s.working_set.back());
    for (const double b : s.bandwidth) {
      bw_lo = std::min(bw_lo, b);
      bw_hi = std::max(bw_hi, b);
    }
  }
  ChartLayout layout;
  std::vector<std::string> labels;
  for (const SweepSeries& s : series) labels.push_back(s.label());
  fit_legend(layout, labels, labels.size());
  const Box plot = layout.plot();
  const LogAxis x(ws_lo, ws_hi, plot.x, plot.x + plot.width, LogBase::binary);
  const LogAxis y(bw_lo, bw_hi, plot.y + plot.height, plot.y);

  Svg svg(layout.width, layout.height, {{"class", "chart sweep"}, {"font-family", "sans-serif"}});
  draw_title(svg, layout, title);
  draw_axes(svg, layout, {x, [](double v) { return format_bytes(v); }, "Working set", 11},
            {y, [](double v) { return format_si(v, "B/s"); }, "Bandwidth"});

  svg.open("g", {{"class", "caches"}, {"font-size", px(layout.font_size - 1)}});
  for (const CacheMark& m : cache_marks(device)) {
    if (!x.contains(m.bytes)) continue;
    const double cx = x.map(m.bytes);
    svg.element("line", {{"class", "cache"},
                         {"x1", px(cx)},
                         {"y1", px(plot.y)},
                         {"x2", px(cx)},
                         {"y2", px(plot.y + plot.height)},
                         {"stroke", kCacheColour},
                         {"stroke-dasharray", "2 3"}});
    svg.element("text",
                {{"class", "label cache-label"},
                 {"x", px(cx + 3)},
                 {"y", px(plot.y + 4)},
                 {"transform", "rotate(90 " + px(cx + 3) + " " + px(plot.y + 4) + ")"},
                 {"fill", kCacheColour}},
                m.label);
  }
  svg.close("g");

  std::vector<LegendEntry> legend;
  svg.open("g", {{"class", "series"}});
  for (std::size_t i = 0; i < series.size(); ++i) {
    const SweepSeries& s = series[i];
    const std::string colour = kSeriesColours[i % kSeriesColours.size()];
    const std::string dash = s.threads == 1 ? "5 3" : "none";
    std::string points;
    for (std::size_t k = 0; k < s.working_set.size(); ++k) {
      if (k > 0) points += ' ';
      points += px(x.map(s.working_set[k])) + "," + px(y.map(s.bandwidth[k]));
    }
    svg.open("polyline", {{"class", "sweep-line"},
                          {"points", points},
                          {"fill", "none"},
                          {"stroke", colour},
                          {"stroke-width", "1.8"},
                          {"stroke-dasharray", dash}});
    svg.element("title", {}, s.label());
    svg.close("polyline");
    // A polyline of one point draws nothing: a marker shows it, in the legend too.
    if (s.working_set.size() == 1) {
      svg.element("circle", {{"class", "sweep-point"},
                             {"cx", px(x.map(s.working_set[0]))},
                             {"cy", px(y.map(s.bandwidth[0]))},
                             {"r", "3"},
                             {"fill", colour}});
      legend.push_back(
          {s.label(), [colour](Svg& out, double cx, double cy) {
             out.element("circle", {{"cx", px(cx)}, {"cy", px(cy)}, {"r", "3"}, {"fill", colour}});
           }});
      continue;
    }
    legend.push_back({s.label(), legend_line(colour, dash)});
  }
  svg.close("g");
  draw_legend(svg, layout, legend);
  return svg.finish();
}

}  // namespace reports
