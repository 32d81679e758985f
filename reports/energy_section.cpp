#include "reports/energy_section.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "reports/chart_frame.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/html_table.hpp"
#include "roofline/energy.hpp"

namespace reports {
namespace {

using roofline::Precision;

// The arithmetic intensities the chart spans: 1/64 to 1024 FLOP/byte, sampled 8 to a factor of 2.
inline constexpr double kLowestAi = 1.0 / 64, kHighestAi = 1024;
inline constexpr int kSamplesPerOctave = 8;

// The outermost memory level with an energy ceiling: the one a kernel streaming its data pays.
std::optional<std::string> outermost_level(const roofline::Device& device) {
  std::optional<std::string> level;
  double slowest = 0;
  const roofline::Roofline roofs = device.roofline();
  for (const roofline::MemoryRoof& m : roofs.memory())
    if (roofline::joules_per_byte(device, m.level) && (!level || m.bytes_per_s < slowest)) {
      level = m.level;
      slowest = m.bytes_per_s;
    }
  return level;
}

// The precisions with an energy ceiling, in profile order.
std::vector<Precision> energy_precisions(const roofline::Device& device) {
  std::vector<Precision> out;
  if (!device.energy) return out;
  for (const roofline::ComputeEnergy& c : device.energy->compute)
    if (std::find(out.begin(), out.end(), c.precision) == out.end() &&
        roofline::joules_per_flop(device, c.precision))
      out.push_back(c.precision);
  return out;
}

std::string joules_text(double joules, const char* per) {
  return format_number(joules * 1e12) + " pJ/" + per;
}

std::vector<double> intensities() {
  std::vector<double> out;
  for (double ai = kLowestAi; ai <= kHighestAi * 1.0001; ai *= std::exp2(1.0 / kSamplesPerOctave))
    out.push_back(ai);
  return out;
}

struct Curve {
  std::string label, colour, dash;
  std::vector<std::pair<double, double>> points;  // (AI, FLOP/J)
};

}  // namespace

std::string energy_headline(const roofline::Device& device) {
  if (!device.energy) return "";
  const roofline::DeviceEnergy& e = *device.energy;
  if (!e.idle_w.value) return "energy not read: " + e.idle_w.unavailable;
  std::string text;
  const auto add = [&](const std::string& part) { text += (text.empty() ? "" : " · ") + part; };
  if (const auto j = roofline::joules_per_flop(device, Precision::fp32))
    add(joules_text(*j, "FLOP") + " fp32");
  if (const auto level = outermost_level(device))
    add(joules_text(*roofline::joules_per_byte(device, *level), "byte") + " at " + *level);
  add("idle " + format_number(*e.idle_w.value) + " W");
  add(e.power_cap_w.value ? "cap " + format_number(*e.power_cap_w.value) + " W"
                          : "cap not read: " + e.power_cap_w.unavailable);
  return text;
}

std::string energy_svg(const DeviceView& view) {
  const roofline::Device& device = view.device;
  const std::optional<std::string> level = outermost_level(device);
  const std::vector<Precision> precisions = energy_precisions(device);
  if (!level || precisions.empty()) return "";
  std::vector<Curve> curves;
  for (std::size_t i = 0; i < precisions.size(); ++i) {
    const std::string name(roofline::to_string(precisions[i]));
    const std::string colour = kSeriesColours[i % kSeriesColours.size()];
    Curve roof{name + " energy roof at " + *level, colour, "none", {}};
    Curve cap{name + " at the power cap", colour, kMemoryDash, {}};
    for (double ai : intensities()) {
      if (const auto v = roofline::energy_roof(device, precisions[i], *level, ai))
        roof.points.emplace_back(ai, *v);
      if (const auto v = roofline::power_cap_line(device, precisions[i], *level, ai))
        cap.points.emplace_back(ai, *v);
    }
    for (Curve* c : {&roof, &cap})
      if (!c->points.empty()) curves.push_back(std::move(*c));
  }
  struct Dot {
    double ai, flops_per_joule;
    std::string label;
  };
  std::vector<Dot> dots;
  for (const roofline::Result* r : view.records)
    if (const auto fpj = roofline::flops_per_joule(*r); fpj && r->ok() && r->placement)
      dots.push_back({r->placement->ai, *fpj, r->variant + " " + result_key(*r)});
  double lo = INFINITY, hi = 0, ai_lo = kLowestAi, ai_hi = kHighestAi;
  for (const Curve& c : curves)
    for (const auto& [ai, v] : c.points) lo = std::min(lo, v), hi = std::max(hi, v);
  for (const Dot& d : dots) {
    lo = std::min(lo, d.flops_per_joule), hi = std::max(hi, d.flops_per_joule);
    ai_lo = std::min(ai_lo, d.ai), ai_hi = std::max(ai_hi, d.ai);
  }
  if (!(lo > 0) || !(hi >= lo)) return "";
  ChartLayout layout;
  std::vector<std::string> labels;
  for (const Curve& c : curves) labels.push_back(c.label);
  if (!dots.empty()) labels.push_back("results (whole energy)");
  fit_legend(layout, labels, labels.size());
  const Box plot = layout.plot();
  const LogAxis x(ai_lo, ai_hi, plot.x, plot.x + plot.width);
  const LogAxis y(lo, hi, plot.y + plot.height, plot.y);
  Svg svg(layout.width, layout.height, {{"class", "chart energy"}, {"font-family", "sans-serif"}});
  draw_title(svg, layout, "Energy roofline: " + device_title(view));
  draw_axes(svg, layout,
            {x, [](double v) { return format_number(v); }, "Arithmetic intensity (FLOP/byte)"},
            {y, [](double v) { return format_si(v, "FLOP/J"); }, "Energy efficiency"});
  std::vector<LegendEntry> legend;
  svg.open("g", {{"class", "energy-roofs"}});
  for (const Curve& c : curves) {
    std::string points;
    for (const auto& [ai, v] : c.points)
      points += (points.empty() ? "" : " ") + px(x.map(ai)) + "," + px(y.map(v));
    svg.open("polyline", {{"class", "energy-roof"},
                          {"points", points},
                          {"fill", "none"},
                          {"stroke", c.colour},
                          {"stroke-width", "1.8"},
                          {"stroke-dasharray", c.dash}});
    svg.element("title", {}, c.label);
    svg.close("polyline");
    legend.push_back({c.label, legend_line(c.colour, c.dash)});
  }
  svg.close("g");
  svg.open("g", {{"class", "energy-points"}});
  for (const Dot& d : dots) {
    svg.open("circle", {{"class", "energy-point"},
                        {"cx", px(x.map(d.ai))},
                        {"cy", px(y.map(d.flops_per_joule))},
                        {"r", "4"},
                        {"fill", "#333"}});
    svg.element("title", {}, d.label + ": " + format_si(d.flops_per_joule, "FLOP/J"));
    svg.close("circle");
  }
  svg.close("g");
  if (!dots.empty())
    legend.push_back(
        {"results (whole energy)", [](Svg& out, double cx, double cy) {
           out.element("circle", {{"cx", px(cx)}, {"cy", px(cy)}, {"r", "4"}, {"fill", "#333"}});
         }});
  draw_legend(svg, layout, legend);
  return svg.finish();
}

std::string energy_html(const DeviceView& view) {
  const roofline::Device& device = view.device;
  const std::string headline = energy_headline(device);
  if (headline.empty()) return "";
  std::string html = "<h3>Energy</h3>\n<p><b>" + escape_xml(headline) + "</b></p>\n";
  if (!device.energy->idle_w.value) return html;
  html +=
      "<p class=\"note\">Each energy ceiling is its probe kernel's whole energy less the idle "
      "power (a quiet interval before the probe) over its seconds, per FLOP or byte of its work, "
      "from its kernel run back to back for seconds where the probe ran its energy pass "
      "(docs/methodology.md). The energy roof is 1 / (ε<sub>FLOP</sub> + ε<sub>byte</sub> / AI + "
      "P<sub>idle</sub> / attainable(AI)); the dashed line is the attainable rate drawing the "
      "whole "
      "power cap, the least a kernel on the roof reaches. Results are their whole energy over "
      "their FLOPs.</p>\n" +
      energy_svg(view);
  std::vector<std::vector<Cell>> rows;
  // A disturbed window is flagged with why: its clocks were held down while it ran.
  const auto row = [&](const std::string& name, int threads, const std::string& method,
                       double beyond_idle, double whole, const char* per, double watts,
                       const std::string& disturbed) {
    rows.push_back(
        {{name, "", method},
         {std::to_string(threads), "num"},
         num(joules_text(beyond_idle, per), beyond_idle),
         num(whole > 0 ? joules_text(whole, per) : "—",
             whole > 0 ? std::optional<double>(whole) : std::nullopt),
         num(format_number(watts) + " W", watts),
         {disturbed.empty() ? "—" : "disturbed", disturbed.empty() ? "" : "warn", disturbed}});
  };
  for (const roofline::ComputeEnergy& c : device.energy->compute)
    row(std::string(roofline::to_string(c.precision)) + " " + c.path, c.threads, c.method,
        c.joules_per_flop, c.whole_joules_per_flop, "FLOP", c.watts, c.disturbed);
  for (const roofline::MemoryEnergy& m : device.energy->memory)
    row(m.level + " " + m.kernel, m.threads, m.method, m.joules_per_byte, m.whole_joules_per_byte,
        "byte", m.watts, m.disturbed);
  if (!rows.empty())
    html += html_table({"Energy ceiling", "Threads", "Beyond idle", "In all (static included)",
                        "Power while it ran", "Clocks"},
                       rows, "energy");
  rows.clear();
  for (const roofline::Result* r : view.records) {
    const auto fpj = roofline::flops_per_joule(*r);
    if (!fpj || !r->ok()) continue;
    const auto share = roofline::energy_efficiency(*r, device);
    rows.push_back({{r->family + " " + r->variant},
                    {params_text(r->params), "params"},
                    num(format_si(*fpj, "FLOP/J"), *fpj),
                    num(format_number(r->sensors->mean_power_w().value.value_or(0)) + " W"),
                    num(share ? format_percent(*share) : "—", share)});
  }
  if (!rows.empty())
    html += html_table(
        {"Result", "Parameters", "Energy efficiency", "Mean power", "Of the energy roof"}, rows,
        "energy-results");
  return html;
}

}  // namespace reports
