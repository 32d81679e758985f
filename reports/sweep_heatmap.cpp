#include "reports/sweep_heatmap.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/size_study.hpp"
#include "reports/svg.hpp"

namespace reports {
namespace {

// Viridis at five stops (matplotlib's colormap, sampled at 0, 0.25, 0.5, 0.75, 1).
constexpr std::array<std::array<double, 3>, 5> kViridis = {
    {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};

// Layout: a title line, column labels above the grid, row labels to its left, the colour bar
// below it.
constexpr double kCellWidth = 84, kCellHeight = 40, kLeft = 120, kTop = 64, kRight = 24;
constexpr double kBarHeight = 12, kBottom = 100, kFontSize = 11, kIntervalFontSize = 9;

// A point of its family's declared sweep, with every parameter the map reads.
bool is_sweep_point(const roofline::Result& r) {
  if (!r.study || r.study->sweep_rows.empty() || r.study->sweep_columns.empty() ||
      !r.params.contains("sweep"))
    return false;
  for (const std::string& name :
       {r.study->sweep_rows, r.study->sweep_columns, r.study->param, r.study->panel})
    if (!name.empty() && !r.params.contains(name)) return false;
  return true;
}

std::string panel_of(const roofline::Result& r) {
  return r.study->panel.empty() ? std::string() : r.params.at(r.study->panel).get<std::string>();
}

void insert_sorted(std::vector<int>& values, int v) {
  const auto it = std::lower_bound(values.begin(), values.end(), v);
  if (it == values.end() || *it != v) values.insert(it, v);
}

}  // namespace

std::optional<std::pair<std::size_t, std::size_t>> SweepHeatmap::best() const {
  std::optional<std::pair<std::size_t, std::size_t>> out;
  double top = 0;
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < columns.size(); ++c)
      if (const auto& b = at(r, c).bandwidth; b && *b > top) {
        top = *b;
        out = {r, c};
      }
  return out;
}

bool SweepHeatmap::tied_with_best(std::size_t row, std::size_t column) const {
  const auto top = best();
  const HeatmapCell& cell = at(row, column);
  if (!top || !cell.bandwidth) return false;
  return cell.interval.second >= at(top->first, top->second).interval.first;
}

std::vector<SweepHeatmap> sweep_heatmaps(const std::vector<const roofline::Result*>& records) {
  std::vector<SweepHeatmap> maps;
  const auto map_of = [&](const roofline::Result& r) {
    const std::string panel = panel_of(r);
    auto m = std::find_if(maps.begin(), maps.end(), [&](const SweepHeatmap& h) {
      return h.family == r.family && h.panel == panel && h.precision == r.work.precision;
    });
    if (m == maps.end())
      m = maps.insert(maps.end(), {r.family, *r.study, panel, r.work.precision, 0, {}, {}, {}});
    return m;
  };
  const auto axes = [](const roofline::Result& r) {
    return std::pair{r.params.at(r.study->sweep_rows).get<int>(),
                     r.params.at(r.study->sweep_columns).get<int>()};
  };
  // First the axes and the largest size of each map, then the cells at that size.
  for (const roofline::Result* r : records) {
    if (!is_sweep_point(*r)) continue;
    auto m = map_of(*r);
    m->size = std::max(m->size, r->params.at(r->study->param).get<double>());
    const auto [row, column] = axes(*r);
    insert_sorted(m->rows, row);
    insert_sorted(m->columns, column);
  }
  for (SweepHeatmap& m : maps) m.cells.assign(m.rows.size() * m.columns.size(), {});
  for (const roofline::Result* r : records) {
    if (!is_sweep_point(*r)) continue;
    auto m = map_of(*r);
    if (r->params.at(r->study->param).get<double>() != m->size) continue;
    const auto [row_value, column_value] = axes(*r);
    const auto row = std::lower_bound(m->rows.begin(), m->rows.end(), row_value) - m->rows.begin();
    const auto column =
        std::lower_bound(m->columns.begin(), m->columns.end(), column_value) - m->columns.begin();
    HeatmapCell& cell = m->cells[row * m->columns.size() + column];
    cell.measured = true;
    cell.variant = r->variant;
    if (r->ok() && r->time->median > 0) {
      cell.bandwidth = r->work.bytes / r->time->median;
      const auto [fast, slow] = time_interval(*r);
      cell.interval = {r->work.bytes / slow, r->work.bytes / fast};
    }
  }
  return maps;
}

std::string heat_colour(double fraction) {
  const double f = std::clamp(std::isfinite(fraction) ? fraction : 0.0, 0.0, 1.0);
  const double scaled = f * (kViridis.size() - 1);
  const auto i = std::min(static_cast<std::size_t>(scaled), kViridis.size() - 2);
  const double t = scaled - static_cast<double>(i);
  char hex[8];
  int rgb[3];
  for (int k = 0; k < 3; ++k)
    rgb[k] =
        static_cast<int>(std::lround(kViridis[i][k] + t * (kViridis[i + 1][k] - kViridis[i][k])));
  std::snprintf(hex, sizeof hex, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
  return hex;
}

std::string sweep_heatmap_svg(const std::string& title, const SweepHeatmap& map) {
  if (map.rows.empty() || map.columns.empty()) return {};
  double lo = INFINITY, hi = 0;
  for (const HeatmapCell& c : map.cells)
    if (c.bandwidth) {
      lo = std::min(lo, *c.bandwidth);
      hi = std::max(hi, *c.bandwidth);
    }
  const auto fraction = [&](double b) { return hi > lo ? (b - lo) / (hi - lo) : 1.0; };
  const double grid_width = kCellWidth * map.columns.size();
  const double grid_height = kCellHeight * map.rows.size();
  const double width = kLeft + grid_width + kRight, height = kTop + grid_height + kBottom;

  Svg svg(width, height, {{"class", "chart sweep-heatmap"}, {"font-family", "sans-serif"}});
  svg.element("text",
              {{"x", px(width / 2)}, {"y", "18"}, {"text-anchor", "middle"}, {"font-size", "13"}},
              title);
  svg.element("text",
              {{"x", px(kLeft + grid_width / 2)},
               {"y", "38"},
               {"text-anchor", "middle"},
               {"font-size", px(kFontSize)}},
              title_case(map.study.sweep_columns));
  svg.element("text",
              {{"x", "14"},
               {"y", px(kTop + grid_height / 2)},
               {"text-anchor", "middle"},
               {"font-size", px(kFontSize)},
               {"transform", "rotate(-90 14 " + px(kTop + grid_height / 2) + ")"}},
              title_case(map.study.sweep_rows));
  for (std::size_t c = 0; c < map.columns.size(); ++c)
    svg.element("text",
                {{"x", px(kLeft + (c + 0.5) * kCellWidth)},
                 {"y", px(kTop - 8)},
                 {"text-anchor", "middle"},
                 {"font-size", px(kFontSize)}},
                std::to_string(map.columns[c]));
  for (std::size_t r = 0; r < map.rows.size(); ++r)
    svg.element("text",
                {{"x", px(kLeft - 8)},
                 {"y", px(kTop + (r + 0.5) * kCellHeight + 4)},
                 {"text-anchor", "end"},
                 {"font-size", px(kFontSize)}},
                std::to_string(map.rows[r]));

  const auto best = map.best();
  svg.open("g", {{"class", "heatmap-cells"}});
  for (std::size_t r = 0; r < map.rows.size(); ++r)
    for (std::size_t c = 0; c < map.columns.size(); ++c) {
      const HeatmapCell& cell = map.at(r, c);
      const double x = kLeft + c * kCellWidth, y = kTop + r * kCellHeight;
      const bool top = best && best->first == r && best->second == c;
      const bool tied = !top && map.tied_with_best(r, c);
      std::string text = "not run", fill = "#ffffff", ink = "#555555", css = "cell missing";
      std::string spread;  // the interval's larger half-width, relative to the median
      if (cell.bandwidth) {
        const double f = fraction(*cell.bandwidth);
        text = format_si(*cell.bandwidth, "B/s");
        const double half =
            std::max(cell.interval.second - *cell.bandwidth, *cell.bandwidth - cell.interval.first);
        spread = "±" + format_number(100 * half / *cell.bandwidth, 2) + "%";
        fill = heat_colour(f);
        ink = f > 0.6 ? "#000000" : "#ffffff";  // legible on the light and the dark end
        css = top ? "cell best" : tied ? "cell tied" : "cell";
      } else if (cell.measured) {
        text = "failed";
        fill = "#dddddd";
        css = "cell failed";
      }
      svg.open("g", {{"class", css}});
      const std::string interval = cell.bandwidth
                                       ? ", 95% interval " + format_si(cell.interval.first, "B/s") +
                                             " to " + format_si(cell.interval.second, "B/s") +
                                             (tied ? ", overlapping the best's" : "")
                                       : "";
      svg.element("title", {},
                  (cell.variant.empty() ? "" : cell.variant + ": ") + text + interval + " (" +
                      map.study.sweep_rows + " " + std::to_string(map.rows[r]) + ", " +
                      map.study.sweep_columns + " " + std::to_string(map.columns[c]) + ")");
      std::vector<Attr> frame = {{"x", px(x)},
                                 {"y", px(y)},
                                 {"width", px(kCellWidth)},
                                 {"height", px(kCellHeight)},
                                 {"fill", fill},
                                 {"stroke", top || tied ? "#d62728" : "#ffffff"},
                                 {"stroke-width", top    ? "3"
                                                  : tied ? "2"
                                                         : "1"}};
      if (tied) frame.push_back({"stroke-dasharray", "4 3"});
      svg.element("rect", frame);
      svg.element("text",
                  {{"x", px(x + kCellWidth / 2)},
                   {"y", px(y + (spread.empty() ? kCellHeight / 2 + 4 : 17))},
                   {"text-anchor", "middle"},
                   {"font-size", px(kFontSize)},
                   {"fill", ink}},
                  text);
      if (!spread.empty())
        svg.element("text",
                    {{"class", "interval"},
                     {"x", px(x + kCellWidth / 2)},
                     {"y", px(y + 31)},
                     {"text-anchor", "middle"},
                     {"font-size", px(kIntervalFontSize)},
                     {"fill", ink}},
                    spread);
      svg.close("g");
    }
  svg.close("g");

  // The colour bar: the map's range, dark (lowest) to light (highest).
  const double bar_y = kTop + grid_height + 30;
  svg.open("g", {{"class", "colour-bar"}});
  constexpr int kSteps = 20;
  for (int i = 0; i < kSteps; ++i)
    svg.element("rect", {{"x", px(kLeft + grid_width * i / kSteps)},
                         {"y", px(bar_y)},
                         {"width", px(grid_width / kSteps + 0.5)},
                         {"height", px(kBarHeight)},
                         {"fill", heat_colour((i + 0.5) / kSteps)}});
  if (hi > 0) {
    svg.element(
        "text",
        {{"x", px(kLeft)}, {"y", px(bar_y + kBarHeight + 14)}, {"font-size", px(kFontSize)}},
        format_si(lo, "B/s"));
    svg.element("text",
                {{"x", px(kLeft + grid_width)},
                 {"y", px(bar_y + kBarHeight + 14)},
                 {"text-anchor", "end"},
                 {"font-size", px(kFontSize)}},
                format_si(hi, "B/s"));
  }
  svg.element("text",  // below the range's ends, which it would run into on a narrow map
              {{"x", px(kLeft + grid_width / 2)},
               {"y", px(bar_y + kBarHeight + 30)},
               {"text-anchor", "middle"},
               {"font-size", px(kFontSize)}},
              "bandwidth: declared bytes / median time, ± its 95% interval; best outlined, "
              "dashed: interval overlaps the best's");
  svg.close("g");
  return svg.finish();
}

std::string sweep_heatmap_section(const std::string& device_title,
                                  const std::vector<const roofline::Result*>& records) {
  const std::vector<SweepHeatmap> maps = sweep_heatmaps(records);
  std::string html;
  for (std::size_t i = 0; i < maps.size(); ++i) {
    const SweepHeatmap& m = maps[i];
    if (i == 0 || maps[i - 1].family != m.family)
      html += "<h3>" +
              escape_xml(title_case(m.family) + ": " + words(m.study.sweep_rows) + " × " +
                         words(m.study.sweep_columns)) +
              "</h3>\n";
    html +=
        sweep_heatmap_svg(title_case(m.family) + (m.panel.empty() ? "" : " " + m.panel) + " · " +
                              std::string(roofline::to_string(m.precision)) + " at " +
                              m.study.param + " = " + format_exact(m.size) + " — " + device_title,
                          m) +
        "\n";
  }
  return html;
}

}  // namespace reports
